import type { AppInfo, IpcErrorCode, SessionExpired, SessionInfo } from '../../shared/ipc'
import { ApiClient } from '../core/api/api-client'
import { cacheForSync, cacheKeyFor, openCache } from '../core/cache'
import type { OfflineCache } from '../core/cache'
import type { FetchLike, RetryPolicy } from '../core/api/http'
import { PerkPackError, SignInRequired } from '../core/system/perkpack-errors'
import { cacheProfile, readSettings, resolveTarget, settingsProblem } from '../core/session/profile'
import type { CredentialTarget, TargetHosts } from '../core/session/profile'
import { describeError } from '../core/system/redact'
import type { SecretStore } from '../core/session/secrets'
import { Session } from '../core/session/api-session'
import { USER_AGENT, VERSION } from '../core/system/version'

/** The demo's cache never mixes with a real host's, and starts empty each run. */
export const DEMO_PROFILE = 'demo'

export interface ConnectionOptions {
  /** Settings, caches: Electron's userData, or PERKPACK_DATA_DIR. */
  dataDir: string
  env: Record<string, string | undefined>
  /** Reports to the network monitor. */
  fetch: FetchLike
  /** The OS keychain (or memory); `onFallback` says when the keychain failed. */
  keychain: (onFallback: (message: string) => void) => SecretStore
  retry?: Partial<RetryPolicy>
  harness: boolean
  log: (line: string) => void
  now: () => number
  /** A person's request found the session expired: the renderer asks for the password. */
  expired: (event: SessionExpired) => void
  /** Runs before the host's cache closes: what the features hold of it goes. */
  leavingHost: () => void
  /** Signed in (again): background work that needs the API picks up. */
  signedIn: () => void
}

/**
 * Where PerkPack talks to and as whom: the API host, the Session, the ApiClient over it and the
 * host's offline cache. Sign-in, sign-out, the demo and new URLs swap them here, and the
 * features reach them only through here, so none keeps a client or a cache of a host it left.
 * Tokens stay in the Session (and the keychain); what leaves is SessionInfo.
 */
export class Connection {
  readonly keychain: SecretStore
  private current: TargetHosts
  private currentSession: Session
  private currentClient: ApiClient
  private cacheHandle: OfflineCache | null = null
  /** The current profile's cache key, or why it could not be had (see unlockCache). */
  private cacheKey: { profile: string; key: string } | { profile: string; error: unknown } | null =
    null
  private unlocking: Promise<void> = Promise.resolve()
  /** The demo's own secret store while the demo runs (its tokens are this run's only). */
  private demoStore: SecretStore | null = null
  private storeWarning: string | null = null
  /** Read at start, before a save can replace the damaged file: said for the whole run. */
  private readonly settingsWarning: string | null
  private expiredPending = false
  private isClosed = false

  constructor(private readonly options: ConnectionOptions) {
    this.settingsWarning = settingsProblem(options.dataDir)
    if (this.settingsWarning) options.log(this.settingsWarning)
    this.keychain = options.keychain((message) => {
      this.storeWarning = message
      options.log(message)
    })
    // A bad PERKPACK_BASE_URL throws: the person who set it wants to know, before any window opens.
    this.current = this.persistentTarget()
    this.currentSession = this.newSession(this.current, this.rememberedEmail())
    this.currentClient = this.newClient()
  }

  get target(): TargetHosts {
    return this.current
  }

  get session(): Session {
    return this.currentSession
  }

  get client(): ApiClient {
    return this.currentClient
  }

  get inDemo(): boolean {
    return this.demoStore !== null
  }

  get closed(): boolean {
    return this.isClosed
  }

  rememberedEmail(): string | null {
    return readSettings(this.options.dataDir).email
  }

  /** Where the app points when no demo is running: environment, then Settings, then production. */
  persistentTarget(): TargetHosts {
    const { baseUrl, authUrl, source } = resolveTarget(this.options.dataDir, this.options.env)
    return { baseUrl, authUrl, source }
  }

  /** A session bound to `target`: its tokens are kept for, and sent to, that API host only. */
  newSession(target: CredentialTarget, email: string | null, store = this.keychain): Session {
    return new Session({
      fetch: this.options.fetch,
      store,
      baseUrl: target.baseUrl,
      authUrl: target.authUrl,
      email,
      userAgent: USER_AGENT,
      now: this.options.now,
    })
  }

  private newClient(): ApiClient {
    const { log, retry } = this.options
    return new ApiClient({
      baseUrl: this.current.baseUrl,
      session: this.currentSession,
      fetch: this.options.fetch,
      userAgent: USER_AGENT,
      now: this.options.now,
      ...(retry ? { retry } : {}),
      onRetry: (info) =>
        log(`retry ${info.attempt} of ${info.endpoint} in ${info.delayMs} ms: ${info.reason}`),
    })
  }

  profile(): string {
    return this.inDemo ? DEMO_PROFILE : cacheProfile(this.current.baseUrl)
  }

  /**
   * Reads (or makes) the current profile's cache key from the secret store. The store is
   * asynchronous and cache() is not: every IPC call, resume and sign-in awaits this first.
   * One at a time: two first calls at once would each make a key, and a file encrypted with
   * the one the store did not keep would be unreadable after a restart. Never throws: a
   * failure is what cache() then throws.
   */
  unlockCache(): Promise<void> {
    this.unlocking = this.unlocking.then(() => this.loadCacheKey())
    return this.unlocking
  }

  private async loadCacheKey(): Promise<void> {
    const profile = this.profile()
    if (this.cacheKey?.profile === profile && 'key' in this.cacheKey) return
    const store = this.demoStore ?? this.keychain
    const unlocked = await cacheKeyFor(store, profile, this.options.env, this.options.dataDir).then(
      (key) => ({ profile, key }),
      (error: unknown) => ({ profile, error }),
    )
    if (this.profile() === profile) this.cacheKey = unlocked
  }

  /** Sign-out erased the key: the next open makes a new one. */
  forgetCacheKey(): void {
    this.cacheKey = null
  }

  cache(): OfflineCache {
    if (this.isClosed) throw new PerkPackError('closing', 'PerkPack is closing.')
    if (this.cacheHandle) return this.cacheHandle
    const profile = this.profile()
    const unlocked = this.cacheKey?.profile === profile ? this.cacheKey : null
    // Only a request racing a switch of host gets here: the next one finds the key.
    if (unlocked === null) {
      throw new PerkPackError('cache_busy', 'The offline copy is being opened; try again.')
    }
    if ('error' in unlocked) throw unlocked.error
    this.cacheHandle = openCache({ dataDir: this.options.dataDir, profile, key: unlocked.key })
    return this.cacheHandle
  }

  /**
   * The cache for a sync. One this computer's key cannot read (cache_key_mismatch, whose
   * message offers a sync) is set aside under another name, not deleted, and the sync starts
   * an empty one.
   */
  cacheForSync(): OfflineCache {
    return cacheForSync(
      () => this.cache(),
      this.options.dataDir,
      this.profile(),
      (aside) =>
        this.options.log(`the offline copy could not be read with this computer's key: ${aside}`),
    )
  }

  /** Leaves the current host: the features let go of it, then its cache closes. */
  leaveHost(): void {
    this.options.leavingHost()
    this.cacheHandle?.close()
    this.cacheHandle = null
  }

  /**
   * From here on `target` as `session`; `demoStore` while the demo runs. Synchronous, so no
   * request can open the wrong host's cache in between; the caller left the host first.
   */
  switchTo(target: TargetHosts, session: Session, demoStore: SecretStore | null = null): void {
    this.demoStore = demoStore
    this.current = target
    this.currentSession = session
    this.currentClient = this.newClient()
    this.expiredPending = false
  }

  /** Points the app at another host (or the same host's other sign-in service). */
  async retarget(target: TargetHosts): Promise<void> {
    const leavingDemo = this.inDemo
    const hostChanged = leavingDemo || target.baseUrl !== this.current.baseUrl
    const authChanged = leavingDemo || target.authUrl !== this.current.authUrl
    if (hostChanged) this.leaveHost()
    this.demoStore = null
    this.current = target
    // Credentials belong to the (API host, auth host) pair: a new host of either kind means
    // another keychain entry, so the old host's tokens are never sent to the new one.
    if (hostChanged || authChanged) {
      this.currentSession = this.newSession(target, this.rememberedEmail())
      this.expiredPending = false
    }
    this.currentClient = this.newClient()
    if (hostChanged || authChanged) await this.resume()
  }

  /** Signed in with the password again: the expiry question is answered. */
  renewed(): void {
    this.expiredPending = false
    this.options.signedIn()
  }

  /**
   * Picks up where the last run (or host) stopped when signed in there. A damaged cache or a
   * locked keychain must not keep the window from opening: the views say so later.
   */
  async resume(): Promise<void> {
    await this.unlockCache()
    try {
      if ((await this.currentSession.status()).signedIn) this.options.signedIn()
    } catch (error) {
      this.options.log(`could not resume the watched jobs: ${describeError(error)}`)
    }
  }

  appInfo(): AppInfo {
    return {
      name: 'PerkPack',
      version: VERSION,
      baseUrl: this.current.baseUrl,
      authUrl: this.current.authUrl,
      source: this.current.source,
      harness: this.options.harness,
    }
  }

  async sessionInfo(): Promise<SessionInfo> {
    const status = await this.currentSession.status()
    return {
      signedIn: status.signedIn,
      email: status.email,
      privileged: status.privileged,
      expiresAt: status.expiresAt,
      demo: this.inDemo,
      secretStore: (this.demoStore ?? this.keychain).description,
      secretStoreWarning: this.storeWarning,
      settingsWarning: this.settingsWarning,
    }
  }

  /**
   * What a SignInRequired means here. Only for an e-mail sign-in that still holds its API token
   * is it an expired session that the password cures ('sign_in_required', and the renderer is
   * told with session:expired so it can ask and retry). Without an e-mail the person must sign
   * in again as a team member; without an API token they are not signed in at all.
   */
  async noteError(error: unknown, background = false): Promise<IpcErrorCode | null> {
    if (!(error instanceof SignInRequired)) return null
    const session = this.currentSession
    const stored = await session.credentials().catch(() => null)
    if (!stored?.apiToken) return 'not_signed_in'
    if (!session.privileged) return 'team_sign_in_required'
    // Background polls ask once, not once per job; a person's own request always asks.
    if (session === this.currentSession && !(background && this.expiredPending)) {
      this.expiredPending = true
      this.options.expired({ email: session.email, message: error.message })
    }
    return 'sign_in_required'
  }

  /** Quitting: nothing opens a cache again. */
  close(): void {
    this.leaveHost()
    this.isClosed = true
  }
}

import { ApiClient } from '../main/core/api/api-client'
import { cacheForSync, cacheKeyFor, eraseOfflineCopies, openCache } from '../main/core/cache'
import type { OfflineCache } from '../main/core/cache'
import { UsageError } from '../main/core/system/perkpack-errors'
import {
  cacheProfile,
  dataDirFor,
  keychainAccount,
  readSettings,
  resolveTarget,
  sameTarget,
  settingsProblem,
} from '../main/core/session/profile'
import type { Target } from '../main/core/session/profile'
import { KeychainSecretStore, MemorySecretStore } from '../main/core/session/secrets'
import type { SecretStore } from '../main/core/session/secrets'
import { Session } from '../main/core/session/api-session'
import type { StoredCredentials } from '../main/core/session/api-session'
import { USER_AGENT } from '../main/core/system/version'
import { CampaignNames } from '../main/core/session/campaign-names'
import { canPrompt, prompt } from './io'
import type { CliIo } from './io'

export interface GlobalFlags {
  baseUrl?: string | undefined
  authUrl?: string | undefined
  dataDir?: string | undefined
  debug?: boolean | undefined
}

export const UNPRIVILEGED_NOTE =
  'Signed in with an API token only: e-mails and shipping addresses are hidden. Set PERKPACK_EMAIL and PERKPACK_PASSWORD (or run `perkpack login` with your e-mail) to see them.'

export class CliContext {
  readonly target: Target
  private keychain: SecretStore | null = null
  private cacheHandle: OfflineCache | null = null
  private cacheKey: string | null = null

  constructor(
    readonly io: CliIo,
    readonly flags: GlobalFlags,
  ) {
    this.target = resolveTarget(dataDirFor(flags, io.env), io.env, flags)
    // Said before any command: a team store lost with the file means packing on this desk alone.
    const problem = settingsProblem(this.target.dataDir)
    if (problem) this.warn(problem)
  }

  warn(message: string): void {
    this.io.stderr.write(`perkpack: ${message}\n`)
  }

  /** The OS keychain, or memory when PERKPACK_SECRET_STORE=memory (tests, throwaway machines). */
  secretStore(): SecretStore {
    if (!this.keychain) {
      this.keychain =
        this.io.env.PERKPACK_SECRET_STORE === 'memory'
          ? new MemorySecretStore()
          : new KeychainSecretStore({ onFallback: (message) => this.warn(message) })
    }
    return this.keychain
  }

  /**
   * The offline copy's key, shared with the app through the keychain (or PERKPACK_CACHE_KEY).
   * The secret store is asynchronous and cache() is not: main.ts awaits this before a command.
   */
  async unlockCache(): Promise<void> {
    this.cacheKey ??= await cacheKeyFor(
      this.secretStore(),
      cacheProfile(this.target.baseUrl),
      this.io.env,
      this.target.dataDir,
    )
  }

  cache(): OfflineCache {
    if (this.cacheKey === null) throw new Error('cache() before unlockCache()')
    this.cacheHandle ??= openCache({
      dataDir: this.target.dataDir,
      profile: cacheProfile(this.target.baseUrl),
      key: this.cacheKey,
    })
    return this.cacheHandle
  }

  /**
   * The cache for `sync`: one this computer's key cannot read (the re-sync its message offers)
   * is set aside under another name, said on stderr, and the sync fills an empty one.
   */
  cacheForSync(): OfflineCache {
    return cacheForSync(
      () => this.cache(),
      this.target.dataDir,
      cacheProfile(this.target.baseUrl),
      (aside) =>
        this.warn(`the offline copy could not be read with this computer's key; moved to ${aside}`),
    )
  }

  /**
   * Sign-out's erase: the keys of the offline copies first, then every cache file of every host
   * in the data directory; this host's campaign names too. Returns the data directory.
   */
  async eraseOfflineCopies(): Promise<string> {
    const profile = cacheProfile(this.target.baseUrl)
    this.close()
    await eraseOfflineCopies(this.secretStore(), this.target.dataDir, [profile])
    this.cacheKey = null
    this.campaignNames().forget()
    return this.target.dataDir
  }

  /** The names the app shows campaigns by (a rename in the app included), for this host. */
  campaignNames(): CampaignNames {
    const profile = cacheProfile(this.target.baseUrl)
    return new CampaignNames(this.target.dataDir, () => profile)
  }

  close(): void {
    this.cacheHandle?.close()
    this.cacheHandle = null
  }

  /** E-mail from the environment, else the one remembered at the last login. */
  rememberedEmail(): string | null {
    const fromEnv = this.io.env.PERKPACK_EMAIL?.trim()
    if (fromEnv) return fromEnv
    return readSettings(this.target.dataDir).email
  }

  /**
   * A session from PERKPACK_API_TOKEN / PERKPACK_EMAIL / PERKPACK_PASSWORD, else the keychain,
   * else a prompt on a terminal, else a usage error naming the missing variable.
   * With the token in the environment nothing is written to the keychain: scripted runs
   * leave no trace behind.
   */
  async session(): Promise<Session> {
    const env = this.io.env
    const email = this.rememberedEmail()
    const envToken = env.PERKPACK_API_TOKEN?.trim()
    const envPassword = env.PERKPACK_PASSWORD || undefined
    const common = {
      fetch: globalThis.fetch,
      baseUrl: this.target.baseUrl,
      authUrl: this.target.authUrl,
      email,
      userAgent: USER_AGENT,
    }

    if (envToken) {
      const memory = new MemorySecretStore()
      const stored: StoredCredentials = { apiToken: envToken }
      if (email && !envPassword) {
        const fromKeychain = await this.storedCredentials(email)
        if (fromKeychain?.accessToken) {
          stored.accessToken = fromKeychain.accessToken
          if (fromKeychain.accessTokenExpiresAt !== undefined) {
            stored.accessTokenExpiresAt = fromKeychain.accessTokenExpiresAt
          }
        }
      }
      await memory.set(keychainAccount(this.target, email), JSON.stringify(stored))
      const session = new Session({ ...common, store: memory, password: envPassword })
      await this.ensureAccess(session, Boolean(envPassword))
      return session
    }

    const session = new Session({ ...common, store: this.secretStore(), password: envPassword })
    const stored = await session.credentials()
    if (!stored?.apiToken) {
      const elsewhere = this.signInElsewhere()
      if (elsewhere !== null) {
        throw new UsageError(
          `The stored sign-in is for ${elsewhere}, not ${this.target.baseUrl}: its tokens are only sent there. Run \`perkpack login\` for this host, or pass the credentials in the environment (PERKPACK_API_TOKEN, PERKPACK_EMAIL, PERKPACK_PASSWORD).`,
        )
      }
      if (!canPrompt(this.io)) {
        throw new UsageError(
          'No API token: set PERKPACK_API_TOKEN (and PERKPACK_EMAIL, PERKPACK_PASSWORD for e-mails and addresses), or run `perkpack login` on a terminal.',
        )
      }
      await session.setApiToken(await prompt(this.io, 'API token: ', true))
    }
    await this.ensureAccess(session, Boolean(envPassword))
    return session
  }

  /** The API host of the last login when it is not this run's target (a flag or variable moved it). */
  private signInElsewhere(): string | null {
    const remembered = readSettings(this.target.dataDir)
    if (remembered.baseUrl === undefined || remembered.authUrl === undefined) return null
    const login = { baseUrl: remembered.baseUrl, authUrl: remembered.authUrl }
    return sameTarget(login, this.target) ? null : login.baseUrl
  }

  /** A session kept in the OS keychain (login, logout), without signing in yet. */
  keychainSession(email: string | null): Session {
    return new Session({
      fetch: globalThis.fetch,
      baseUrl: this.target.baseUrl,
      authUrl: this.target.authUrl,
      email,
      userAgent: USER_AGENT,
      store: this.secretStore(),
    })
  }

  private async storedCredentials(email: string): Promise<StoredCredentials | null> {
    return this.keychainSession(email).credentials()
  }

  /** A privileged session needs a live access token or a password to get one. */
  private async ensureAccess(session: Session, hasPassword: boolean): Promise<void> {
    if (!session.privileged || hasPassword) return
    const stored = await session.credentials()
    const live =
      stored?.accessToken &&
      (stored.accessTokenExpiresAt === undefined ||
        stored.accessTokenExpiresAt > Date.now() + 60_000)
    if (live) return
    if (!canPrompt(this.io)) {
      throw new UsageError(
        `No valid sign-in for ${session.email}: set PERKPACK_PASSWORD, or run \`perkpack login\` on a terminal.`,
      )
    }
    session.setPassword(await prompt(this.io, `Password for ${session.email}: `, true))
  }

  client(session: Session): ApiClient {
    return new ApiClient({
      baseUrl: this.target.baseUrl,
      session,
      fetch: globalThis.fetch,
      userAgent: USER_AGENT,
      onRetry: this.flags.debug
        ? (info) =>
            this.warn(
              `retry ${info.attempt} of ${info.endpoint} in ${info.delayMs} ms: ${info.reason}`,
            )
        : undefined,
    })
  }
}

import type { Signup } from '../shared/api/schemas'
import type { PrePrintCheck } from '../shared/export/checks'
import type {
  AccountContributionsView,
  AppInfo,
  AppSettings,
  CampaignSummary,
  CsvExportResult,
  ExcelExportResult,
  IpcErrorCode,
  IpcEventName,
  IpcEvents,
  LabelsPreview,
  LabelsRequest,
  NetworkStatus,
  OrderDetail,
  OrdersFilter,
  OrdersQueryResult,
  OrdersSnapshot,
  OrderRow,
  OrderRowsRequest,
  ProblemRowsView,
  SelectionRequest,
  SessionInfo,
  ShipperCsvFormat,
  SignInInput,
  SlipsRequest,
  SignupsResult,
  ShrinkChoice,
  ShrinkPending,
  SyncRequest,
  SyncSummary,
  WatchedJob,
} from '../shared/ipc'
import type { Simulator, SimulatorOptions } from '../simulator'
import { normalizeUrl, resolveAppTarget } from './session/app-target'
import type { AppTarget } from './session/app-target'
import { ApiClient } from './services/api-client'
import { openCache, wipeCacheFiles } from './services/cache'
import type { OfflineCache } from './services/cache'
import { ApiError, PerkPackError, SignInRequired, UsageError } from './services/perkpack-errors'
import type { FetchLike, RetryPolicy } from './services/http'
import { fetchAccountContributions, fetchSignups } from './services/operations'
import { cacheProfile } from './services/profile'
import { describeError } from './services/redact'
import { KeychainSecretStore, MemorySecretStore } from './services/secrets'
import type { SecretStore } from './services/secrets'
import { keychainAccount, Session } from './services/session'
import { checkConcurrency } from './services/sync'
import { USER_AGENT, VERSION } from './services/version'
import { NO_DESKTOP } from './exports/desktop-port'
import type { Desktop } from './exports/desktop-port'
import { ExportDesk } from './exports/export-desk'
import { JobWatcher } from './jobs/job-watcher'
import { OrdersDesk } from './orders/orders-desk'
import { problemRowsView } from './problems/problem-rows-view'
import { SyncRunner } from './syncs/sync-runner'
import { NetworkMonitor } from './network/network-monitor'
import {
  effectiveConcurrency,
  effectivePrintSettings,
  effectiveTheme,
  loadSettings,
  saveSettings,
} from './session/settings-store'
import type { AppStoredSettings } from './session/settings-store'

/** How Electron (webContents.send) or the harness (Server-Sent Events) deliver events. */
export type Emit = <E extends IpcEventName>(event: E, payload: IpcEvents[E]) => void

export interface AppServicesOptions {
  /** Settings, caches: Electron's userData, or PERKPACK_DATA_DIR. */
  dataDir: string
  env?: Record<string, string | undefined>
  fetch?: FetchLike
  emit: Emit
  /** Default: the OS keychain, or memory when PERKPACK_SECRET_STORE=memory. */
  secretStore?: (onFallback: (message: string) => void) => SecretStore
  harness?: boolean
  /** Language of the person shipping: country names on addresses. */
  locale?: string
  /** Details a person should not see (stack traces), for the log. Redacted already. */
  log?: (line: string) => void
  retry?: Partial<RetryPolicy>
  jobPolling?: { minIntervalMs?: number; maxIntervalMs?: number }
  /** Tests shrink the demo; the app uses 5,000 contributions, 25 ms of latency, 3 % drift. */
  demo?: Partial<SimulatorOptions>
  now?: () => number
  /** Save dialogs and printing: Electron's, the harness's, or a test's. Default: none. */
  desktop?: Desktop
}

/** The demo's cache never mixes with a real host's, and starts empty each run. */
const DEMO_PROFILE = 'demo'

interface Demo {
  sim: Simulator
  store: MemorySecretStore
}

/**
 * Everything the IPC handlers need for one data directory, without Electron: the Electron main
 * process and the web harness each build one and hand it the way they deliver events. Tokens
 * stay in here (and in the keychain); what leaves is SessionInfo and plain data.
 */
export class AppServices {
  private readonly env: Record<string, string | undefined>
  private readonly emitEvent: Emit
  private readonly fetch: FetchLike
  private readonly keychain: SecretStore
  private readonly network: NetworkMonitor
  private readonly jobs: JobWatcher
  private readonly locale: string
  /** Details for the log (stderr in the harness, the console in Electron). */
  readonly log: (line: string) => void
  private readonly now: () => number
  private target: AppTarget
  private session: Session
  private client: ApiClient
  private cacheHandle: OfflineCache | null = null
  private readonly syncs: SyncRunner
  private readonly orders: OrdersDesk
  private readonly exports: ExportDesk
  private storeWarning: string | null = null
  private demo: Demo | null = null
  private demoSim: Promise<Simulator> | null = null
  private expiredPending = false
  private disposed = false

  constructor(private readonly options: AppServicesOptions) {
    this.env = options.env ?? process.env
    this.emitEvent = options.emit
    this.log = options.log ?? (() => undefined)
    this.now = options.now ?? Date.now
    this.locale = options.locale ?? new Intl.DateTimeFormat().resolvedOptions().locale
    const onFallback = (message: string) => {
      this.storeWarning = message
      this.log(message)
    }
    this.keychain =
      options.secretStore?.(onFallback) ??
      (this.env.PERKPACK_SECRET_STORE === 'memory'
        ? new MemorySecretStore()
        : new KeychainSecretStore({ onFallback }))
    this.network = new NetworkMonitor((status) => this.emit('network:status', status), this.now)
    this.fetch = this.network.wrap(options.fetch ?? globalThis.fetch)
    try {
      this.target = resolveAppTarget(this.env, this.stored())
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error))
    }
    this.session = this.makeSession(this.target.authUrl, this.rememberedEmail(), this.keychain)
    this.client = this.makeClient()
    this.orders = new OrdersDesk(() => this.cache(), this.locale)
    this.exports = new ExportDesk({
      desktop: options.desktop ?? NO_DESKTOP,
      selection: (campaignId, filter) => this.orders.selection(campaignId, filter),
      syncedAt: (campaignId) => this.cache().campaign(campaignId)?.lastSyncedAt ?? null,
      problemRows: (campaignId) => this.cache().problemRows(campaignId),
      settings: () => this.getSettings(),
      progress: (event) => this.emit('export:progress', event),
      locale: this.locale,
      now: this.now,
    })
    this.syncs = new SyncRunner({
      cache: () => this.cache(),
      client: () => this.client,
      privileged: () => this.session.privileged,
      concurrency: () => this.getSettings().concurrency,
      progress: (event) => this.emit('sync:progress', event),
      committed: (cache, campaignId) => this.orders.rebuild(cache, campaignId),
      now: this.now,
    })
    this.jobs = new JobWatcher({
      cache: () => this.cache(),
      client: () => this.client,
      onUpdate: (job) => this.emit('job:update', job),
      onError: (error) => void this.noteError(error, true),
      ...options.jobPolling,
      now: this.now,
    })
  }

  /**
   * Picks up where the last run stopped: polls the watched jobs not finished yet. A damaged
   * cache or a locked keychain must not keep the window from opening: the views say so later.
   */
  async start(): Promise<void> {
    try {
      if ((await this.session.status()).signedIn) this.jobs.resume()
    } catch (error) {
      this.log(`could not resume the watched jobs: ${describeError(error)}`)
    }
  }

  private emit<E extends IpcEventName>(event: E, payload: IpcEvents[E]): void {
    if (this.disposed) return
    try {
      this.emitEvent(event, payload)
    } catch (error) {
      // A window closing mid-send must not break the operation that had news.
      this.log(`could not deliver ${event}: ${String(error)}`)
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Wiring

  private stored(): AppStoredSettings {
    return loadSettings(this.options.dataDir)
  }

  private rememberedEmail(): string | null {
    const email = this.stored().email
    return typeof email === 'string' && email.trim() !== '' ? email.trim() : null
  }

  /** Where the app points when no demo is running: environment, then Settings, then production. */
  private persistentTarget(): AppTarget {
    return resolveAppTarget(this.env, this.stored())
  }

  private makeSession(authUrl: string, email: string | null, store: SecretStore): Session {
    return new Session({
      fetch: this.fetch,
      store,
      authUrl,
      email,
      userAgent: USER_AGENT,
      now: this.now,
    })
  }

  private makeClient(): ApiClient {
    return new ApiClient({
      baseUrl: this.target.baseUrl,
      session: this.session,
      fetch: this.fetch,
      userAgent: USER_AGENT,
      now: this.now,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      onRetry: (info) =>
        this.log(`retry ${info.attempt} of ${info.endpoint} in ${info.delayMs} ms: ${info.reason}`),
    })
  }

  private profile(): string {
    return this.demo ? DEMO_PROFILE : cacheProfile(this.target.baseUrl)
  }

  private cache(): OfflineCache {
    if (this.disposed) throw new PerkPackError('closing', 'PerkPack is closing.')
    this.cacheHandle ??= openCache({ dataDir: this.options.dataDir, profile: this.profile() })
    return this.cacheHandle
  }

  /** Leaves the current host: syncs cancelled, polling stopped, its cache closed. */
  private resetHost(): void {
    this.syncs.cancelAll()
    this.jobs.reset()
    this.orders.clear()
    this.exports.clear()
    this.cacheHandle?.close()
    this.cacheHandle = null
  }

  /**
   * What a SignInRequired means here. Only for an e-mail sign-in that still holds its API token
   * is it an expired session that the password cures ('sign_in_required', and the renderer is
   * told with session:expired so it can ask and retry). Without an e-mail the person must sign
   * in again as a team member; without an API token they are not signed in at all.
   */
  async noteError(error: unknown, background = false): Promise<IpcErrorCode | null> {
    if (!(error instanceof SignInRequired)) return null
    const session = this.session
    const stored = await session.credentials().catch(() => null)
    if (!stored?.apiToken) return 'not_signed_in'
    if (!session.privileged) return 'team_sign_in_required'
    // Background polls ask once, not once per job; a person's own request always asks.
    if (session === this.session && !(background && this.expiredPending)) {
      this.expiredPending = true
      this.emit('session:expired', { email: session.email, message: error.message })
    }
    return 'sign_in_required'
  }

  // ---------------------------------------------------------------------------------------------
  // App and settings

  appInfo(): AppInfo {
    return {
      name: 'PerkPack',
      version: VERSION,
      baseUrl: this.target.baseUrl,
      authUrl: this.target.authUrl,
      source: this.target.source,
      harness: this.options.harness ?? false,
    }
  }

  getSettings(): AppSettings {
    const stored = this.stored()
    return {
      baseUrl: this.target.baseUrl,
      authUrl: this.target.authUrl,
      concurrency: effectiveConcurrency(stored),
      theme: effectiveTheme(stored),
      ...effectivePrintSettings(stored),
    }
  }

  async updateSettings(patch: Partial<AppSettings>): Promise<AppSettings> {
    const next: Partial<AppStoredSettings> = {}
    if (patch.concurrency !== undefined) next.concurrency = checkConcurrency(patch.concurrency)
    if (patch.theme !== undefined) next.theme = patch.theme
    // The schema checked each of these; they are the person's own, kept across hosts and demos.
    if (patch.labelLayout !== undefined) next.labelLayout = patch.labelLayout
    if (patch.labelOffsetMm !== undefined) {
      next.labelOffsetMm = { x: patch.labelOffsetMm.x, y: patch.labelOffsetMm.y }
    }
    if (patch.labelOrder !== undefined) next.labelOrder = patch.labelOrder
    if (patch.labelSummary !== undefined) next.labelSummary = patch.labelSummary
    if (patch.slipPaper !== undefined) next.slipPaper = patch.slipPaper
    if (patch.slipFooterNote !== undefined) next.slipFooterNote = patch.slipFooterNote
    if (patch.senderCountry !== undefined) {
      next.senderCountry = patch.senderCountry.trim().toUpperCase()
    }
    if (patch.staleAfterHours !== undefined) next.staleAfterHours = patch.staleAfterHours
    let baseUrl = patch.baseUrl ? normalizeUrl(patch.baseUrl, 'API base URL') : undefined
    let authUrl = patch.authUrl ? normalizeUrl(patch.authUrl, 'Auth URL') : undefined
    // A settings form saved during the demo sends the simulator's URLs back: they are this
    // run's, and must not become the person's URLs after a restart.
    if (this.demo && baseUrl === this.target.baseUrl) baseUrl = undefined
    if (this.demo && authUrl === this.target.authUrl) authUrl = undefined
    if (baseUrl !== undefined) next.baseUrl = baseUrl
    if (authUrl !== undefined) next.authUrl = authUrl
    saveSettings(this.options.dataDir, next)
    if (baseUrl !== undefined || authUrl !== undefined) {
      await this.retarget({
        baseUrl: baseUrl ?? (this.demo ? this.persistentTarget().baseUrl : this.target.baseUrl),
        authUrl: authUrl ?? (this.demo ? this.persistentTarget().authUrl : this.target.authUrl),
        source: 'settings',
      })
    }
    return this.getSettings()
  }

  /** Points the app at another host (or the same host's other sign-in service). */
  private async retarget(target: AppTarget): Promise<void> {
    const leavingDemo = this.demo !== null
    const hostChanged = leavingDemo || target.baseUrl !== this.target.baseUrl
    const authChanged = leavingDemo || target.authUrl !== this.target.authUrl
    if (hostChanged) this.resetHost()
    this.demo = null
    this.target = target
    if (authChanged) {
      this.session = this.makeSession(target.authUrl, this.rememberedEmail(), this.keychain)
    }
    this.client = this.makeClient()
    if (hostChanged || authChanged) await this.start()
  }

  // ---------------------------------------------------------------------------------------------
  // Session

  private currentStore(): SecretStore {
    return this.demo ? this.demo.store : this.keychain
  }

  async sessionInfo(): Promise<SessionInfo> {
    const status = await this.session.status()
    return {
      signedIn: status.signedIn,
      email: status.email,
      privileged: status.privileged,
      expiresAt: status.expiresAt,
      demo: this.demo !== null,
      secretStore: this.currentStore().description,
      secretStoreWarning: this.storeWarning,
    }
  }

  async signIn(input: SignInInput): Promise<SessionInfo> {
    const email = input.email?.trim() || null
    const password = input.password ?? ''
    if (email && !password) {
      throw new UsageError(
        `Enter the password for ${email}, or clear the E-mail field to sign in with the API ` +
          'token only (without e-mails and addresses).',
      )
    }
    if (!email && password) {
      throw new UsageError(
        'Enter the e-mail that goes with the password, or clear the Password field to sign in ' +
          'with the API token only.',
      )
    }
    const fallback = this.demo ? this.persistentTarget() : this.target
    const baseUrl = input.baseUrl?.trim()
      ? normalizeUrl(input.baseUrl, 'API base URL')
      : fallback.baseUrl
    const authUrl = input.authUrl?.trim()
      ? normalizeUrl(input.authUrl, 'Auth URL')
      : fallback.authUrl

    // Tried on the side: a refused password leaves the current session exactly as it was.
    const candidate = this.makeSession(authUrl, email, this.keychain)
    const before = await candidate.credentials()
    try {
      await candidate.setApiToken(input.apiToken)
      if (email) await candidate.signIn(password)
    } catch (error) {
      if (before) await this.keychain.set(candidate.account, JSON.stringify(before))
      else await this.keychain.delete(candidate.account)
      throw error
    }

    const urlsGiven = Boolean(input.baseUrl?.trim() || input.authUrl?.trim())
    saveSettings(this.options.dataDir, {
      email,
      ...(input.baseUrl?.trim() ? { baseUrl } : {}),
      ...(input.authUrl?.trim() ? { authUrl } : {}),
    })
    const leavingDemo = this.demo !== null
    if (leavingDemo || baseUrl !== this.target.baseUrl) this.resetHost()
    this.demo = null
    this.target = { baseUrl, authUrl, source: urlsGiven ? 'settings' : fallback.source }
    this.session = candidate
    this.client = this.makeClient()
    this.expiredPending = false
    this.jobs.resume()
    return this.sessionInfo()
  }

  async reauthenticate(password: string): Promise<SessionInfo> {
    if (!this.session.privileged) {
      throw new UsageError(
        'This sign-in uses the API token only, so there is no password to enter. Sign out and ' +
          'sign in with your e-mail and password to see e-mails and addresses.',
      )
    }
    try {
      await this.session.signIn(password)
    } catch (error) {
      // Session never keeps a refused password; drop any older one too, so the next renewal
      // asks the person again instead of retrying credentials they just corrected.
      this.session.setPassword(undefined)
      throw error
    }
    this.expiredPending = false
    this.jobs.resume()
    return this.sessionInfo()
  }

  /**
   * Forgets the account on this host: keychain entries (the e-mail's and the API-token-only
   * one), the offline cache, the remembered e-mail. During the demo it only ends the demo: the
   * person's own account was not what they were looking at.
   */
  async signOut(): Promise<SessionInfo> {
    if (this.demo) {
      this.resetHost()
      wipeCacheFiles(this.options.dataDir, DEMO_PROFILE)
      await this.retarget(this.persistentTarget())
      this.expiredPending = false
      return this.sessionInfo()
    }
    const profile = this.profile()
    this.resetHost()
    await this.session.signOut()
    await this.keychain.delete(keychainAccount(this.target.authUrl, null))
    // Again: a request that came in during the awaits may have opened the cache.
    this.resetHost()
    wipeCacheFiles(this.options.dataDir, profile)
    saveSettings(this.options.dataDir, { email: undefined })
    this.session = this.makeSession(this.target.authUrl, null, this.keychain)
    this.client = this.makeClient()
    this.expiredPending = false
    return this.sessionInfo()
  }

  /**
   * The bundled simulator, started once per run, signed in as its demo team member. Its URLs
   * and tokens are this run's only (memory, not the keychain or settings.json): after a restart
   * the simulator is gone, and the app should be where the person left their own account.
   */
  async startDemo(): Promise<SessionInfo & { campaignIds: number[]; jobIds: string[] }> {
    const firstStart = this.demoSim === null
    this.demoSim ??= import('../simulator')
      .then(({ startSimulator }) =>
        startSimulator({
          contributions: 5000,
          faults: { latencyMs: 25 },
          // A little real-world drift, so every screen shows how odd rows and problem rows look.
          drift: 0.03,
          ...this.options.demo,
        }),
      )
      .catch((error: unknown) => {
        this.demoSim = null
        throw new PerkPackError(
          'demo_failed',
          `The demo could not start (${error instanceof Error ? error.message : String(error)}).`,
          { cause: error },
        )
      })
    const sim = await this.demoSim
    if (this.disposed) throw new PerkPackError('closing', 'PerkPack is closing.')
    if (!this.demo) {
      const store = new MemorySecretStore()
      const session = this.makeSession(sim.authUrl, sim.credentials.email, store)
      await session.setApiToken(sim.credentials.apiToken)
      await session.signIn(sim.credentials.password)
      // From here on synchronous, so no request can open the wrong host's cache in between.
      this.resetHost()
      // A previous run's demo cache belongs to a simulator that no longer exists.
      if (firstStart) wipeCacheFiles(this.options.dataDir, DEMO_PROFILE)
      this.demo = { sim, store }
      this.target = { baseUrl: sim.baseUrl, authUrl: sim.authUrl, source: 'settings' }
      this.session = session
      this.client = this.makeClient()
      this.expiredPending = false
    }
    const demoAccount = sim.dataset.users[0]?.accountId
    const campaignIds = sim.campaignIds.filter(
      (id) => demoAccount !== undefined && sim.dataset.teams.get(id)?.has(demoAccount),
    )
    const primary = campaignIds[0]
    const jobIds = sim.dataset.jobs.filter((job) => job.campaignId === primary).map((j) => j.jobId)
    return { ...(await this.sessionInfo()), campaignIds, jobIds }
  }

  // ---------------------------------------------------------------------------------------------
  // Campaigns and orders

  recentCampaigns(): CampaignSummary[] {
    return this.orders.recent()
  }

  sync(request: SyncRequest): Promise<SyncSummary> {
    return this.syncs.sync(request)
  }

  cancelSync(campaignId: number): boolean {
    return this.syncs.cancel(campaignId)
  }

  pendingShrink(campaignId: number): ShrinkPending | null {
    return this.syncs.pendingShrink(campaignId)
  }

  resolveShrink(campaignId: number, choice: ShrinkChoice): SyncSummary {
    return this.syncs.resolveShrink(campaignId, choice)
  }

  problemRows(campaignId: number): ProblemRowsView {
    return problemRowsView(this.cache(), campaignId)
  }

  openOrders(campaignId: number): OrdersSnapshot {
    return this.orders.open(campaignId)
  }

  queryOrders(campaignId: number, filter: OrdersFilter): OrdersQueryResult {
    return this.orders.query(campaignId, filter)
  }

  orderRows(request: OrderRowsRequest): OrderRow[] {
    return this.orders.rows(request)
  }

  orderDetail(campaignId: number, contributionId: number): OrderDetail {
    return this.orders.detail(campaignId, contributionId)
  }

  // ---------------------------------------------------------------------------------------------
  // Checks, exports and printing: the current filter over the offline copy, so they work offline

  runChecks(request: SelectionRequest): PrePrintCheck[] {
    return this.exports.checks(request)
  }

  exportExcel(request: SelectionRequest): Promise<ExcelExportResult | null> {
    return this.exports.excel(request)
  }

  exportCsv(
    request: SelectionRequest & { format: ShipperCsvFormat },
  ): Promise<CsvExportResult | null> {
    return this.exports.csv(request)
  }

  previewLabels(request: LabelsRequest): LabelsPreview {
    return this.exports.labelsPreview(request)
  }

  printLabels(request: LabelsRequest): Promise<{ printed: boolean }> {
    return this.exports.printLabels(request)
  }

  saveLabelsPdf(request: LabelsRequest): Promise<{ path: string } | null> {
    return this.exports.labelsPdf(request)
  }

  printSlips(request: SlipsRequest): Promise<{ printed: boolean }> {
    return this.exports.printSlips(request)
  }

  saveSlipsPdf(request: SlipsRequest): Promise<{ path: string } | null> {
    return this.exports.slipsPdf(request)
  }

  // ---------------------------------------------------------------------------------------------
  // Jobs, sign-ups, accounts, network

  listJobs(): WatchedJob[] {
    return this.jobs.list()
  }

  watchJob(campaignId: number, jobId: string): Promise<WatchedJob> {
    return this.jobs.watch(campaignId, jobId)
  }

  unwatchJob(campaignId: number, jobId: string): WatchedJob[] {
    return this.jobs.unwatch(campaignId, jobId)
  }

  async signups(campaignId: number, refresh: boolean): Promise<SignupsResult> {
    const cache = this.cache()
    const key = String(campaignId)
    const saved = cache.getDocument<Signup[]>('signups', key)
    if (saved && !refresh) {
      return { campaignId, signups: saved.value, savedAt: saved.savedAt, offline: false }
    }
    try {
      const signups = await fetchSignups(this.client, campaignId)
      cache.putDocument('signups', key, signups)
      const savedAt = cache.getDocument<Signup[]>('signups', key)?.savedAt
      return {
        campaignId,
        signups,
        savedAt: savedAt ?? new Date(this.now()).toISOString(),
        offline: false,
      }
    } catch (error) {
      // Unreachable or failing for now: yesterday's list beats an error. A refusal (403, 401)
      // is not "offline" and is reported.
      if (saved && error instanceof ApiError && error.retryable) {
        return { campaignId, signups: saved.value, savedAt: saved.savedAt, offline: true }
      }
      throw error
    }
  }

  accountContributions(accountId: number): Promise<AccountContributionsView> {
    return fetchAccountContributions(this.client, String(accountId))
  }

  networkStatus(): NetworkStatus {
    return this.network.current
  }

  /** Cancels everything in flight and closes the cache (and the demo simulator). */
  async dispose(): Promise<void> {
    if (this.disposed) return
    this.resetHost()
    this.disposed = true
    const sim = this.demoSim
    this.demoSim = null
    this.demo = null
    if (sim) await sim.then((s) => s.close()).catch(() => undefined)
  }
}

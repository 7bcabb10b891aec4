import type { IpcEventName, IpcEvents } from '../shared/ipc'
import type { SimulatorOptions } from '../simulator'
import { NO_DESKTOP } from './export/desktop-port'
import type { Desktop } from './export/desktop-port'
import { DashboardImportDesk } from './dashboard/dashboard-import-desk'
import { ExportDesk } from './export/export-desk'
import { TrackingDesk } from './floor/tracking-desk'
import { stoppedPackedIds } from './core/floor/stopped-packed'
import { PickListDesk } from './picklist/picklist-desk'
import { StationDesk } from './floor/station-desk'
import { stationIndex } from './core/floor/station-index'
import { JobWatcher } from './jobs/job-watcher'
import { userMessage } from './ipc/ipc-errors'
import { NetworkMonitor } from './network/network-monitor'
import { OrdersDesk } from './orders/orders-desk'
import type { FetchLike, RetryPolicy } from './core/api/http'
import type { JobPolling } from './core/api/operations'
import { KeychainSecretStore, MemorySecretStore } from './core/session/secrets'
import type { SecretStore } from './core/session/secrets'
import { CampaignNames } from './core/session/campaign-names'
import { CampaignDesk } from './campaigns/campaign-open'
import { Connection } from './session/connection'
import { DemoDesk } from './demo/demo'
import { SettingsDesk } from './settings/settings-desk'
import { SignInDesk } from './session/sign-in'
import { SyncRunner } from './sync/sync-runner'
import { FloorWrites } from './floor/floor-writes'
import { readSettings, saveSettings } from './core/session/profile'
import { snapshotSource } from './core/dashboard/dashboard-import'
import { TeamLink } from './team/team-link'
import { TeamSettings } from './team/team-settings'
import { campaignCustoms } from './core/catalog/customs-context'

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
  jobPolling?: JobPolling
  /** Team mode: the wait for the team store, how often to poll it and resend the queue. */
  team?: { connectTimeoutMs?: number; pollMs?: number; replayMs?: number }
  /** Tests shrink the demo; the app uses 5,000 contributions, 25 ms of latency, 3 % drift. */
  demo?: Partial<SimulatorOptions>
  now?: () => number
  /** Save dialogs and printing: Electron's, the harness's, or a test's. Default: none. */
  desktop?: Desktop
}

/**
 * The composition root: every feature the IPC handlers call, for one data directory, built
 * without Electron. The Electron main process and the web harness each build one and hand it the
 * way they deliver events; ipc/handler-table.ts maps the channels onto the features.
 */
export class AppServices {
  /** Details for the log (stderr in the harness, the console in Electron). */
  readonly log: (line: string) => void
  readonly now: () => number
  readonly network: NetworkMonitor
  readonly connection: Connection
  readonly settings: SettingsDesk
  readonly signIn: SignInDesk
  readonly demo: DemoDesk
  readonly campaigns: CampaignDesk
  readonly orders: OrdersDesk
  readonly exports: ExportDesk
  /** What only the platform can do (save dialogs, print); NO_DESKTOP without one. */
  readonly desktop: Desktop
  readonly tracking: TrackingDesk
  readonly pickList: PickListDesk
  readonly syncs: SyncRunner
  readonly jobs: JobWatcher
  readonly station: StationDesk
  readonly dashboardImport: DashboardImportDesk
  /** The team store while Settings has a team URL (none without: the local record). */
  readonly teamLink: TeamLink
  readonly team: TeamSettings
  private disposed = false

  constructor(private readonly options: AppServicesOptions) {
    const env = options.env ?? process.env
    const { dataDir } = options
    this.log = options.log ?? (() => undefined)
    this.now = options.now ?? Date.now
    const locale = options.locale ?? new Intl.DateTimeFormat().resolvedOptions().locale
    this.network = new NetworkMonitor((status) => this.emit('network:status', status), this.now)
    this.connection = new Connection({
      dataDir,
      env,
      fetch: this.network.wrap(options.fetch ?? globalThis.fetch),
      keychain: (onFallback) =>
        options.secretStore?.(onFallback) ??
        (env.PERKPACK_SECRET_STORE === 'memory'
          ? new MemorySecretStore()
          : new KeychainSecretStore({ onFallback })),
      ...(options.retry ? { retry: options.retry } : {}),
      harness: options.harness ?? false,
      log: this.log,
      now: this.now,
      expired: (event) => this.emit('session:expired', event),
      leavingHost: () => this.leavingHost(),
      signedIn: () => this.jobs.resume(),
    })
    const cache = () => this.connection.cache()
    const client = () => this.connection.client
    this.settings = new SettingsDesk(this.connection, dataDir, async (question) => {
      const desktop = options.desktop ?? NO_DESKTOP
      return desktop.confirm ? desktop.confirm(question) : true
    })
    const teamUrl = () => readSettings(dataDir).teamUrl ?? null
    const stationName = () => this.settings.get().stationName
    this.teamLink = new TeamLink({
      cache,
      teamUrl,
      stationName,
      secrets: () => this.connection.keychain,
      changed: (change) => this.emit('team:changed', change),
      log: this.log,
      ...options.team,
    })
    this.team = new TeamSettings({
      link: this.teamLink,
      secrets: () => this.connection.keychain,
      teamUrl,
      saveTeamUrl: (url) => void saveSettings(dataDir, { teamUrl: url ?? undefined }),
      stationName,
      // The pack station's index of the orders view: built once per snapshot, a Map.get a call.
      orderNumber: (campaignId, orderId) =>
        cache().campaign(campaignId)
          ? (stationIndex(this.orders.snapshot(campaignId)).byOrderId.get(orderId)?.order
              .sequence_number ?? null)
          : null,
      ...(options.team?.connectTimeoutMs === undefined
        ? {}
        : { connectTimeoutMs: options.team.connectTimeoutMs }),
    })
    const writes = new FloorWrites(cache, () => this.teamLink.desk())
    const names = new CampaignNames(dataDir, () => this.connection.profile())
    this.signIn = new SignInDesk(this.connection, dataDir, names, async () => {
      await options.desktop?.forgetLocalData?.()
    })
    this.demo = new DemoDesk(this.connection, dataDir, options.demo)
    this.campaigns = new CampaignDesk(this.connection, names, () => this.demo.knownCampaigns())
    this.orders = new OrdersDesk(
      cache,
      locale,
      () => this.settings.get().senderCountry,
      (info) => names.displayName(info.campaignId, info.title),
      (campaignId) => names.currency(campaignId),
    )
    this.desktop = options.desktop ?? NO_DESKTOP
    this.tracking = new TrackingDesk(cache, options.desktop ?? NO_DESKTOP, this.now, writes)
    this.exports = new ExportDesk({
      desktop: options.desktop ?? NO_DESKTOP,
      selection: (campaignId, filter) => this.orders.selection(campaignId, filter),
      syncedAt: (campaignId) => cache().campaign(campaignId)?.lastSyncedAt ?? null,
      problemRows: (campaignId) => cache().problemRows(campaignId),
      settings: () => this.settings.get(),
      progress: (event) => this.emit('export:progress', event),
      slipsProgress: (event) => this.emit('print:slipsProgress', event),
      campaignName: (campaignId) => this.campaigns.name(campaignId),
      locale,
      now: this.now,
      printed: (campaignId, orderIds, document) =>
        writes
          .markPrinted(campaignId, orderIds, document)
          .catch((error: unknown) => this.log(`marking printed: ${String(error)}`)),
      floor: (campaignId) => cache().floor().states(campaignId),
      catalog: (campaignId) =>
        campaignCustoms(campaignId, {
          catalog: (id) => cache().catalog().load(id).catalog,
          currency: (id) => names.currency(id),
          senderCountry: () => this.settings.get().senderCountry,
        }),
      packedButStopped: (campaignId) => stoppedPackedIds(cache(), campaignId),
      importedFrom: (campaignId) => snapshotSource(cache(), campaignId)?.fileName ?? null,
    })
    this.pickList = new PickListDesk({
      desktop: options.desktop ?? NO_DESKTOP,
      selection: (campaignId, filter) => this.orders.selection(campaignId, filter),
      now: this.now,
      campaignName: (campaignId) => this.campaigns.name(campaignId),
      locale,
    })
    this.syncs = new SyncRunner({
      cache: () => this.connection.cacheForSync(),
      client,
      privileged: () => this.connection.session.privileged,
      concurrency: () => this.settings.get().concurrency,
      progress: (event) => this.emit('sync:progress', event),
      committed: (syncedCache, campaignId) => this.orders.rebuild(syncedCache, campaignId),
      now: this.now,
    })
    this.station = new StationDesk({
      cache,
      workspace: (campaignId) => this.orders.snapshot(campaignId),
      stationName,
      writes,
    })
    this.dashboardImport = new DashboardImportDesk({
      cache,
      desktop: options.desktop ?? NO_DESKTOP,
      now: this.now,
      syncing: (campaignId) => this.syncs.isRunning(campaignId),
      replacing: (campaignId) => this.syncs.dropPendingShrink(campaignId),
      summary: (campaignId) =>
        this.orders.recent().find((c) => c.campaignId === campaignId) ?? null,
      rename: (campaignId, name) => void this.campaigns.rename(campaignId, name),
      imported: (importedCache, campaignId) => this.orders.rebuild(importedCache, campaignId),
    })
    this.jobs = new JobWatcher({
      cache,
      client,
      onUpdate: (job) => this.emit('jobs:update', job),
      onError: (error) => void this.connection.noteError(error, true),
      describe: userMessage,
      ...options.jobPolling,
      now: this.now,
    })
  }

  /** Picks up where the last run stopped: polls the watched jobs not finished yet. */
  async start(): Promise<void> {
    await this.connection.resume()
    // In team mode the desk follows the other desks from the start, not from the first write.
    if (readSettings(this.options.dataDir).teamUrl !== undefined)
      await this.teamLink.desk().catch((error: unknown) => this.log(`team store: ${String(error)}`))
  }

  private emit<E extends IpcEventName>(event: E, payload: IpcEvents[E]): void {
    if (this.disposed) return
    try {
      this.options.emit(event, payload)
    } catch (error) {
      // A window closing mid-send must not break the operation that had news.
      this.log(`could not deliver ${event}: ${String(error)}`)
    }
  }

  /** Another host, or quitting: syncs cancelled, polling stopped, nothing of its cache kept. */
  private leavingHost(): void {
    void this.teamLink.close()
    this.syncs.cancelAll()
    this.jobs.reset()
    this.orders.clear()
    this.exports.clear()
  }

  /** Cancels everything in flight and closes the cache (and the demo simulator). */
  async dispose(): Promise<void> {
    if (this.disposed) return
    await this.teamLink.close()
    this.connection.close()
    this.disposed = true
    await this.demo.dispose()
  }
}

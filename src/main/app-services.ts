import type { IpcEventName, IpcEvents } from '../shared/ipc'
import type { SimulatorOptions } from '../simulator'
import { NO_DESKTOP } from './export/desktop-port'
import type { Desktop } from './export/desktop-port'
import type { FetchLike, RetryPolicy } from './core/api/http'
import type { JobPolling } from './core/api/operations'
import type { SecretStore } from './core/session/secrets'
import type { AppBasics, Emit } from './feature-deps'
import { userMessage } from './ipc/ipc-errors'
import { createNetworkFeature } from './network/network-feature'
import { createSessionFeature } from './session/session-feature'
import type { SessionFeature } from './session/session-feature'
import { createSettingsFeature } from './settings/settings-feature'
import { createDemoFeature } from './demo/demo-feature'
import { createCampaignsFeature } from './campaigns/campaigns-feature'
import { createOrdersFeature } from './orders/orders-feature'
import { createTeamFeature } from './team/team-feature'
import type { TeamFeature } from './team/team-feature'
import { createFloorFeature } from './floor/floor-feature'
import type { FloorFeature } from './floor/floor-feature'
import { createExportFeature } from './export/export-feature'
import { createPicklistFeature } from './picklist/picklist-feature'
import { createSyncFeature } from './sync/sync-feature'
import { createDashboardFeature } from './dashboard/dashboard-feature'
import { createJobsFeature } from './jobs/jobs-feature'
import { createWavesFeature } from './waves/waves-feature'
import { createCatalogFeature } from './catalog/catalog-feature'

export type { Emit } from './feature-deps'

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

/** What a one-object feature's factory builds. */
type Built<F extends (...args: never[]) => unknown> = ReturnType<F>

/**
 * The composition root: every feature the IPC handlers call, for one data directory, built
 * without Electron. The Electron main process and the web harness each build one and hand it the
 * way they deliver events; handler-table.ts maps the channels onto the features.
 *
 * Each feature folder builds its own objects (`<feature>/<feature>-feature.ts`) from the basics
 * and the features it names; the constructor calls them in dependency order. The two callbacks
 * that reach a later feature (signed in: resume the jobs; leaving a host) are the root's own.
 */
export class AppServices {
  /** Details for the log (stderr in the harness, the console in Electron). */
  readonly log: (line: string) => void
  readonly now: () => number
  /** What only the platform can do (save dialogs, print); NO_DESKTOP without one. */
  readonly desktop: Desktop
  readonly network: Built<typeof createNetworkFeature>
  readonly connection: SessionFeature['connection']
  readonly signIn: SessionFeature['signIn']
  readonly settings: Built<typeof createSettingsFeature>
  readonly demo: Built<typeof createDemoFeature>
  readonly campaigns: Built<typeof createCampaignsFeature>
  readonly orders: Built<typeof createOrdersFeature>
  /** The team store while Settings has a team URL (none without: the local record). */
  readonly teamLink: TeamFeature['link']
  readonly team: TeamFeature['settings']
  readonly tracking: FloorFeature['tracking']
  readonly station: FloorFeature['station']
  /** Holds and address corrections, from the order's drawer. */
  readonly floorPlan: FloorFeature['floorPlan']
  readonly exports: Built<typeof createExportFeature>
  readonly pickList: Built<typeof createPicklistFeature>
  readonly syncs: Built<typeof createSyncFeature>
  readonly dashboardImport: Built<typeof createDashboardFeature>
  readonly jobs: Built<typeof createJobsFeature>
  /** Stock on hand and waves. */
  readonly waves: Built<typeof createWavesFeature>
  /** The SKU catalogue: weights, sizes, customs data, boxes. */
  readonly catalog: Built<typeof createCatalogFeature>
  private readonly startTeam: () => Promise<void>
  private disposed = false

  constructor(private readonly options: AppServicesOptions) {
    const basics: AppBasics = {
      dataDir: options.dataDir,
      env: options.env ?? process.env,
      log: options.log ?? (() => undefined),
      now: options.now ?? Date.now,
      locale: options.locale ?? new Intl.DateTimeFormat().resolvedOptions().locale,
      emit: (event, payload) => this.emit(event, payload),
      desktop: options.desktop ?? NO_DESKTOP,
    }
    ;({ log: this.log, now: this.now, desktop: this.desktop } = basics)
    this.network = createNetworkFeature(basics)
    const session = createSessionFeature({
      ...basics,
      network: this.network,
      fetch: options.fetch,
      secretStore: options.secretStore,
      retry: options.retry,
      harness: options.harness ?? false,
      leavingHost: () => this.leavingHost(),
      signedIn: () => this.jobs.resume(),
    })
    ;({ connection: this.connection, signIn: this.signIn } = session)
    const settings = (this.settings = createSettingsFeature({ ...basics, session }))
    const demo = (this.demo = createDemoFeature({ ...basics, session, simulator: options.demo }))
    const campaigns = (this.campaigns = createCampaignsFeature({ session, demo }))
    const orders = (this.orders = createOrdersFeature({ ...basics, session, settings }))
    const team = createTeamFeature({ ...basics, session, settings, orders, timing: options.team })
    ;({ link: this.teamLink, settings: this.team, start: this.startTeam } = team)
    const floor = createFloorFeature({ ...basics, session, settings, team, orders })
    ;({ tracking: this.tracking, station: this.station, floorPlan: this.floorPlan } = floor)
    this.exports = createExportFeature({ ...basics, session, orders, settings, campaigns, floor })
    this.pickList = createPicklistFeature({ ...basics, orders, campaigns })
    const sync = (this.syncs = createSyncFeature({ ...basics, session, settings, orders }))
    this.dashboardImport = createDashboardFeature({ ...basics, session, sync, orders, campaigns })
    const polling = options.jobPolling
    this.jobs = createJobsFeature({ ...basics, session, describe: userMessage, polling })
    this.waves = createWavesFeature({ session, settings, orders })
    this.catalog = createCatalogFeature({ ...basics, session, settings, orders, campaigns, team })
  }

  /** Picks up where the last run stopped: polls the watched jobs not finished yet. */
  async start(): Promise<void> {
    await this.connection.resume()
    await this.startTeam()
    // Not awaited: the team store may take its connect timeout to answer.
    void this.catalog.meetTeam()
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

import type { z } from 'zod'
import type {
  ExportProgressEvent,
  NetworkStatus,
  SessionExpired,
  SyncProgress,
  WatchedJob,
} from './results'
import type { SlipsProgress } from './slip-batches'
import { returns } from './returns'
import type { Returns } from './returns'
import type { TeamChangedEvent } from './team-results'
import { SETTINGS_CHANNELS } from './settings-channels'
import { SESSION_CHANNELS } from './session-channels'
import { DEMO_CHANNELS } from './demo-channels'
import { CAMPAIGNS_CHANNELS } from './campaigns-channels'
import { SYNC_CHANNELS } from './sync-channels'
import { PROBLEMS_CHANNELS } from './problems-channels'
import { ORDERS_CHANNELS } from './orders-channels'
import { JOBS_CHANNELS } from './jobs-channels'
import { SIGNUPS_CHANNELS } from './signups-channels'
import { ACCOUNT_CHANNELS } from './account-channels'
import { NETWORK_CHANNELS } from './network-channels'
import { SHELL_CHANNELS } from './shell-channels'
import { EXPORT_CHANNELS } from './export-channels'
import { PRINT_CHANNELS } from './print-channels'
import { FLOOR_CHANNELS } from './floor-channels'
import { DASHBOARD_CHANNELS } from './dashboard-channels'
import { PICKLIST_CHANNELS } from './picklist-channels'
import { TEAM_CHANNELS } from './team-channels'
import { WAVES_CHANNELS } from './waves-channels'
import { CATALOG_CHANNELS } from './catalog-channels'

/**
 * The one list of operations the renderer may ask of the main process: per channel, the bridge
 * method the renderer calls, the zod schema of its arguments (main validates every call with
 * it) and the type of its answer. Main registers one handler per entry, the preload and the web
 * harness build one named method per entry, and every type of both ends is read from here.
 */

export { returns } from './returns'
export type { Returns } from './returns'

type ArgsSchema = z.ZodType<readonly unknown[]>

interface ChannelSpec {
  method: string
  args: ArgsSchema
  result: Returns<unknown>
}

export const IPC_CHANNELS = {
  ...SETTINGS_CHANNELS,
  ...SESSION_CHANNELS,
  ...DEMO_CHANNELS,
  ...CAMPAIGNS_CHANNELS,
  ...SYNC_CHANNELS,
  ...PROBLEMS_CHANNELS,
  ...ORDERS_CHANNELS,
  ...JOBS_CHANNELS,
  ...SIGNUPS_CHANNELS,
  ...ACCOUNT_CHANNELS,
  ...NETWORK_CHANNELS,
  ...SHELL_CHANNELS,
  ...EXPORT_CHANNELS,
  ...PRINT_CHANNELS,
  ...FLOOR_CHANNELS,
  ...DASHBOARD_CHANNELS,
  ...PICKLIST_CHANNELS,
  ...TEAM_CHANNELS,
  ...WAVES_CHANNELS,
  ...CATALOG_CHANNELS,
} as const satisfies Record<string, ChannelSpec>

/** Events main sends on its own; listeners get the payload only (never the Electron event). */
export const IPC_EVENTS = {
  'sync:progress': { method: 'onSyncProgress', payload: returns<SyncProgress>() },
  'jobs:update': { method: 'onJobUpdate', payload: returns<WatchedJob>() },
  'network:status': { method: 'onNetworkStatus', payload: returns<NetworkStatus>() },
  /** A request needed a sign-in the main process could not renew: ask for the password. */
  'session:expired': { method: 'onSessionExpired', payload: returns<SessionExpired>() },
  /** An export under way (the Excel packing list reports rows written). */
  'export:progress': { method: 'onExportProgress', payload: returns<ExportProgressEvent>() },
  /** Packing slips being saved as PDF, batch by batch. */
  'print:slipsProgress': { method: 'onSlipsProgress', payload: returns<SlipsProgress>() },
  /** The team store's record of some orders changed (another desk): Progress and Orders refresh. */
  'team:changed': { method: 'onTeamChanged', payload: returns<TeamChangedEvent>() },
} as const satisfies Record<string, { method: `on${string}`; payload: Returns<unknown> }>

type Channels = typeof IPC_CHANNELS
type Events = typeof IPC_EVENTS
type Carried<R> = R extends Returns<infer T> ? T : never

export type IpcChannel = keyof Channels
/** The arguments as the renderer sends them. */
export type IpcArgs<C extends IpcChannel> = z.input<Channels[C]['args']>
/** The arguments as a handler receives them: checked, trimmed. */
export type IpcValidArgs<C extends IpcChannel> = z.output<Channels[C]['args']>
export type IpcResult<C extends IpcChannel> = Carried<Channels[C]['result']>
export type IpcEventName = keyof Events
export type IpcEvents = { [E in IpcEventName]: Carried<Events[E]['payload']> }

/** The bridge's method names, each with the channel it calls. */
export type BridgeMethods = { [C in IpcChannel as Channels[C]['method']]: C }
/** The bridge's listener names (`onSyncProgress`), each with its event. */
export type BridgeEvents = { [E in IpcEventName as Events[E]['method']]: E }

// Two channels given one method name would leave one of them unreachable, silently: this type
// does not compile then.
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never
type SharedMethod = { [M in keyof BridgeMethods]: IsUnion<BridgeMethods[M]> }[keyof BridgeMethods]
type Holds<T extends true> = T
export type MethodNamesAreUnique = Holds<true extends SharedMethod ? false : true>

/** Channel names, for the main side: every one has a handler. */
export const IPC_CHANNEL_NAMES = Object.keys(IPC_CHANNELS) as IpcChannel[]

export const BRIDGE_METHODS = Object.fromEntries(
  IPC_CHANNEL_NAMES.map((channel) => [IPC_CHANNELS[channel].method, channel]),
) as BridgeMethods

export const BRIDGE_EVENTS = Object.fromEntries(
  (Object.keys(IPC_EVENTS) as IpcEventName[]).map((event) => [IPC_EVENTS[event].method, event]),
) as BridgeEvents

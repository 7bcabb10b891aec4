import { z } from 'zod'
import {
  campaignArgSchema,
  csvExportRequestSchema,
  dashboardFillRequestSchema,
  floorNoteRequestSchema,
  labelsRequestSchema,
  orderDetailRequestSchema,
  orderRowsRequestSchema,
  ordersFilterSchema,
  pdfPrintedRequestSchema,
  pickListPrintRequestSchema,
  saveSessionRequestSchema,
  scanRequestSchema,
  selectionRequestSchema,
  settingsPatchSchema,
  signInSchema,
  signupsExportRequestSchema,
  stationOrderRequestSchema,
  syncRequestSchema,
  trackingImportRequestSchema,
  trackingPreviewRequestSchema,
  trackingRequestSchema,
} from './argument-schemas'
import type { AppSettings, StationSession } from './argument-schemas'
import {
  accountIdSchema,
  campaignIdSchema,
  flag,
  jobIdSchema,
  reauthPasswordSchema,
  shrinkChoiceSchema,
  text,
} from './field-schemas'
import type {
  AccountContributionsView,
  AppInfo,
  CampaignSummary,
  CsvExportResult,
  DashboardFillReport,
  DemoStarted,
  ExcelExportResult,
  ExportProgressEvent,
  FloorProgress,
  LabelsPdfSaved,
  LabelsPreview,
  NetworkStatus,
  OrderFloorState,
  OrderDetail,
  OrderRow,
  OrdersQueryResult,
  PdfPrintedResult,
  OrdersSnapshot,
  PickListPdfSaved,
  PrePrintCheck,
  ProblemRowsView,
  SessionExpired,
  SessionInfo,
  ShrinkPending,
  SignupsExportResult,
  SignupsResult,
  SmallLabelAddresses,
  StationPackResult,
  StationScan,
  StationTrackingResult,
  SyncProgress,
  SyncSummary,
  TrackingImportResult,
  TrackingPreviewView,
  WatchedJob,
} from './results'
import { slipBatchesRequestSchema, slipBatchPrintRequestSchema } from './slip-batches'
import { renameCampaignSchema } from './campaign-names'
import { newJobIdSchema } from './job-id'
import {
  dashboardDiscardRequestSchema,
  dashboardImportRequestSchema,
  dashboardPreviewRequestSchema,
} from './dashboard-import'
import type { DashboardImportOutcome, DashboardImportPreview } from './dashboard-import'
import type { CampaignOpened, DemoCampaign } from './campaign-names'
import type { SlipsPreview, SlipsProgress, SlipsSaved } from './slip-batches'
import { returns } from './returns'
import type { Returns } from './returns'
import { TEAM_CHANNELS } from './team-channels'
import type { TeamChangedEvent } from './team-results'

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

const noArgs = z.tuple([])
const campaign = z.tuple([campaignArgSchema])
const job = z.tuple([z.strictObject({ campaignId: campaignIdSchema, jobId: jobIdSchema })])
/** Watching starts only for a job ID of digits; one watched before can still be let go of. */
const newJob = z.tuple([z.strictObject({ campaignId: campaignIdSchema, jobId: newJobIdSchema })])

export const IPC_CHANNELS = {
  'settings:appInfo': { method: 'appInfo', args: noArgs, result: returns<AppInfo>() },
  'settings:get': { method: 'getSettings', args: noArgs, result: returns<AppSettings>() },
  'settings:update': {
    method: 'updateSettings',
    args: z.tuple([settingsPatchSchema]),
    result: returns<AppSettings>(),
  },
  'session:status': { method: 'sessionStatus', args: noArgs, result: returns<SessionInfo>() },
  'session:signIn': {
    method: 'signIn',
    args: z.tuple([signInSchema]),
    result: returns<SessionInfo>(),
  },
  /** After a SignInRequired: the password again, without leaving the screen. */
  'session:reauthenticate': {
    method: 'reauthenticate',
    args: z.tuple([z.strictObject({ password: reauthPasswordSchema })]),
    result: returns<SessionInfo>(),
  },
  /** Removes every secret of the account and wipes its cached data. */
  'session:signOut': { method: 'signOut', args: noArgs, result: returns<SessionInfo>() },
  /** Starts the bundled simulator in the main process and signs in to it. */
  'demo:start': { method: 'startDemo', args: noArgs, result: returns<DemoStarted>() },
  'campaigns:recent': {
    method: 'recentCampaigns',
    args: noArgs,
    result: returns<CampaignSummary[]>(),
  },
  // Campaign names and opening by id (campaign-names.ts).
  /** Checks the campaign exists (one request) before it becomes current; offline, its copy. */
  'campaigns:open': { method: 'openCampaign', args: campaign, result: returns<CampaignOpened>() },
  /** Names a campaign for this computer; an empty name goes back to its title or slug. */
  'campaigns:rename': {
    method: 'renameCampaign',
    args: z.tuple([renameCampaignSchema]),
    result: returns<{ campaignId: number; name: string }>(),
  },
  /** The demo's campaigns to pick from; empty outside the demo. */
  'demo:campaigns': { method: 'demoCampaigns', args: noArgs, result: returns<DemoCampaign[]>() },
  'sync:run': {
    method: 'syncCampaign',
    args: z.tuple([syncRequestSchema]),
    result: returns<SyncSummary>(),
  },
  'sync:cancel': { method: 'cancelSync', args: campaign, result: returns<boolean>() },
  /** The smaller copy of a campaign waiting for a choice, if any (after a reload, say). */
  'sync:pendingShrink': {
    method: 'pendingShrink',
    args: campaign,
    result: returns<ShrinkPending | null>(),
  },
  /** Replaces the offline copy with the waiting smaller one, or drops that one. */
  'sync:resolveShrink': {
    method: 'resolveShrink',
    args: z.tuple([z.strictObject({ campaignId: campaignIdSchema, choice: shrinkChoiceSchema })]),
    result: returns<SyncSummary>(),
  },
  /** The contributions of the last sync that could not be read, personal data masked. */
  'problems:list': { method: 'problemRows', args: campaign, result: returns<ProblemRowsView>() },
  'orders:open': { method: 'openOrders', args: campaign, result: returns<OrdersSnapshot>() },
  'orders:query': {
    method: 'queryOrders',
    args: z.tuple([
      z.strictObject({
        campaignId: campaignIdSchema,
        filter: ordersFilterSchema,
        /**
         * True: with the pick list. Left out otherwise: the Orders view shows none, and it is
         * most of a query's time at 100,000 orders.
         */
        pickList: z.boolean({ error: 'Pick list must be true or false.' }).optional(),
      }),
    ]),
    result: returns<OrdersQueryResult>(),
  },
  /**
   * A page of a query's rows. Fails with `orders_result_gone` once main no longer holds that
   * answer (a newer snapshot, or many queries since): query again.
   */
  'orders:rows': {
    method: 'orderRows',
    args: z.tuple([orderRowsRequestSchema]),
    result: returns<OrderRow[]>(),
  },
  'orders:detail': {
    method: 'orderDetail',
    args: z.tuple([orderDetailRequestSchema]),
    result: returns<OrderDetail>(),
  },
  'jobs:list': { method: 'listJobs', args: noArgs, result: returns<WatchedJob[]>() },
  'jobs:watch': { method: 'watchJob', args: newJob, result: returns<WatchedJob>() },
  'jobs:unwatch': { method: 'unwatchJob', args: job, result: returns<WatchedJob[]>() },
  'signups:get': {
    method: 'signups',
    args: z.tuple([z.strictObject({ campaignId: campaignIdSchema, refresh: flag('refresh') })]),
    result: returns<SignupsResult>(),
  },
  /** Asks where to save, then writes every sign-up as CSV or Excel; null when cancelled. */
  'signups:export': {
    method: 'exportSignups',
    args: z.tuple([signupsExportRequestSchema]),
    result: returns<SignupsExportResult | null>(),
  },
  'account:contributions': {
    method: 'accountContributions',
    args: z.tuple([z.strictObject({ accountId: accountIdSchema })]),
    result: returns<AccountContributionsView>(),
  },
  'network:status': { method: 'networkStatus', args: noArgs, result: returns<NetworkStatus>() },
  /** Opens an https URL on the allow-list in the system browser. */
  'shell:openExternal': {
    method: 'openExternal',
    args: z.tuple([z.strictObject({ url: text('Link', 2048, 'The link is too long to open.') })]),
    result: returns<boolean>(),
  },
  /** Pre-print checks of the selection; each carries the contribution ids to open as a list. */
  'export:checks': {
    method: 'runChecks',
    args: z.tuple([selectionRequestSchema]),
    result: returns<PrePrintCheck[]>(),
  },
  /** Asks where to save, then writes the packing list; null when the dialog was cancelled. */
  'export:excel': {
    method: 'exportExcel',
    args: z.tuple([selectionRequestSchema]),
    result: returns<ExcelExportResult | null>(),
  },
  'export:csv': {
    method: 'exportCsv',
    args: z.tuple([csvExportRequestSchema]),
    result: returns<CsvExportResult | null>(),
  },
  'print:labelsPreview': {
    method: 'previewLabels',
    args: z.tuple([labelsRequestSchema]),
    result: returns<LabelsPreview>(),
  },
  /** Addresses the sheet layout fits only at a size hard to read (asked apart: it fits them all). */
  'print:smallAddresses': {
    method: 'smallLabelAddresses',
    args: z.tuple([labelsRequestSchema]),
    result: returns<SmallLabelAddresses>(),
  },
  /** The system print dialog; `printed` is false when the person cancelled it. */
  'print:labels': {
    method: 'printLabels',
    args: z.tuple([labelsRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Saves the labels as PDF (null when the dialog was cancelled); not marked printed. */
  'print:labelsPdf': {
    method: 'saveLabelsPdf',
    args: z.tuple([labelsRequestSchema]),
    result: returns<LabelsPdfSaved | null>(),
  },
  // Packing slips in batches (slip-batches.ts): a preview of the first slip and the batches,
  // one batch to the printer, every batch to PDF files with progress events and cancel.
  'print:slipsPreview': {
    method: 'previewSlips',
    args: z.tuple([slipBatchesRequestSchema]),
    result: returns<SlipsPreview>(),
  },
  'print:slips': {
    method: 'printSlips',
    args: z.tuple([slipBatchPrintRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Asks where to save, then writes one file per batch; null when the dialog was cancelled. */
  'print:slipsPdf': {
    method: 'saveSlipsPdf',
    args: z.tuple([slipBatchesRequestSchema]),
    result: returns<SlipsSaved | null>(),
  },
  /** Stops a running "Save as PDF" of slips; its files are removed. False when none runs. */
  'print:cancelSlips': { method: 'cancelSlips', args: noArgs, result: returns<boolean>() },
  /** "Mark as printed" of a labels or slips PDF saved in this run: its orders, on the floor. */
  'print:markPdfPrinted': {
    method: 'markPdfPrinted',
    args: z.tuple([pdfPrintedRequestSchema]),
    result: returns<PdfPrintedResult>(),
  },
  /** The note of an order on the packing floor (blank clears it); the order's record now. */
  'floor:setNote': {
    method: 'setFloorNote',
    args: z.tuple([floorNoteRequestSchema]),
    result: returns<OrderFloorState | null>(),
  },
  /** The floor per perk and SKU variant: to ship, printed, packed, shipped (offline). */
  'floor:progress': { method: 'floorProgress', args: campaign, result: returns<FloorProgress>() },
  /** Reads a shipper's tracking export and says what importing it would do; writes nothing. */
  'floor:trackingPreview': {
    method: 'previewTracking',
    args: z.tuple([trackingPreviewRequestSchema]),
    result: returns<TrackingPreviewView>(),
  },
  /** Writes the tracking numbers of a preview made just before. */
  'floor:trackingImport': {
    method: 'importTracking',
    args: z.tuple([trackingImportRequestSchema]),
    result: returns<TrackingImportResult>(),
  },
  /** Fills the dashboard's contributions CSV, asks where to save the copy; null if cancelled. */
  'floor:fillDashboard': {
    method: 'fillDashboard',
    args: z.tuple([dashboardFillRequestSchema]),
    result: returns<DashboardFillReport | null>(),
  },
  // A dashboard export as the campaign's offline copy (dashboard-import.ts).
  /** Asks for the file (main's dialog), reads it and says what it holds; null if cancelled. */
  'dashboard:preview': {
    method: 'previewDashboardImport',
    args: z.tuple([dashboardPreviewRequestSchema]),
    result: returns<DashboardImportPreview | null>(),
  },
  /** Writes what a preview read; a file changed since is previewed again, nothing written. */
  'dashboard:import': {
    method: 'importDashboardFile',
    args: z.tuple([dashboardImportRequestSchema]),
    result: returns<DashboardImportOutcome>(),
  },
  'dashboard:discard': {
    method: 'discardDashboardPreview',
    args: z.tuple([dashboardDiscardRequestSchema]),
    result: returns<boolean>(),
  },
  /** The pick list of the selection on paper, through the system print dialog. */
  'picklist:print': {
    method: 'printPickList',
    args: z.tuple([pickListPrintRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Asks where to save, then writes the pick list as PDF; null when the dialog was cancelled. */
  'picklist:pdf': {
    method: 'savePickListPdf',
    args: z.tuple([pickListPrintRequestSchema]),
    result: returns<PickListPdfSaved | null>(),
  },
  // The pack station (issue 12): orders looked up in the rows main holds, packed through the
  // floor's store, the station's work in progress kept in the offline cache.
  /** The order a scanned or typed code names (slip barcode, `#12`), with its warnings. */
  'floor:scanOrder': {
    method: 'scanOrder',
    args: z.tuple([scanRequestSchema]),
    result: returns<StationScan>(),
  },
  /** Packs at this station (Settings: station name) unless a station packed it first. */
  'floor:pack': {
    method: 'packOrder',
    args: z.tuple([stationOrderRequestSchema]),
    result: returns<StationPackResult>(),
  },
  /** Undo of a pack: true when it was packed. */
  'floor:unpack': {
    method: 'unpackOrder',
    args: z.tuple([stationOrderRequestSchema]),
    result: returns<boolean>(),
  },
  'floor:addTracking': {
    method: 'addTracking',
    args: z.tuple([trackingRequestSchema]),
    result: returns<StationTrackingResult>(),
  },
  'floor:stationSession': {
    method: 'stationSession',
    args: campaign,
    result: returns<StationSession | null>(),
  },
  'floor:saveStationSession': {
    method: 'saveStationSession',
    args: z.tuple([saveSessionRequestSchema]),
    result: returns<boolean>(),
  },
  ...TEAM_CHANNELS,
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

import type {
  AccountContribution,
  BatchStatus,
  CampaignContribution,
  OrderStatusText,
  Signup,
} from '../api/schemas'
import type { SchemaProblem } from '../api/validate'
import type { PrePrintCheck } from '../export/checks'
import type { PerkGroup, PickListRow, StatusCount } from '../fulfillment'

export type { PrePrintCheck, PrePrintCheckId, PrePrintSeverity } from '../export/checks'

/**
 * The one list of operations the renderer may ask of the main process. Main registers a
 * handler per channel, the preload (and the web harness) build one named method per channel
 * from it, and the renderer's `window.perkpack` type is derived from that object.
 * Nothing in here may carry a token: the renderer only ever learns who is signed in.
 */

export interface AppInfo {
  name: string
  version: string
  /** Data API, e.g. https://api.indiegogo.com (paths under /2/ are appended). */
  baseUrl: string
  /** Token endpoint is `${authUrl}/oauth/token`. */
  authUrl: string
  /** Where the URLs came from, so the UI can say why it talks to a non-default host. */
  source: 'default' | 'environment' | 'settings'
  /** Running inside the web harness (browser) rather than Electron. */
  harness: boolean
}

export type ThemeSetting = 'light' | 'dark' | 'system'

export interface AppSettings {
  baseUrl: string
  authUrl: string
  /** Pages fetched at once during a sync, 1 to 16. */
  concurrency: number
  theme: ThemeSetting
  /** Label stock "Print & export" starts with. */
  labelLayout: LabelLayoutId
  /** Printer calibration: every label shifted right (x) and down (y), -25.4 to 25.4 mm. */
  labelOffsetMm: { x: number; y: number }
  labelOrder: LabelOrder
  /** The small "#sequence · SKUs" line at the foot of each label. */
  labelSummary: boolean
  slipPaper: SlipPaper
  /** Printed at the foot of every packing slip; may be empty. */
  slipFooterNote: string
  /** ISO 3166-1 alpha-2 code of the country parcels leave from, e.g. "US". */
  senderCountry: string
  /** Pre-print checks warn when the last sync is older than this, in hours. */
  staleAfterHours: number
}

export type LabelLayoutId = 'avery5160' | 'averyL7160' | 'thermal4x6'
export type LabelOrder = 'variant' | 'sequence'
export type SlipPaper = 'letter' | 'a4'
export type ShipperCsvFormat = 'generic' | 'shipstation'

/** Labels on one sheet of each stock ("Start at label" runs from 1 to this); main checks it. */
export const LABELS_PER_SHEET: Readonly<Record<LabelLayoutId, number>> = {
  avery5160: 30,
  averyL7160: 21,
  thermal4x6: 1,
}

export interface SessionInfo {
  signedIn: boolean
  /** null when signed in with the API token only (unprivileged: no e-mails, no addresses). */
  email: string | null
  privileged: boolean
  /** ISO time the access token expires, when the server said. */
  expiresAt: string | null
  /** The signed-in session is the bundled demo simulator. */
  demo: boolean
  /** "the OS keychain" or "memory (this run only)". */
  secretStore: string
  /** Set once when the keychain was unavailable and secrets are kept in memory. */
  secretStoreWarning: string | null
}

export interface SignInInput {
  apiToken: string
  /** Empty or absent: API token only. */
  email?: string
  password?: string
  baseUrl?: string
  authUrl?: string
}

export interface CampaignSummary {
  campaignId: number
  /** Slug or title when known. */
  title: string | null
  count: number
  /** Contributions of the last sync that could not be read (problem rows, `problems:list`). */
  problemCount: number
  /** ISO time of the last complete sync. */
  lastSyncedAt: string
  privileged: boolean
}

export interface SyncRequest {
  campaignId: number
  /** Defaults to the setting. */
  concurrency?: number
}

export interface SyncSummary {
  campaignId: number
  /** Contributions in the offline copy now (the kept one while `shrink` waits for a choice). */
  count: number
  /** Its contributions that could not be read. */
  problemCount: number
  pagesFetched: number
  elapsedMs: number
  /**
   * Set when the sync found far fewer orders than the offline copy holds: nothing was replaced,
   * and main holds the new rows until `campaigns:resolveShrink` (or the next sync of the
   * campaign, or sign-out, which keep the current copy).
   */
  shrink: ShrinkPending | null
}

/** A smaller copy waiting for the person's choice; both counts are readable orders. */
export interface ShrinkPending {
  campaignId: number
  /** Orders of the offline copy now. */
  currentCount: number
  /** Orders the sync found. */
  incomingCount: number
  /** Rows the sync could not read, besides. */
  incomingProblemCount: number
}

/** "Replace with the smaller copy" or "Keep the current copy". */
export type ShrinkChoice = 'replace' | 'keep'

/** Problem rows listed at most by `problems:list`; `ProblemRowsView.problemCount` has them all. */
export const MAX_PROBLEM_ROWS_LISTED = 500

/** A contribution the last sync could not read, fit to show and to copy out. */
export interface ProblemRowView {
  /** The contribution id, null when the row had no usable one. */
  id: number | null
  /** Place counted from the oldest contribution, 0 first (a row without an id is "row rank+1"). */
  rank: number
  /** Field paths and what was wrong with each. */
  problems: SchemaProblem[]
  /** The row as sent, with e-mails, names, addresses, phone numbers and tokens masked. */
  maskedRaw: unknown
}

export interface ProblemRowsView {
  campaignId: number
  title: string | null
  lastSyncedAt: string
  /** Readable contributions of the snapshot. */
  count: number
  problemCount: number
  /** Newest first, at most MAX_PROBLEM_ROWS_LISTED. */
  rows: ProblemRowView[]
}

/** Mirrors the sync engine's progress events. */
export interface SyncProgressEvent {
  campaignId: number
  phase: 'walking' | 'catching-up' | 'rewalking' | 'saving' | 'done'
  pagesDone: number
  pagesTotal: number
  records: number
  expected: number
  elapsedMs: number
  rate: number
  etaMs: number | null
}

/** One order as the table needs it; the renderer holds only the ones scrolled to. */
export interface OrderRow {
  /** Contribution id (the row key). */
  id: number
  orderId: number
  /** null when the API sent no order number. */
  sequenceNumber: number | null
  /** Contributor name, else the public display name, else empty. */
  backer: string
  email: string | null
  /** A known status, or the text the API sent (shown as is). */
  status: OrderStatusText
  /** Perk labels joined for display, "(no perk)" when none. */
  perks: string
  /** "2x Tidepool T-Shirt (Size: M, Colour: Black); Core Game". */
  items: string
  country: string | null
  city: string | null
  createdAt: string | null
}

export interface OrdersFilter {
  /** Empty array: every status. Absent: captured + in fulfillment. */
  statuses?: OrderStatusText[]
  search?: string
  country?: string
  /** Tree node: a perk (null = the "No perk" group) ... */
  perkId?: number | null
  /** ... or a SKU variant (a `variantKey`) inside that perk. */
  variant?: string
  /**
   * Only these contributions (a pre-print check's list), combined with the fields above like
   * any other filter: send `statuses: []` with it to show exactly these orders. The tree and the
   * pick list are built over them too.
   */
  ids?: number[]
}

export interface OrdersSnapshot {
  campaign: CampaignSummary
  /** Countries present, sorted, for the country filter. */
  countries: string[]
  /**
   * Orders per status over the whole snapshot: the seven known statuses, then the texts the API
   * sent that PerkPack does not know (shown as sent, selectable in the status filter).
   */
  statuses: StatusCount[]
}

/**
 * Rows cross IPC by position, a page at a time as the table scrolls: at 100,000 orders, moving
 * every row to the renderer took longer than the whole second a person waits for the view.
 */
export const ORDERS_PAGE_SIZE = 100
/** The most rows one `orders:rows` request answers. */
export const MAX_ORDER_ROWS_PER_REQUEST = 2000

export interface OrdersQueryResult {
  /** Names this answer for `orders:rows`. Main keeps the last few answers. */
  resultId: number
  /** Orders matching the whole filter (incl. the tree node). */
  count: number
  /** The first rows (up to ORDERS_PAGE_SIZE), in display order: the table paints at once. */
  rows: OrderRow[]
  /** The perk / SKU tree over orders matching status, search and country (not the node). */
  tree: PerkGroup[]
  /** The pick list over the same orders as the tree. */
  pickList: PickListRow[]
  totals: { orders: number; units: number; variants: number }
}

/** Rows `offset` to `offset + limit` of a query's answer. */
export interface OrderRowsRequest {
  campaignId: number
  resultId: number
  offset: number
  limit: number
}

export interface OrderDetail {
  contribution: CampaignContribution
  /** The ship-to address formatted for its country, one line each; empty when hidden. */
  addressLines: string[]
}

export interface WatchedJob {
  campaignId: number
  jobId: string
  status: BatchStatus | null
  /** ISO time of the last answer. */
  updatedAt: string | null
  /** The job reached completed, failed or killed: no more polling. */
  done: boolean
  /** Last polling failure, for a person to read; polling goes on unless done. */
  error: string | null
}

export interface SignupsResult {
  campaignId: number
  signups: Signup[]
  /** ISO time the list was fetched. */
  savedAt: string
  /** Served from the offline copy because the API could not be reached. */
  offline: boolean
}

export type AccountContributionsView =
  | {
      visible: true
      accountId: string
      contributions: AccountContribution[]
      count: number
      /** Rows without a usable id: left out of the list, counted here. */
      unreadable: number
    }
  | { visible: false; accountId: string; hiddenCount: number; message: string }

export interface NetworkStatus {
  /** false after a request failed for network reasons, true again after one succeeds. */
  online: boolean
  /** ISO time of the last change. */
  since: string
}

/** The orders about to go out: the Orders view's current filter over the offline copy. */
export interface SelectionRequest {
  campaignId: number
  filter: OrdersFilter
}

export interface LabelsRequest extends SelectionRequest {
  layout: LabelLayoutId
  /** 1-based position on the first sheet, up to LABELS_PER_SHEET[layout]. */
  startAt: number
  offsetMm: { x: number; y: number }
  order: LabelOrder
  showSummary: boolean
}

export interface SlipsRequest extends SelectionRequest {
  paper: SlipPaper
}

export interface ExcelExportResult {
  path: string
  orders: number
  sheets: number
}

export interface CsvExportResult {
  path: string
  /** Line items written (the header not counted). */
  rows: number
  orders: number
}

/** An order left off the labels, or whose label needs a look. */
export interface LabelIssue {
  contributionId: number
  sequenceNumber: number | null
  message: string
}

export interface LabelsPreview {
  /** The first sheet only, as a self-contained document (no scripts, no requests). */
  html: string
  /** Labels over every sheet, and the sheets. */
  labels: number
  pages: number
  /** Orders without a usable address: at most 100 listed, `skippedCount` is all of them. */
  skipped: LabelIssue[]
  skippedCount: number
  /** Labels of the previewed sheet whose text had to wrap or overflows (laid out: that sheet). */
  warnings: LabelIssue[]
  warningCount: number
  /** One sheet's size in CSS pixels (96 per inch), to scale the preview. */
  pageWidthPx: number
  pageHeightPx: number
}

export type ExportKind = 'excel' | 'csv' | 'labels' | 'slips'

export interface ExportProgressEvent {
  kind: ExportKind
  /** Rows written so far over every sheet, of `total`. */
  done: number
  total: number
}

export interface IpcContract {
  'app:info': { args: []; result: AppInfo }
  'settings:get': { args: []; result: AppSettings }
  'settings:update': { args: [Partial<AppSettings>]; result: AppSettings }
  'session:status': { args: []; result: SessionInfo }
  'session:signIn': { args: [SignInInput]; result: SessionInfo }
  /** After a SignInRequired: the password again, without leaving the screen. */
  'session:reauthenticate': { args: [{ password: string }]; result: SessionInfo }
  /** Removes every secret of the account and wipes its cached data. */
  'session:signOut': { args: []; result: SessionInfo }
  /** Starts the bundled simulator in the main process and signs in to it. */
  'demo:start': { args: []; result: SessionInfo & { campaignIds: number[]; jobIds: string[] } }
  'campaigns:recent': { args: []; result: CampaignSummary[] }
  'campaigns:sync': { args: [SyncRequest]; result: SyncSummary }
  'campaigns:cancelSync': { args: [{ campaignId: number }]; result: boolean }
  /** The smaller copy of a campaign waiting for a choice, if any (after a reload, say). */
  'campaigns:pendingShrink': { args: [{ campaignId: number }]; result: ShrinkPending | null }
  /** Replaces the offline copy with the waiting smaller one, or drops that one. */
  'campaigns:resolveShrink': {
    args: [{ campaignId: number; choice: ShrinkChoice }]
    result: SyncSummary
  }
  /** The contributions of the last sync that could not be read, personal data masked. */
  'problems:list': { args: [{ campaignId: number }]; result: ProblemRowsView }
  'orders:open': { args: [{ campaignId: number }]; result: OrdersSnapshot }
  'orders:query': {
    args: [{ campaignId: number; filter: OrdersFilter }]
    result: OrdersQueryResult
  }
  /**
   * A page of a query's rows. Fails with `orders_result_gone` once main no longer holds that
   * answer (a newer snapshot, or many queries since): query again.
   */
  'orders:rows': { args: [OrderRowsRequest]; result: OrderRow[] }
  'orders:detail': { args: [{ campaignId: number; contributionId: number }]; result: OrderDetail }
  'jobs:list': { args: []; result: WatchedJob[] }
  'jobs:watch': { args: [{ campaignId: number; jobId: string }]; result: WatchedJob }
  'jobs:unwatch': { args: [{ campaignId: number; jobId: string }]; result: WatchedJob[] }
  'signups:get': { args: [{ campaignId: number; refresh: boolean }]; result: SignupsResult }
  'account:contributions': { args: [{ accountId: number }]; result: AccountContributionsView }
  'network:status': { args: []; result: NetworkStatus }
  /** Opens an https URL on the allow-list in the system browser. */
  'shell:openExternal': { args: [{ url: string }]; result: boolean }
  /** Pre-print checks of the selection; each carries the contribution ids to open as a list. */
  'checks:run': { args: [SelectionRequest]; result: PrePrintCheck[] }
  /** Asks where to save, then writes the packing list; null when the dialog was cancelled. */
  'export:excel': { args: [SelectionRequest]; result: ExcelExportResult | null }
  'export:csv': {
    args: [SelectionRequest & { format: ShipperCsvFormat }]
    result: CsvExportResult | null
  }
  'print:labelsPreview': { args: [LabelsRequest]; result: LabelsPreview }
  /** The system print dialog; `printed` is false when the person cancelled it. */
  'print:labels': { args: [LabelsRequest]; result: { printed: boolean } }
  'print:labelsPdf': { args: [LabelsRequest]; result: { path: string } | null }
  'print:slips': { args: [SlipsRequest]; result: { printed: boolean } }
  'print:slipsPdf': { args: [SlipsRequest]; result: { path: string } | null }
}

/** Events main sends on its own; listeners get the payload only (never the Electron event). */
export interface IpcEvents {
  'sync:progress': SyncProgressEvent
  'job:update': WatchedJob
  'network:status': NetworkStatus
  /** A request needed a sign-in the main process could not renew: ask for the password. */
  'session:expired': { email: string | null; message: string }
  /** An export under way (the Excel packing list reports rows written). */
  'export:progress': ExportProgressEvent
}

export type IpcChannel = keyof IpcContract
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args']
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result']
export type IpcEventName = keyof IpcEvents

/** An error as it crosses IPC: a stable code and a message already fit for a person. */
export interface IpcError {
  code: string
  message: string
}

/**
 * What a handler's answer looks like on the wire. Thrown errors lose their fields over
 * Electron's IPC, so failures travel as values and the bridge turns them back into errors.
 */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export type Invoke = <C extends IpcChannel>(
  channel: C,
  ...args: IpcArgs<C>
) => Promise<IpcEnvelope<IpcResult<C>>>

export type Subscribe = <E extends IpcEventName>(
  event: E,
  listener: (payload: IpcEvents[E]) => void,
) => () => void

/** Thrown in the renderer for a failed operation; `code` is stable, `message` human. */
export class BridgeError extends Error {
  override name = 'BridgeError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** Method names the renderer sees, one per channel. */
export const BRIDGE_METHODS = {
  appInfo: 'app:info',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  sessionStatus: 'session:status',
  signIn: 'session:signIn',
  reauthenticate: 'session:reauthenticate',
  signOut: 'session:signOut',
  startDemo: 'demo:start',
  recentCampaigns: 'campaigns:recent',
  syncCampaign: 'campaigns:sync',
  cancelSync: 'campaigns:cancelSync',
  pendingShrink: 'campaigns:pendingShrink',
  resolveShrink: 'campaigns:resolveShrink',
  problemRows: 'problems:list',
  openOrders: 'orders:open',
  queryOrders: 'orders:query',
  orderRows: 'orders:rows',
  orderDetail: 'orders:detail',
  listJobs: 'jobs:list',
  watchJob: 'jobs:watch',
  unwatchJob: 'jobs:unwatch',
  signups: 'signups:get',
  accountContributions: 'account:contributions',
  networkStatus: 'network:status',
  openExternal: 'shell:openExternal',
  runChecks: 'checks:run',
  exportExcel: 'export:excel',
  exportCsv: 'export:csv',
  previewLabels: 'print:labelsPreview',
  printLabels: 'print:labels',
  saveLabelsPdf: 'print:labelsPdf',
  printSlips: 'print:slips',
  saveSlipsPdf: 'print:slipsPdf',
} as const satisfies Record<string, IpcChannel>

/** Listener methods: `onSyncProgress(listener)` returns its unsubscribe function. */
export const BRIDGE_EVENTS = {
  onSyncProgress: 'sync:progress',
  onJobUpdate: 'job:update',
  onNetworkStatus: 'network:status',
  onSessionExpired: 'session:expired',
  onExportProgress: 'export:progress',
} as const satisfies Record<string, IpcEventName>

type BridgeMethods = typeof BRIDGE_METHODS
type BridgeEvents = typeof BRIDGE_EVENTS
type BridgeListeners = {
  [E in keyof BridgeEvents]: (listener: (payload: IpcEvents[BridgeEvents[E]]) => void) => () => void
}

/**
 * `window.perkpack` as the preload (or the web harness) exposes it: every method answers an
 * envelope. Errors are not thrown across the context bridge because Electron copies only
 * their message, and the renderer needs the code.
 */
export type PerkPackBridge = {
  [M in keyof BridgeMethods]: (
    ...args: IpcArgs<BridgeMethods[M]>
  ) => Promise<IpcEnvelope<IpcResult<BridgeMethods[M]>>>
} & BridgeListeners

/** What the renderer programs against: values, or a thrown BridgeError. */
export type PerkPackApi = {
  [M in keyof BridgeMethods]: (
    ...args: IpcArgs<BridgeMethods[M]>
  ) => Promise<IpcResult<BridgeMethods[M]>>
} & BridgeListeners

/** Builds `window.perkpack` over any transport: Electron IPC in the preload, HTTP in the web harness. */
export function createBridge(invoke: Invoke, subscribe: Subscribe): PerkPackBridge {
  const bridge: Record<string, unknown> = {}
  for (const [method, channel] of Object.entries(BRIDGE_METHODS)) {
    bridge[method] = (...args: unknown[]) =>
      (invoke as (c: string, ...a: unknown[]) => Promise<IpcEnvelope<unknown>>)(channel, ...args)
  }
  for (const [method, event] of Object.entries(BRIDGE_EVENTS)) {
    bridge[method] = (listener: (payload: unknown) => void) =>
      (subscribe as (e: string, l: (p: unknown) => void) => () => void)(event, listener)
  }
  return bridge as PerkPackBridge
}

/** The renderer's view of the bridge: unwraps envelopes, throwing BridgeError on failure. */
export function unwrapBridge(bridge: PerkPackBridge): PerkPackApi {
  const api: Record<string, unknown> = {}
  for (const method of Object.keys(BRIDGE_METHODS)) {
    const call = bridge[method as keyof BridgeMethods] as (
      ...a: unknown[]
    ) => Promise<IpcEnvelope<unknown>>
    api[method] = async (...args: unknown[]) => {
      const envelope = await call(...args)
      if (envelope.ok) return envelope.value
      throw new BridgeError(envelope.error.code, envelope.error.message)
    }
  }
  for (const method of Object.keys(BRIDGE_EVENTS)) {
    api[method] = bridge[method as keyof BridgeEvents]
  }
  return api as PerkPackApi
}

/** Channel names for the main side: every one must have a handler. */
export const IPC_CHANNELS = Object.values(BRIDGE_METHODS) as IpcChannel[]
export const IPC_EVENT_NAMES = Object.values(BRIDGE_EVENTS) as IpcEventName[]

import type {
  AccountContribution,
  BatchStatus,
  CampaignContribution,
  OrderStatusText,
  Signup,
} from '../api/schemas'
import type { AddressesHiddenBy } from '../api/hidden-fields-text'
import type { SchemaProblem } from '../api/validate'
import type { Currency } from '../format/locale-format'
import type {
  ByHandRow,
  LeftOutCounts,
  MatchedField,
  PerkGroup,
  PerkOverlap,
  PickListRow,
  PickListTotals,
  StatusCount,
  VariantGroup,
} from '../fulfillment'
import type { OrderFloorState as FloorState } from '../floor/order-state'
import type { PrintedDocument } from '../floor/order-state'
import type { SnapshotSource } from '../dashboard/snapshot-source'
import type { ExportKind, LabelLayoutId, SyncPhase, TargetSource, TrackingFormat } from './enums'
import type { TrackingHoldReason } from '../floor/tracking-holds'

export type { PrePrintCheck, PrePrintCheckId, PrePrintSeverity } from '../export/checks'
export type { FloorProgress, SlipOrderRef } from '../floor/progress'
import type { FloorStage } from '../floor/order-state'

/**
 * What main answers and sends. Main builds these, so plain types say enough; what the renderer
 * sends is checked against the zod schemas of argument-schemas.ts instead. Nothing in here may
 * carry a token: the renderer only ever learns who is signed in.
 */

export interface AppInfo {
  name: string
  version: string
  /** Data API, e.g. https://api.indiegogo.com (paths under /2/ are appended). */
  baseUrl: string
  /** Token endpoint is `${authUrl}/oauth/token`. */
  authUrl: string
  source: TargetSource
  /** Running inside the web harness (browser) rather than Electron. */
  harness: boolean
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
  /** Set when settings.json could not be read at start and the defaults are in use. */
  settingsWarning: string | null
}

/** `demo:start`: the demo's session, and the campaigns and batch jobs it can show. */
export interface DemoStarted extends SessionInfo {
  campaignIds: number[]
  jobIds: string[]
}

export interface CampaignSummary {
  campaignId: number
  /** The name it is shown by: the person's, else its title, else its slug made readable. */
  title: string | null
  count: number
  /** Contributions of the last sync that could not be read (problem rows, `problems:list`). */
  problemCount: number
  /** ISO time of the last complete sync (or import of a dashboard file). */
  lastSyncedAt: string
  privileged: boolean
  /** Set when the offline copy was imported from a dashboard file, not synced from the API. */
  source: SnapshotSource | null
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
   * and main holds the new rows until `sync:resolveShrink` (or the next sync of the
   * campaign, or sign-out, which keep the current copy).
   */
  shrink: ShrinkPending | null
  /**
   * Floor records (packed, tracking, notes) made against the stand-in ids of a dashboard file
   * this sync replaced, that the synced copy does not show (they are kept); else 0.
   */
  floorLeftBehind: number
  /**
   * Signed in as a person, yet the API sent no e-mail or address: the account is not on the
   * campaign's team (NOT_ON_TEAM_TEXT says so).
   */
  notOnTeam: boolean
}

/**
 * A copy held back for the person's choice: far fewer orders than the offline copy (both counts
 * are readable orders), or one without the e-mails and addresses the offline copy has.
 */
export interface ShrinkPending {
  campaignId: number
  /** Orders of the offline copy now. */
  currentCount: number
  /** Orders the sync found. */
  incomingCount: number
  /** Rows the sync could not read, besides. */
  incomingProblemCount: number
  /** Held because the sync found far fewer orders than the offline copy holds. */
  fewerOrders: boolean
  /**
   * The offline copy has e-mails and addresses and the new one none, and why: replacing it
   * loses them. null when it keeps them.
   */
  addressesLost: AddressesHiddenBy | null
}

/** A contribution the last sync could not read, fit to show and to copy out. */
export interface ProblemRowView {
  /** The contribution id, null when the row had no usable one. */
  id: number | null
  /** Place counted from the oldest contribution, 0 first (a row without an id is "row rank+1"). */
  rank: number
  /** Field paths and what was wrong with each. */
  problems: SchemaProblem[]
  /** The order number the row carries, if it could be read. */
  orderNumber: number | null
  /** The backer's name the row carries (contributor name, display name or ship-to name). */
  backer: string | null
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

/** How a sync is getting on: the sync engine reports it, `sync:progress` carries it as is. */
export interface SyncProgress {
  campaignId: number
  phase: SyncPhase
  pagesDone: number
  pagesTotal: number
  /** Distinct contributions received so far. */
  records: number
  /** What the API says the campaign holds (pagination.count of the latest page). */
  expected: number
  elapsedMs: number
  /** Records per second so far; 0 until there is something to measure. */
  rate: number
  /** Estimated time left, null while unknown. */
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
  /** Where the order stands on the packing floor, and who packed it when. */
  floor: FloorStage
  station: string | null
  packedAt: string | null
  /**
   * With a search: the order's fields its terms were found in (a SKU, a choice, the city), so
   * that a match outside the columns shown is still on screen.
   */
  matched?: MatchedField[]
}

/** How many orders of a snapshot ship to a country, as the API spells it. */
export interface CountryCount {
  country: string
  count: number
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
  /** Orders per country of `countries`, in its order: the country filter's counts. */
  countryCounts: CountryCount[]
}

export interface OrdersQueryResult {
  /** Names this answer for `orders:rows`. Main keeps the last few answers. */
  resultId: number
  /** Orders matching the whole filter (incl. the tree node). */
  count: number
  /** The first rows (up to ORDERS_PAGE_SIZE), in display order: the table paints at once. */
  rows: OrderRow[]
  /** The perk / SKU tree over orders matching status, search and country (not the node). */
  tree: PerkGroup[]
  /** Orders, units and variants under the tree: its "All orders" node. */
  totals: PickListTotals
  /**
   * The pick list of the orders matching the whole filter (incl. the node) that ship, as printed:
   * items of digital perks left off. Only when asked for: see `hasPickList`.
   */
  pickList: PickListRow[]
  /** `orders`: the orders that ship. */
  pickListTotals: PickListTotals
  /** The orders of the filter left off the pick list, per reason. */
  pickListLeftOut: LeftOutCounts
  /** Items of the orders on the pick list PerkPack cannot pick by SKU (no SKU, ...). */
  pickListByHand: ByHandRow[]
  /** Packed orders of the campaign the last sync turned refunded, on hold or unprocessable. */
  packedButStopped: number
  /** Each SKU variant over every perk holding it, under the tree's filter (not the nodes). */
  skus: VariantGroup[]
  /** Orders under the tree holding several perks, by how many: why perk counts add up to more. */
  perkOverlap: PerkOverlap[]
  /**
   * Whether the query asked for the pick list (`pickList: true`); without it the three
   * pick-list fields above are empty, not the selection's.
   */
  hasPickList: boolean
}

/** A pick list saved as PDF: where, and what it holds (only the orders that ship). */
export interface PickListPdfSaved {
  path: string
  variants: number
  units: number
  /** Orders that ship, whose items are listed. */
  orders: number
  /** Orders of the selection left off because they have nothing to ship. */
  leftOut: number
  pages: number
}

export interface OrderDetail {
  contribution: CampaignContribution
  /** The ship-to address formatted for its country, one line each; empty when hidden. */
  addressLines: string[]
  /** The packing floor's record of the order; null when nothing happened to it yet. */
  floor: FloorState | null
  /** The campaign's currency, when a campaign object named it: for an amount the row does not. */
  currency: Currency | null
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
  /** The orders the job could not update, where its status names them (jobs/job-failures.ts). */
  failures?: JobOrderFailure[]
}

/** One order a batch job could not update, as the Jobs view lists it. */
export interface JobOrderFailure {
  orderId: number
  /** "#4521, María Nuñez", or "Order ID 81700231" when the offline copy does not hold it. */
  order: string
  /** The order in the offline copy, so Orders can list it; null when the copy lacks it. */
  contributionId: number | null
  /** The platform's reason. */
  message: string
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
  /** Orders without a label (a status that does not ship, nothing to ship, no address): at most 100 listed per reason. */
  skipped: LabelIssue[]
  /** Every reason orders were left out for (a `skipped` message), counted in full, most first. */
  skippedReasons: { reason: string; count: number }[]
  /** All of them, */
  skippedCount: number
  /** ... and how many for each reason. */
  leftOut: LeftOutCounts
  /** Labels of the previewed sheet whose text had to wrap or overflows (laid out: that sheet). */
  warnings: LabelIssue[]
  warningCount: number
  /** One sheet's size in CSS pixels (96 per inch), to scale the preview. */
  pageWidthPx: number
  pageHeightPx: number
  /** The layout laid out: a 4×6 roll counts labels, not sheets (shared/export/label-words.ts). */
  layout: LabelLayoutId
}

/**
 * Labels of a sheet layout whose address prints below a readable size, over the whole
 * selection (the label panel suggests 4×6 for them); none on 4×6 itself.
 */
export interface SmallLabelAddresses {
  layout: LabelLayoutId
  /** The size below which an address counts as too small, in points. */
  readablePt: number
  count: number
  /** The smallest size among them; null when there are none. */
  smallestPt: number | null
  /** The first of them, by order, with the size each prints at. */
  orders: { contributionId: number; sequenceNumber: number | null; fontPt: number }[]
  /** All of them: "Open list" in Orders. */
  contributionIds: number[]
}

export interface ExportProgressEvent {
  kind: ExportKind
  /** Rows written so far over every sheet, of `total`. */
  done: number
  total: number
}

/** `signups:export`: where the sign-ups went, and how many. */
export interface SignupsExportResult {
  path: string
  signups: number
}

/** `print:labelsPdf`: the labels saved as PDF; not printed until the person says so. */
export interface LabelsPdfSaved {
  path: string
  /** Hand to `print:markPdfPrinted` once the file went to the printer. */
  savedPdfId: number
  /** Orders with a label in the file. */
  orders: number
}

/** `print:markPdfPrinted`: which document of how many orders is now marked printed. */
export interface PdfPrintedResult {
  document: PrintedDocument
  orders: number
}

/** `session:expired`: a request needed a sign-in main could not renew. */
export interface SessionExpired {
  email: string | null
  message: string
}

/**
 * What a tracking import would do (`floor:trackingPreview`); lists are cut, the counts are whole.
 * Every data row is in exactly one of matched, held, alreadyStored, duplicates, unmatched and
 * problems: their counts add up to `rows`.
 */
export interface TrackingPreviewView {
  /** Hand back to `floor:trackingImport` to write exactly this preview. */
  previewId: number
  fileName: string
  format: TrackingFormat
  /** The file's data rows (lines with a value in some cell, under the header). */
  rows: number
  /** Lines with no value in any cell, skipped: not data rows. */
  emptyRows: number
  matched: number
  alreadyStored: number
  /** Rows repeating an order and tracking number met earlier in the file. */
  duplicates: number
  /**
   * New numbers of orders no parcel went out for (not packed, nothing to ship, stopped), left
   * apart: written only for the reasons `floor:trackingImport` is asked to include.
   */
  held: {
    count: number
    byReason: Record<TrackingHoldReason, number>
    rows: {
      line: number
      orderId: number
      /** The order number people and shippers know it by; null when the API sent none. */
      sequenceNumber: number | null
      trackingNumber: string
      reason: TrackingHoldReason
      status: string
    }[]
  }
  unmatched: { count: number; rows: { line: number; orderNumber: string }[] }
  conflicts: {
    count: number
    rows: {
      line: number
      orderId: number
      /** The order number people and shippers know it by; null when the API sent none. */
      sequenceNumber: number | null
      trackingNumber: string
      stored: string[]
    }[]
  }
  problems: { count: number; rows: { line: number; column: string; message: string }[] }
}

export interface TrackingImportResult {
  added: number
  unchanged: number
  /** Held rows of the preview left unwritten (their reasons were not included). */
  leftApart: number
  /** Team mode: written on this desk only, queued while the team store cannot be reached. */
  queued?: string
}

/** `floor:fillDashboard`: what was written where (null from the channel when cancelled). */
export interface DashboardFillReport {
  path: string
  rows: number
  matchedBy: string
  filled: number
  replaced: number
  unchanged: number
  noTracking: number
  unmatched: number
  /** The first unmatched lines, to find them in the file. */
  unmatchedLines: number[]
}

export type {
  ChecklistWarning,
  StationLine,
  StationOrder,
  StationScan,
  StationWarning,
} from '../floor/station-scan'
export type { OrderFloorState } from '../floor/order-state'
export type { PackWarning } from '../floor/pack-checks'

/** `floor:pack`: packed now, or not because a station packed it first (state says who, when). */
export interface StationPackResult {
  packed: boolean
  state: FloorState
  /** This station's name, as written on the record when packed. */
  station: string
  /** Team mode: packed on this desk only, queued while the team store cannot be reached. */
  queued?: string
}

/** `floor:addTracking`: whether the number was new for the order, and the order's record now. */
export interface StationTrackingResult {
  added: boolean
  state: FloorState
}

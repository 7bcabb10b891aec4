import type { AccountContribution, BatchStatus, Signup } from '../api/schemas'
import type { AddressesHiddenBy } from '../api/hidden-fields-text'
import type { SchemaProblem } from '../api/validate'
import type { SyncPhase, TargetSource } from './enums'

export type { PrePrintCheck, PrePrintCheckId, PrePrintSeverity } from '../export/checks'
export type { FloorProgress, SlipOrderRef } from '../floor/progress'

/**
 * What main answers and sends. Main builds these, so plain types say enough; what the renderer
 * sends is checked against the zod schemas of the <feature>-schemas.ts files instead. Nothing in
 * here may carry a token: the renderer only ever learns who is signed in.
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

/** `signups:export`: where the sign-ups went, and how many. */
export interface SignupsExportResult {
  path: string
  signups: number
}

/** `session:expired`: a request needed a sign-in main could not renew. */
export interface SessionExpired {
  email: string | null
  message: string
}

export type * from './orders-results'
export type * from './export-results'
export type * from './print-results'
export type * from './floor-results'
export type * from './waves-results'

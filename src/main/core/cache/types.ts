import type { CampaignContribution } from '../../../shared/api/schemas'
import type { SchemaProblem } from '../../../shared/api/validate'
import type { FloorStore } from '../../../shared/floor/order-state'
import type { LocalCatalogStore } from '../../core/catalog/local-catalog-store'
import type { ContributionQuery } from './query'
import type { FloorPlan } from '../../core/floor/floor-plan-db'

export interface CacheOptions {
  dataDir: string
  /** Whose data this is, e.g. a hash of auth URL + e-mail, or 'api-token-only'. */
  profile: string
  /**
   * The profile's 256-bit key as 64 hex digits (cache-key.ts): the file is encrypted with it,
   * and a plaintext file is encrypted on this open. The app and the CLI always pass one;
   * without, the file stays plaintext (tests and benchmarks of other things).
   */
  key?: string
  now?: () => Date
}

export interface CampaignSnapshotInfo {
  campaignId: number
  /** ISO 8601 (UTC) time of the last commit. */
  lastSyncedAt: string
  /** Contributions stored. */
  count: number
  /** Rows of the same sync PerkPack could not read, kept apart (`problemRows`). */
  problemCount: number
  /** What the API announced (`pagination.count`) during that sync: `count + problemCount`. */
  expectedCount: number
  /** Synced with a team member's access token: e-mails and shipping addresses are present. */
  privileged: boolean
  title?: string | null
}

export interface SnapshotMeta {
  expectedCount: number
  privileged: boolean
}

export interface CommitOptions {
  /**
   * 'now' (the default): the commit returns once the snapshot it replaced is deleted and the
   * free pages are given back. 'soon': it returns once the new snapshot is in, and `tidy()`
   * runs right after the caller's synchronous work (a sync, so it ends with its last page).
   */
  tidy?: 'now' | 'soon'
}

/** One contribution as received: as the model read it, and the row as the API sent it. */
export interface ReceivedContribution {
  model: CampaignContribution
  /** The row of the API's `response` array, untouched (a JSON object). */
  raw: unknown
}

/** A row the model cannot use (see docs/data-policy.md): kept with why, never a failed sync. */
export interface ProblemRow {
  /** The contribution's id when the row has a usable one. */
  id: number | null
  /** Position counted from the oldest row: names a row without an id across page shifts. */
  rank: number
  /**
   * The row of the API's `response` array, untouched, as `ReceivedContribution.raw` (any JSON
   * value here: a row that is not an object is a problem row too).
   */
  raw: unknown
  problems: SchemaProblem[]
}

export interface ProblemRowsQuery {
  /** At most this many rows (newest first). */
  limit?: number
}

export interface OfflineCache {
  readonly path: string
  schemaVersion(): number
  /** Staging area for one sync of one campaign; discards any older unfinished one. */
  beginSnapshot(campaignId: number): SnapshotWriter
  /**
   * The contributions as the model reads them; newest first (created_at desc, id desc). The
   * rows of one answer share their equal perk objects: treat them as read-only.
   */
  contributions(campaignId: number, query?: ContributionQuery): CampaignContribution[]
  /** The same rows, same order, exactly as the API sent them (for `orders --json`). */
  rawContributions(campaignId: number, query?: ContributionQuery): unknown[]
  /** One contribution exactly as the API sent it; null when the snapshot has no such id. */
  rawContribution(campaignId: number, id: number): unknown
  contributionCount(campaignId: number): number
  /** The rows of the last snapshot that could not be read, newest first. */
  problemRows(campaignId: number, query?: ProblemRowsQuery): ProblemRow[]
  /** null until a snapshot of the campaign was committed. */
  campaign(campaignId: number): CampaignSnapshotInfo | null
  /** Most recently synced first. */
  campaigns(): CampaignSnapshotInfo[]
  setCampaignTitle(campaignId: number, title: string): void
  /** Small resources kept whole for offline use (sign-ups, batch job statuses, ...). */
  putDocument(kind: string, key: string, value: unknown): void
  getDocument<T>(kind: string, key: string): { value: T; savedAt: string } | null
  /**
   * Deletes what replaced snapshots left, refreshes the planner's statistics and gives free
   * pages back. Runs by itself after every commit and on close; no read ever sees what it
   * deletes.
   */
  tidy(): void
  /** Also drops the staging rows of this instance's unfinished syncs. Idempotent. */
  /** The packing floor's record of each order, kept beside (not in) the snapshots. */
  floor(): FloorStore
  /** The floor's plan (schema v8): stock per variant, waves, corrections, holds, reships. */
  floorPlan(): FloorPlan
  /** The SKU catalogue of each campaign, kept beside the snapshots (schema v9). */
  catalog(): LocalCatalogStore
  close(): void
}

export interface SnapshotWriter {
  readonly syncId: string
  /**
   * Upserts by contribution id (one transaction per call); returns the rows now staged. Both
   * forms of each row are kept: the model for the app, the raw row for `orders --json`. A row
   * staged as a problem before is one no longer: the later copy wins.
   */
  add(rows: readonly ReceivedContribution[]): number
  /**
   * Stages rows that could not be read, by id (or rank when there is none). A row staged as
   * good before is dropped from the good rows: the later copy wins here too.
   */
  addProblems(rows: readonly ProblemRow[]): void
  size(): number
  ids(): Set<number>
  /**
   * One transaction: the staged rows and problem rows replace the campaign's snapshot and its
   * problem rows; staging is cleared. The replaced snapshot's rows go as `options.tidy` says.
   */
  commit(meta: SnapshotMeta, options?: CommitOptions): CampaignSnapshotInfo
  /**
   * Drops the staged rows and problem rows; the last snapshot stays. A no-op after commit, so
   * safe in `finally`.
   */
  abort(): void
}

import type { CampaignContribution } from '../../../shared/api/schemas'
import type { ContributionQuery } from './query'

export interface CacheOptions {
  dataDir: string
  /** Whose data this is, e.g. a hash of auth URL + e-mail, or 'api-token-only'. */
  profile: string
  now?: () => Date
}

export interface CampaignSnapshotInfo {
  campaignId: number
  /** ISO 8601 (UTC) time of the last commit. */
  lastSyncedAt: string
  /** Contributions stored. */
  count: number
  /** What the API announced (`pagination.count`) during that sync. */
  expectedCount: number
  /** Synced with a team member's access token: e-mails and shipping addresses are present. */
  privileged: boolean
  title?: string | null
}

export interface SnapshotMeta {
  expectedCount: number
  privileged: boolean
}

/** One contribution as received: as the model read it, and the row as the API sent it. */
export interface ReceivedContribution {
  model: CampaignContribution
  /** The row of the API's `response` array, untouched (a JSON object). */
  raw: unknown
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
  /** null until a snapshot of the campaign was committed. */
  campaign(campaignId: number): CampaignSnapshotInfo | null
  /** Most recently synced first. */
  campaigns(): CampaignSnapshotInfo[]
  setCampaignTitle(campaignId: number, title: string): void
  /** Small resources kept whole for offline use (sign-ups, batch job statuses, ...). */
  putDocument(kind: string, key: string, value: unknown): void
  getDocument<T>(kind: string, key: string): { value: T; savedAt: string } | null
  /** Also drops the staging rows of this instance's unfinished syncs. Idempotent. */
  close(): void
}

export interface SnapshotWriter {
  readonly syncId: string
  /**
   * Upserts by contribution id (one transaction per call); returns the rows now staged. Both
   * forms of each row are kept: the model for the app, the raw row for `orders --json`.
   */
  add(rows: readonly ReceivedContribution[]): number
  size(): number
  ids(): Set<number>
  /** One transaction: the staged rows replace the campaign's snapshot; staging is cleared. */
  commit(meta: SnapshotMeta): CampaignSnapshotInfo
  /** Drops the staged rows; the last snapshot stays. A no-op after commit, so safe in `finally`. */
  abort(): void
}

import { CacheError } from './errors'
import { PartNumbers } from './row-codec'
import type {
  CampaignSnapshotInfo,
  CommitOptions,
  ProblemRow,
  ReceivedContribution,
  SnapshotMeta,
  SnapshotWriter,
} from './types'

/** A sync in progress: its row in staging_syncs. */
export interface SyncRef {
  campaignId: number
  /** Identity: random, never reused. */
  id: string
  /** What the staged rows point at. */
  key: number
}

/** What a writer needs of the cache that made it. */
export interface SnapshotStore {
  readonly isOpen: boolean
  /**
   * Stages rows in one transaction, forgetting the staged problem rows of `problemIds`;
   * returns the ids not staged before.
   */
  stage(
    sync: SyncRef,
    rows: readonly ReceivedContribution[],
    staged: ReadonlySet<number>,
    parts: PartNumbers,
    problemIds: readonly number[],
  ): Set<number>
  /** Stages problem rows in one transaction; returns the ids dropped from the good rows. */
  stageProblemRows(sync: SyncRef, rows: readonly ProblemRow[]): number[]
  /** Swaps the staged rows and problem rows in, with the parts the rows refer to. */
  commit(
    sync: SyncRef,
    meta: SnapshotMeta,
    parts: PartNumbers,
    options?: CommitOptions,
  ): CampaignSnapshotInfo
  discard(sync: SyncRef): void
}

export class StagedSnapshot implements SnapshotWriter {
  private state: 'open' | 'committed' | 'aborted' = 'open'
  private readonly staged = new Set<number>()
  /** Ids staged as problem rows: a good copy arriving later replaces them. */
  private readonly problemIds = new Set<number>()
  /** Layouts and shared objects of this snapshot, numbered as rows arrive, stored at commit. */
  private readonly parts = new PartNumbers()

  constructor(
    private readonly store: SnapshotStore,
    private readonly sync: SyncRef,
  ) {}

  get syncId(): string {
    return this.sync.id
  }

  private assertOpen(): void {
    if (this.state !== 'open') {
      throw new CacheError(
        'cache_snapshot_closed',
        `This sync of campaign ${this.sync.campaignId} was already ${this.state}; start a new one.`,
      )
    }
    if (!this.store.isOpen) {
      throw new CacheError(
        'cache_snapshot_closed',
        `The offline cache was closed during the sync of campaign ${this.sync.campaignId}; ` +
          'the last complete snapshot is unchanged. Sync again.',
      )
    }
  }

  add(rows: readonly ReceivedContribution[]): number {
    this.assertOpen()
    // Known here, so a sync without problem rows pays no extra statement per row.
    const problemIds =
      this.problemIds.size === 0
        ? []
        : rows.filter((row) => this.problemIds.has(row.model.id)).map((row) => row.model.id)
    const fresh = this.store.stage(this.sync, rows, this.staged, this.parts, problemIds)
    // Only after the transaction committed: a failed add leaves the count as it was.
    for (const id of fresh) this.staged.add(id)
    for (const id of problemIds) this.problemIds.delete(id)
    return this.staged.size
  }

  /**
   * A good row moved to the problem rows keeps the parts it numbered: they are stored with the
   * snapshot unused, which costs a few bytes and spares renumbering.
   */
  addProblems(rows: readonly ProblemRow[]): void {
    this.assertOpen()
    const unstaged = this.store.stageProblemRows(this.sync, rows)
    for (const id of unstaged) this.staged.delete(id)
    for (const row of rows) if (row.id !== null) this.problemIds.add(row.id)
  }

  size(): number {
    return this.staged.size
  }

  ids(): Set<number> {
    return new Set(this.staged)
  }

  commit(meta: SnapshotMeta, options?: CommitOptions): CampaignSnapshotInfo {
    this.assertOpen()
    const info = this.store.commit(this.sync, meta, this.parts, options)
    this.state = 'committed'
    return info
  }

  abort(): void {
    if (this.state !== 'open') return
    this.state = 'aborted'
    if (!this.store.isOpen) return
    try {
      this.store.discard(this.sync)
    } catch {
      // abort runs on the way out of a failed sync, whose error is the one worth reporting.
      // Rows left behind are dropped by the next sync of this campaign or by close().
    }
  }
}

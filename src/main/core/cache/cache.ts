import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3-multiple-ciphers'
import type { CampaignContribution } from '../../../shared/api/schemas'
import type { FloorStore } from '../../../shared/floor/order-state'
import { CacheError, translateSqliteError } from './errors'
import { buildContributionsQuery } from './query'
import type { ContributionQuery, RowForm } from './query'
import { encodeRow, rawObject, RowReader, sameJson, StoredRowError } from './row-codec'
import type { PartNumbers } from './row-codec'
import {
  commitProblemRows,
  forgetProblemRows,
  prepareProblemStatements,
  readProblemRows,
  stageProblemRows,
} from './problems'
import type { ProblemStatements } from './problems'
import { indexContribution } from './rows'
import { userVersion } from './schema'
import { prepareLookupFills } from './schema-v7'
import { SnapshotTidy } from './snapshot-tidy'
import { LocalFloorStore } from '../floor/local-floor-store'
import { openFloorPlan } from '../../core/floor/floor-plan-db'
import type { FloorPlan } from '../../core/floor/floor-plan-db'
import { LocalCatalogStore } from '../../core/catalog/local-catalog-store'
import { StagedSnapshot } from './staged-snapshot'
import type { SnapshotStore, SyncRef } from './staged-snapshot'
import { prepareStatements, toInfo } from './statements'
import type { CampaignRow, Statements, SyncRow } from './statements'
import { isProcessAlive } from '../system/process-alive'
import type {
  CampaignSnapshotInfo,
  CommitOptions,
  OfflineCache,
  ProblemRow,
  ProblemRowsQuery,
  SnapshotMeta,
  SnapshotWriter,
} from './types'

/** Caches open in this process: tells a dead sync of ours from a live one, and lets wipe close. */
export const openCaches = new Set<SqliteOfflineCache>()

function assertId(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new CacheError('cache_bad_value', `${what} must be an integer, got ${String(value)}.`)
  }
}

export class SqliteOfflineCache implements OfflineCache, SnapshotStore {
  /** Marks the staging rows of this instance, so another open can tell they are alive. */
  readonly owner: string = randomUUID()
  private readonly queries = new Map<string, Database.Statement>()
  private floorStore: FloorStore | undefined
  private floorPlanStores: FloorPlan | undefined
  private catalogStore: LocalCatalogStore | undefined
  private readonly sql: Statements
  private readonly problemSql: ProblemStatements
  private readonly tidying: SnapshotTidy
  // Write transactions run IMMEDIATE: a deferred one that read first would fail at once with
  // SQLITE_BUSY, without waiting, if another process wrote in between.
  private readonly dropSyncs: Database.Transaction<(syncKeys: readonly number[]) => void>
  private readonly startSync: Database.Transaction<(campaignId: number, syncId: string) => SyncRef>
  private readonly stageRows: Database.Transaction<SnapshotStore['stage']>
  private readonly stageProblems: Database.Transaction<SnapshotStore['stageProblemRows']>
  private readonly commitSnapshot: Database.Transaction<
    (sync: SyncRef, meta: SnapshotMeta, parts: PartNumbers) => void
  >
  /** Rows and the parts they refer to are read in one transaction: one snapshot, never two. */
  private readonly readRows: Database.Transaction<
    (campaignId: number, statement: Database.Statement, params: unknown) => unknown[]
  >

  constructor(
    private readonly db: Database.Database,
    readonly path: string,
    private readonly now: () => Date,
  ) {
    const sql = prepareStatements(db)
    this.sql = sql
    const problemSql = prepareProblemStatements(db)
    this.problemSql = problemSql

    this.dropSyncs = db.transaction((syncKeys) => {
      for (const key of syncKeys) {
        for (const statement of [...sql.dropRows, ...sql.endSync]) statement.run(key)
      }
    })

    this.startSync = db.transaction((campaignId, syncId) => {
      this.dropSyncs(sql.syncsOfCampaign.all(campaignId) as number[])
      const started = this.now().toISOString()
      const { lastInsertRowid } = sql.insertSync.run(
        syncId,
        campaignId,
        this.owner,
        process.pid,
        started,
      )
      return { campaignId, id: syncId, key: Number(lastInsertRowid) }
    })

    this.stageRows = db.transaction((sync, rows, staged, parts, problemIds) => {
      this.assertSyncLive(sync)
      const fresh = new Set<number>()
      for (const { model, raw } of rows) {
        const entry = indexContribution(model)
        const rawText = encodeRow(rawObject(raw, model), parts)
        // Clean rows read back as the model: stored once. Drifted ones keep both forms.
        let modelText: string | null = null
        if (!sameJson(model, raw)) {
          modelText = encodeRow(model as unknown as Record<string, unknown>, parts)
          if (modelText === rawText) modelText = null
        }
        sql.upsertStaged.run(
          sync.key,
          entry.id,
          entry.createdAt,
          entry.status,
          entry.country,
          entry.email,
          rawText,
          modelText,
          JSON.stringify(entry.perkIds),
          JSON.stringify(entry.skuCodes),
        )
        if (!staged.has(entry.id)) fresh.add(entry.id)
      }
      forgetProblemRows(problemSql, sync.key, problemIds)
      return fresh
    })

    this.stageProblems = db.transaction((sync, rows) => {
      this.assertSyncLive(sync)
      stageProblemRows(problemSql, sync.key, rows)
      const unstaged: number[] = []
      for (const row of rows) {
        if (row.id !== null && sql.unstage.run(sync.key, row.id).changes > 0) unstaged.push(row.id)
      }
      return unstaged
    })

    // The staged rows become the snapshot where they are: their lookups are filled and the
    // campaign points at their sync. The snapshot they replace is listed for tidy().
    const lookupFills = prepareLookupFills(db)
    this.commitSnapshot = db.transaction((sync, meta, parts) => {
      this.assertSyncLive(sync)
      const { campaignId } = sync
      const count = sql.countStaged.get(sync.key) as number
      const problemCount = problemSql.countStaged.get(sync.key) as number
      const replaced = sql.snapshotSync.get(campaignId) as number | null | undefined
      for (const fill of lookupFills) fill.run(sync.key)
      sql.upsertCampaign.run(
        campaignId,
        this.now().toISOString(),
        count,
        problemCount,
        meta.expectedCount,
        meta.privileged ? 1 : 0,
        sync.key,
      )
      sql.dropParts.run(campaignId)
      for (const [part, json] of parts.entries()) sql.insertPart.run(campaignId, part, json)
      commitProblemRows(problemSql, campaignId, sync.key)
      for (const statement of sql.endSync) statement.run(sync.key)
      if (replaced != null) sql.addReplaced.run(replaced)
    })
    this.tidying = new SnapshotTidy(db, sql, (fn) => this.guard(fn))

    this.readRows = db.transaction((campaignId, statement, params) => {
      const texts = statement.all(params) as string[]
      const reader = this.rowReader(campaignId)
      return texts.map((text) => reader.decode(text))
    })
  }

  /** Runs `fn`, turning the SQLite failures a person can act on into messages that say how. */
  guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (error) {
      throw translateSqliteError(error, this.path)
    }
  }

  get isOpen(): boolean {
    return this.db.open
  }

  /**
   * Staging rows whose sync can no longer finish: its process is gone (killed, crashed) or, in
   * this process, its OfflineCache was never closed. Syncs running elsewhere are left alone.
   */
  dropDeadSyncs(): void {
    const live = new Set([...openCaches].map((cache) => cache.owner))
    const dead = (this.sql.allSyncs.all() as SyncRow[])
      .filter((row) => (row.pid === process.pid ? !live.has(row.owner) : !isProcessAlive(row.pid)))
      .map((row) => row.sync_key)
    if (dead.length > 0) this.dropSyncs.immediate(dead)
  }

  assertSyncLive(sync: SyncRef): void {
    if (this.sql.syncExists.get(sync.key, sync.id, sync.campaignId) === undefined) {
      throw new CacheError(
        'cache_snapshot_superseded',
        `This sync of campaign ${sync.campaignId} was discarded because another sync of the same ` +
          'campaign started. The last complete snapshot is unchanged; sync again.',
      )
    }
  }

  schemaVersion(): number {
    return this.guard(() => userVersion(this.db))
  }

  beginSnapshot(campaignId: number): SnapshotWriter {
    assertId(campaignId, 'A campaign id')
    const sync = this.guard(() => this.startSync.immediate(campaignId, randomUUID()))
    return new StagedSnapshot(this, sync)
  }

  stage(...args: Parameters<SnapshotStore['stage']>): Set<number> {
    return this.guard(() => this.stageRows.immediate(...args))
  }

  stageProblemRows(...args: Parameters<SnapshotStore['stageProblemRows']>): number[] {
    return this.guard(() => this.stageProblems.immediate(...args))
  }

  commit(
    sync: SyncRef,
    meta: SnapshotMeta,
    parts: PartNumbers,
    options: CommitOptions = {},
  ): CampaignSnapshotInfo {
    if (!Number.isSafeInteger(meta.expectedCount) || meta.expectedCount < 0) {
      throw new CacheError(
        'cache_bad_value',
        `expectedCount must be a whole number of contributions, got ${String(meta.expectedCount)}.`,
      )
    }
    return this.guard(() => {
      this.commitSnapshot.immediate(sync, meta, parts)
      if (options.tidy === 'soon') this.tidying.soon()
      else this.tidying.now()
      const info = this.campaign(sync.campaignId)
      if (!info) throw new Error(`Campaign ${sync.campaignId} missing right after its commit`)
      return info
    })
  }

  tidy(): void {
    this.tidying.now()
  }

  /** Snapshots replaced before a process could delete them (it died): tidied soon. */
  tidyLeftovers(): void {
    this.guard(() => this.tidying.leftovers())
  }

  discard(sync: SyncRef): void {
    this.guard(() => this.dropSyncs.immediate([sync.key]))
  }

  /** Decodes rows of the campaign's snapshot; call within the transaction that read them. */
  private rowReader(campaignId: number): RowReader {
    const { part } = this.sql
    return new RowReader((number) => (part.get(campaignId, number) as string | undefined) ?? null)
  }

  private read(campaignId: number, query: ContributionQuery | undefined, form: RowForm) {
    const built = buildContributionsQuery(campaignId, query, form)
    return this.guard(() => {
      let statement = this.queries.get(built.key)
      if (!statement) {
        statement = this.db.prepare(built.sql).pluck()
        this.queries.set(built.key, statement)
      }
      return this.decoding(() => this.readRows(campaignId, statement, built.params))
    })
  }

  /** A row that does not decode means the file was changed behind PerkPack's back. */
  private decoding<T>(fn: () => T): T {
    try {
      return fn()
    } catch (error) {
      if (!(error instanceof SyntaxError || error instanceof StoredRowError)) throw error
      throw new CacheError(
        'cache_damaged',
        `The offline cache file ${this.path} holds contributions PerkPack cannot read back ` +
          `(${(error as Error).message}). Sync the campaign again to replace them.`,
        { cause: error },
      )
    }
  }

  contributions(campaignId: number, query?: ContributionQuery): CampaignContribution[] {
    return this.read(campaignId, query, 'model') as CampaignContribution[]
  }

  rawContributions(campaignId: number, query?: ContributionQuery): unknown[] {
    return this.read(campaignId, query, 'raw')
  }

  rawContribution(campaignId: number, id: number): unknown {
    return this.guard(() =>
      this.decoding(() =>
        this.db.transaction(() => {
          const text = this.sql.rawContribution.get(campaignId, id) as string | undefined
          return text === undefined ? null : this.rowReader(campaignId).decode(text)
        })(),
      ),
    )
  }

  contributionCount(campaignId: number): number {
    return this.guard(() => this.sql.countContributions.get(campaignId) as number)
  }

  problemRows(campaignId: number, query?: ProblemRowsQuery): ProblemRow[] {
    return this.guard(() =>
      this.decoding(() => readProblemRows(this.problemSql, campaignId, query)),
    )
  }

  campaign(campaignId: number): CampaignSnapshotInfo | null {
    return this.guard(() => {
      const row = this.sql.campaign.get(campaignId) as CampaignRow | undefined
      return row ? toInfo(row) : null
    })
  }

  campaigns(): CampaignSnapshotInfo[] {
    return this.guard(() => (this.sql.campaigns.all() as CampaignRow[]).map(toInfo))
  }

  setCampaignTitle(campaignId: number, title: string): void {
    assertId(campaignId, 'A campaign id')
    this.guard(() => this.sql.setTitle.run(campaignId, title))
  }

  floor(): FloorStore {
    this.floorStore ??= this.guard(
      () => new LocalFloorStore(this.db, this.now, (fn) => this.guard(fn)),
    )
    return this.floorStore
  }

  floorPlan(): FloorPlan {
    this.floorPlanStores ??= this.guard(() =>
      openFloorPlan(this.db, this.now, (fn) => this.guard(fn)),
    )
    return this.floorPlanStores
  }

  catalog(): LocalCatalogStore {
    this.catalogStore ??= this.guard(
      () => new LocalCatalogStore(this.db, this.now, (fn) => this.guard(fn)),
    )
    return this.catalogStore
  }

  putDocument(kind: string, key: string, value: unknown): void {
    const text = JSON.stringify(value) as string | undefined
    if (text === undefined) {
      throw new CacheError(
        'cache_bad_value',
        `The ${kind} "${key}" cannot be kept offline: a ${typeof value} has no JSON form.`,
      )
    }
    this.guard(() => this.sql.putDocument.run(kind, key, text, this.now().toISOString()))
  }

  getDocument<T>(kind: string, key: string): { value: T; savedAt: string } | null {
    return this.guard(() => {
      const row = this.sql.getDocument.get(kind, key) as
        { value: string; saved_at: string } | undefined
      return row ? { value: JSON.parse(row.value) as T, savedAt: row.saved_at } : null
    })
  }

  close(): void {
    if (!this.db.open) return
    openCaches.delete(this)
    try {
      const mine = this.sql.syncsOfOwner.all(this.owner) as number[]
      if (mine.length > 0) this.dropSyncs.immediate(mine)
      if (this.tidying.pending) this.tidying.now()
      // Keeps the planner's statistics fresh, as SQLite advises before closing.
      this.db.pragma('optimize')
    } catch {
      // Tidying only: the next open drops these staging rows as dead anyway.
    } finally {
      this.db.close()
    }
  }
}

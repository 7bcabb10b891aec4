import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { CacheError, newerSchemaError, translateSqliteError } from './errors'
import { buildContributionsQuery } from './query'
import type { ContributionQuery } from './query'
import {
  commitProblemRows,
  forgetProblemRows,
  prepareProblemStatements,
  readProblemRows,
  stageProblemRows,
} from './problems'
import type { ProblemRow, ProblemRowsQuery, ProblemStatements } from './problems'
import { indexContribution } from './rows'
import { SCHEMA_VERSION, migrate, userVersion } from './schema'

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

export interface OfflineCache {
  readonly path: string
  schemaVersion(): number
  /** Staging area for one sync of one campaign; discards any older unfinished one. */
  beginSnapshot(campaignId: number): SnapshotWriter
  /** The JSON stored, parsed; newest first (created_at desc, id desc). */
  contributions(campaignId: number, query?: ContributionQuery): CampaignContribution[]
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
  /** Also drops the staging rows of this instance's unfinished syncs. Idempotent. */
  close(): void
}

export interface SnapshotWriter {
  readonly syncId: string
  /**
   * Upserts by contribution id (one transaction per call); returns the rows now staged. A row
   * staged as a problem before is one no longer: the later copy wins.
   */
  add(rows: readonly CampaignContribution[]): number
  /**
   * Stages rows that could not be read, by id (or rank when there is none). A row staged as
   * good before is dropped from the good rows: the later copy wins here too.
   */
  addProblems(rows: readonly ProblemRow[]): void
  size(): number
  ids(): Set<number>
  /**
   * One transaction: the staged rows and problem rows replace the campaign's snapshot and its
   * problem rows; staging is cleared.
   */
  commit(meta: SnapshotMeta): CampaignSnapshotInfo
  /**
   * Drops the staged rows and problem rows; the last snapshot stays. A no-op after commit, so
   * safe in `finally`.
   */
  abort(): void
}

/** better-sqlite3's default too; named because a second window or the CLI may hold the lock. */
const BUSY_TIMEOUT_MS = 5000
/** The profile becomes part of a file name: no separators, no `..`, no surprises. */
const PROFILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const PAGE_SIZE = 16_384
const CACHE_KIB = 32_768
const FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const

export function cacheFilePath(dataDir: string, profile: string): string {
  if (!PROFILE_PATTERN.test(profile)) {
    throw new CacheError(
      'cache_bad_profile',
      `The cache profile name "${profile}" cannot be used in a file name; use letters, digits, ` +
        'dots, dashes and underscores only.',
    )
  }
  return path.resolve(dataDir, `cache-${profile}.sqlite`)
}

/** Caches open in this process: tells a dead sync of ours from a live one, and lets wipe close. */
const openCaches = new Set<SqliteOfflineCache>()

export function openCache(options: CacheOptions): OfflineCache {
  const file = cacheFilePath(options.dataDir, options.profile)
  try {
    // E-mails and shipping addresses live here: readable by the user alone.
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    createPrivateFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new CacheError(
      'cache_unavailable',
      `The data directory ${path.resolve(options.dataDir)} cannot hold the offline cache ` +
        `(${code}). Check that it is a folder you may write to, or choose another data directory.`,
      { cause: error },
    )
  }
  let db: Database.Database | undefined
  try {
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS })
    // Before anything writes: a newer file must be left exactly as it is.
    const found = userVersion(db)
    if (found > SCHEMA_VERSION) throw newerSchemaError(found)
    // Takes effect only on a new file. Rows are about 1 KB of JSON: bigger pages cut B-tree
    // overhead, measured about 25% off add + commit.
    db.pragma(`page_size = ${PAGE_SIZE}`)
    db.pragma('journal_mode = WAL')
    // In WAL mode NORMAL cannot corrupt; a power cut may only lose the last commits.
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    // ANALYZE samples this many rows per index instead of reading them all: milliseconds.
    db.pragma('analysis_limit = 1000')
    // The default 2 MB page cache spills to the WAL in the middle of a commit (about 15%
    // slower measured); this is a ceiling, allocated only as pages are used.
    db.pragma(`cache_size = -${CACHE_KIB}`)

    migrate(db)
    const cache = new SqliteOfflineCache(db, file, options.now ?? (() => new Date()))
    cache.dropDeadSyncs()
    openCaches.add(cache)
    return cache
  } catch (error) {
    db?.close()
    throw translateSqliteError(error, file)
  }
}

/**
 * Deletes the cache file and its WAL and shared-memory files (sign-out). A cache of that file
 * still open in this process is closed first: a connection left on an unlinked file would keep
 * writing to data nobody can see.
 */
export function wipeCacheFiles(dataDir: string, profile: string): void {
  const file = cacheFilePath(dataDir, profile)
  for (const cache of [...openCaches]) if (cache.path === file) cache.close()
  for (const suffix of FILE_SUFFIXES) fs.rmSync(file + suffix, { force: true })
}

/** SQLite would create the file with the umask's mode (often world-readable). */
function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function assertId(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new CacheError('cache_bad_value', `${what} must be an integer, got ${String(value)}.`)
  }
}

interface CampaignRow {
  campaign_id: number
  title: string | null
  last_synced_at: string
  contribution_count: number
  problem_count: number
  expected_count: number
  privileged: number
}

interface SyncRow {
  sync_key: number
  owner: string
  pid: number
}

/** A sync in progress: its row in staging_syncs. */
interface SyncRef {
  campaignId: number
  /** Identity: random, never reused. */
  id: string
  /** What the staged rows point at. */
  key: number
}

const CAMPAIGN_COLUMNS =
  'campaign_id, title, last_synced_at, contribution_count, problem_count, expected_count, privileged'
const STAGED_COLUMNS = 'id, created_at, status, country, email, sequence_number, json'

function toInfo(row: CampaignRow): CampaignSnapshotInfo {
  return {
    campaignId: row.campaign_id,
    lastSyncedAt: row.last_synced_at,
    count: row.contribution_count,
    problemCount: row.problem_count,
    expectedCount: row.expected_count,
    privileged: row.privileged === 1,
    title: row.title,
  }
}

function prepareStatements(db: Database.Database) {
  return {
    insertSync: db.prepare(
      `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    syncExists: db.prepare(
      'SELECT 1 FROM staging_syncs WHERE sync_key = ? AND sync_id = ? AND campaign_id = ?',
    ),
    syncsOfCampaign: db.prepare('SELECT sync_key FROM staging_syncs WHERE campaign_id = ?').pluck(),
    syncsOfOwner: db.prepare('SELECT sync_key FROM staging_syncs WHERE owner = ?').pluck(),
    allSyncs: db.prepare('SELECT sync_key, owner, pid FROM staging_syncs'),
    // Rows first: deleting the sync row then finds no child to cascade to.
    dropStaging: [
      db.prepare('DELETE FROM staging_problem_rows WHERE sync_key = ?'),
      db.prepare('DELETE FROM staging_contributions WHERE sync_key = ?'),
      db.prepare('DELETE FROM staging_syncs WHERE sync_key = ?'),
    ],
    // The later copy of a row wins: pages shift while new contributions arrive.
    upsertStaged: db.prepare(
      `INSERT INTO staging_contributions (sync_key, ${STAGED_COLUMNS}, perk_ids, sku_codes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (sync_key, id) DO UPDATE SET created_at = excluded.created_at,
         status = excluded.status, country = excluded.country, email = excluded.email,
         sequence_number = excluded.sequence_number, json = excluded.json,
         perk_ids = excluded.perk_ids, sku_codes = excluded.sku_codes`,
    ),
    countStaged: db
      .prepare('SELECT count(*) FROM staging_contributions WHERE sync_key = ?')
      .pluck(),
    unstage: db.prepare('DELETE FROM staging_contributions WHERE sync_key = ? AND id = ?'),
    upsertCampaign: db.prepare(
      `INSERT INTO campaigns (campaign_id, last_synced_at, contribution_count, problem_count,
         expected_count, privileged)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (campaign_id) DO UPDATE SET last_synced_at = excluded.last_synced_at,
         contribution_count = excluded.contribution_count, problem_count = excluded.problem_count,
         expected_count = excluded.expected_count, privileged = excluded.privileged`,
    ),
    dropSnapshot: [
      db.prepare('DELETE FROM contribution_skus WHERE campaign_id = ?'),
      db.prepare('DELETE FROM contribution_perks WHERE campaign_id = ?'),
      db.prepare('DELETE FROM contributions WHERE campaign_id = ?'),
    ],
    copySnapshot: [
      db.prepare(
        `INSERT INTO contributions (campaign_id, ${STAGED_COLUMNS})
         SELECT @campaignId, ${STAGED_COLUMNS}
         FROM staging_contributions WHERE sync_key = @syncKey`,
      ),
      db.prepare(
        `INSERT INTO contribution_perks (campaign_id, contribution_id, perk_id)
         SELECT DISTINCT @campaignId, s.id, p.value
         FROM staging_contributions s, json_each(s.perk_ids) p WHERE s.sync_key = @syncKey`,
      ),
      db.prepare(
        `INSERT INTO contribution_skus (campaign_id, contribution_id, sku_code)
         SELECT DISTINCT @campaignId, s.id, k.value
         FROM staging_contributions s, json_each(s.sku_codes) k WHERE s.sync_key = @syncKey`,
      ),
    ],
    countContributions: db
      .prepare('SELECT count(*) FROM contributions WHERE campaign_id = ?')
      .pluck(),
    campaign: db.prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns
       WHERE campaign_id = ? AND last_synced_at IS NOT NULL`,
    ),
    campaigns: db.prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE last_synced_at IS NOT NULL
       ORDER BY last_synced_at DESC, campaign_id DESC`,
    ),
    setTitle: db.prepare(
      `INSERT INTO campaigns (campaign_id, title) VALUES (?, ?)
       ON CONFLICT (campaign_id) DO UPDATE SET title = excluded.title`,
    ),
    putDocument: db.prepare(
      `INSERT INTO documents (kind, key, value, saved_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, saved_at = excluded.saved_at`,
    ),
    getDocument: db.prepare('SELECT value, saved_at FROM documents WHERE kind = ? AND key = ?'),
  }
}

type Statements = ReturnType<typeof prepareStatements>

class SqliteOfflineCache implements OfflineCache {
  /** Marks the staging rows of this instance, so another open can tell they are alive. */
  readonly owner: string = randomUUID()
  private readonly queries = new Map<string, Database.Statement>()
  private readonly sql: Statements
  private readonly problemSql: ProblemStatements
  // Write transactions run IMMEDIATE: a deferred one that read first would fail at once with
  // SQLITE_BUSY, without waiting, if another process wrote in between.
  private readonly dropSyncs: Database.Transaction<(syncKeys: readonly number[]) => void>
  private readonly startSync: Database.Transaction<(campaignId: number, syncId: string) => SyncRef>
  private readonly stageRows: Database.Transaction<
    (
      sync: SyncRef,
      rows: readonly CampaignContribution[],
      staged: ReadonlySet<number>,
      problemIds: readonly number[],
    ) => Set<number>
  >
  private readonly stageProblems: Database.Transaction<
    (sync: SyncRef, rows: readonly ProblemRow[]) => number[]
  >
  private readonly commitSnapshot: Database.Transaction<(sync: SyncRef, meta: SnapshotMeta) => void>

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
      for (const key of syncKeys) for (const statement of sql.dropStaging) statement.run(key)
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

    this.stageRows = db.transaction((sync, rows, staged, problemIds) => {
      this.assertSyncLive(sync)
      const fresh = new Set<number>()
      for (const row of rows) {
        const entry = indexContribution(row)
        sql.upsertStaged.run(
          sync.key,
          entry.id,
          entry.createdAt,
          entry.status,
          entry.country,
          entry.email,
          entry.sequenceNumber,
          entry.json,
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

    this.commitSnapshot = db.transaction((sync, meta) => {
      this.assertSyncLive(sync)
      const { campaignId } = sync
      const count = sql.countStaged.get(sync.key) as number
      const problemCount = problemSql.countStaged.get(sync.key) as number
      sql.upsertCampaign.run(
        campaignId,
        this.now().toISOString(),
        count,
        problemCount,
        meta.expectedCount,
        meta.privileged ? 1 : 0,
      )
      for (const statement of sql.dropSnapshot) statement.run(campaignId)
      for (const statement of sql.copySnapshot) statement.run({ campaignId, syncKey: sync.key })
      commitProblemRows(problemSql, campaignId, sync.key)
      this.dropSyncs([sync.key])
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

  /** `problemIds`: ids among `rows` staged as problem rows before, which these copies replace. */
  stage(
    sync: SyncRef,
    rows: readonly CampaignContribution[],
    staged: ReadonlySet<number>,
    problemIds: readonly number[] = [],
  ) {
    return this.guard(() => this.stageRows.immediate(sync, rows, staged, problemIds))
  }

  stageProblemRows(sync: SyncRef, rows: readonly ProblemRow[]): number[] {
    return this.guard(() => this.stageProblems.immediate(sync, rows))
  }

  commit(sync: SyncRef, meta: SnapshotMeta): CampaignSnapshotInfo {
    if (!Number.isSafeInteger(meta.expectedCount) || meta.expectedCount < 0) {
      throw new CacheError(
        'cache_bad_value',
        `expectedCount must be a whole number of contributions, got ${String(meta.expectedCount)}.`,
      )
    }
    return this.guard(() => {
      this.commitSnapshot.immediate(sync, meta)
      this.refreshStatistics()
      const info = this.campaign(sync.campaignId)
      if (!info) throw new Error(`Campaign ${sync.campaignId} missing right after its commit`)
      return info
    })
  }

  /**
   * Without statistics the planner walks a campaign in date order and tests every row rather
   * than use the e-mail index: fine for 6 rows, not for 100,000. A snapshot changes the sizes
   * the statistics describe, so they are refreshed (sampled, a few ms) after each commit.
   */
  private refreshStatistics(): void {
    try {
      // 0x10002: consider every table, not only those this connection happened to query.
      this.db.pragma('optimize = 0x10002')
    } catch {
      // The snapshot is committed already; stale statistics only cost speed.
    }
  }

  discard(sync: SyncRef): void {
    this.guard(() => this.dropSyncs.immediate([sync.key]))
  }

  contributions(campaignId: number, query?: ContributionQuery): CampaignContribution[] {
    const built = buildContributionsQuery(campaignId, query)
    return this.guard(() => {
      let statement = this.queries.get(built.key)
      if (!statement) {
        statement = this.db.prepare(built.sql).pluck()
        this.queries.set(built.key, statement)
      }
      const texts = statement.all(built.params) as string[]
      return texts.map((text) => JSON.parse(text) as CampaignContribution)
    })
  }

  contributionCount(campaignId: number): number {
    return this.guard(() => this.sql.countContributions.get(campaignId) as number)
  }

  problemRows(campaignId: number, query?: ProblemRowsQuery): ProblemRow[] {
    return this.guard(() => readProblemRows(this.problemSql, campaignId, query))
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
      // Keeps the planner's statistics fresh, as SQLite advises before closing.
      this.db.pragma('optimize')
    } catch {
      // Tidying only: the next open drops these staging rows as dead anyway.
    } finally {
      this.db.close()
    }
  }
}

class StagedSnapshot implements SnapshotWriter {
  private state: 'open' | 'committed' | 'aborted' = 'open'
  private readonly staged = new Set<number>()
  /** Ids staged as problem rows: a good copy arriving later replaces them. */
  private readonly problemIds = new Set<number>()

  constructor(
    private readonly cache: SqliteOfflineCache,
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
    if (!this.cache.isOpen) {
      throw new CacheError(
        'cache_snapshot_closed',
        `The offline cache was closed during the sync of campaign ${this.sync.campaignId}; ` +
          'the last complete snapshot is unchanged. Sync again.',
      )
    }
  }

  add(rows: readonly CampaignContribution[]): number {
    this.assertOpen()
    // Known here, so a sync without problem rows pays no extra statement per row.
    const problemIds =
      this.problemIds.size === 0
        ? []
        : rows.filter((row) => this.problemIds.has(row.id)).map((row) => row.id)
    const fresh = this.cache.stage(this.sync, rows, this.staged, problemIds)
    // Only after the transaction committed: a failed add leaves the count as it was.
    for (const id of fresh) this.staged.add(id)
    for (const id of problemIds) this.problemIds.delete(id)
    return this.staged.size
  }

  addProblems(rows: readonly ProblemRow[]): void {
    this.assertOpen()
    const unstaged = this.cache.stageProblemRows(this.sync, rows)
    for (const id of unstaged) this.staged.delete(id)
    for (const row of rows) if (row.id !== null) this.problemIds.add(row.id)
  }

  size(): number {
    return this.staged.size
  }

  ids(): Set<number> {
    return new Set(this.staged)
  }

  commit(meta: SnapshotMeta): CampaignSnapshotInfo {
    this.assertOpen()
    const info = this.cache.commit(this.sync, meta)
    this.state = 'committed'
    return info
  }

  abort(): void {
    if (this.state !== 'open') return
    this.state = 'aborted'
    if (!this.cache.isOpen) return
    try {
      this.cache.discard(this.sync)
    } catch {
      // abort runs on the way out of a failed sync, whose error is the one worth reporting.
      // Rows left behind are dropped by the next sync of this campaign or by close().
    }
  }
}

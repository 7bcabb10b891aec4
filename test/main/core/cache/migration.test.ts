import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import {
  buildView,
  hasCurrentView,
  loadWorkspace,
} from '../../../../src/main/core/orders/view-store'
import { SCHEMA_VERSION, openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { migrate } from '../../../../src/main/core/cache/schema'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { asReceived } from '../../../helpers/model'
import { makeContributions, newestFirst } from '../../fixtures/contributions'
import { problemRow } from '../../fixtures/problem-rows'

const PROFILE = 'old-user'
const CAMPAIGN = 7001
const OTHER = 9002
const SYNCED_AT = '2024-03-04T05:06:07.000Z'

const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-migrate-'))
  dirs.push(dir)
  return dir
}

function open(dir: string, key?: string): OfflineCache {
  const cache = openCache({ dataDir: dir, profile: PROFILE, ...(key ? { key } : {}) })
  opened.push(cache)
  return cache
}

function inspect<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    return read(db)
  } finally {
    db.close()
  }
}

/**
 * A cache file as PerkPack at schema 2 left it: the same pragmas, the model's JSON in every
 * row, the side tables, a saved orders view, a sync that died half-way, and the free pages
 * the staging area of earlier syncs left behind.
 */
function writeV2File(file: string, snapshots: Map<number, CampaignContribution[]>): void {
  inspect(file, (db) => {
    db.pragma('page_size = 16384')
    db.pragma('journal_mode = WAL')
    migrate(db, 2)
    const campaign = db.prepare(
      `INSERT INTO campaigns (campaign_id, title, last_synced_at, contribution_count,
         expected_count, privileged) VALUES (?, ?, ?, ?, ?, 1)`,
    )
    const row = db.prepare(
      `INSERT INTO contributions (campaign_id, id, created_at, status, country, email,
         sequence_number, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const perk = db.prepare(
      'INSERT OR IGNORE INTO contribution_perks (campaign_id, contribution_id, perk_id) VALUES (?, ?, ?)',
    )
    const sku = db.prepare(
      'INSERT OR IGNORE INTO contribution_skus (campaign_id, contribution_id, sku_code) VALUES (?, ?, ?)',
    )
    const staged = db.prepare(
      `INSERT INTO staging_contributions (sync_key, id, created_at, json, perk_ids, sku_codes)
       VALUES (?, ?, ?, ?, '[]', '[]')`,
    )
    db.transaction(() => {
      for (const [campaignId, rows] of snapshots) {
        campaign.run(campaignId, `Campaign ${campaignId}`, SYNCED_AT, rows.length, rows.length)
        for (const c of rows) {
          const createdAt = new Date(Date.parse(c.created_at ?? '')).toISOString()
          const email = c.email ? c.email.trim().toLowerCase() : null
          const country = c.order.shipping?.country ?? null
          const json = JSON.stringify(c)
          row.run(campaignId, c.id, createdAt, c.order.status, country, email, null, json)
          for (const p of c.order.perks) {
            perk.run(campaignId, c.id, p.id)
            for (const item of p.items) sku.run(campaignId, c.id, item.sku.code)
          }
        }
        const { doc } = buildView(newestFirst(rows), SYNCED_AT)
        db.prepare(
          "INSERT INTO documents (kind, key, value, saved_at) VALUES ('orders-view', ?, ?, ?)",
        ).run(String(campaignId), JSON.stringify(doc), SYNCED_AT)
      }
      // An earlier sync staged a whole campaign and was swapped in: its pages are free now.
      const done = db
        .prepare(
          `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
           VALUES ('done', ?, 'old', 1, ?)`,
        )
        .run(CAMPAIGN, SYNCED_AT).lastInsertRowid
      for (const c of snapshots.get(CAMPAIGN) ?? []) {
        staged.run(done, c.id + 1, SYNCED_AT, JSON.stringify(c).repeat(4))
      }
      db.prepare('DELETE FROM staging_contributions WHERE sync_key = ?').run(done)
      db.prepare('DELETE FROM staging_syncs WHERE sync_key = ?').run(done)
      // A sync that died half-way: its rows cannot be finished by the new version.
      const dead = db
        .prepare(
          `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
           VALUES ('dead', ?, 'old', ?, ?)`,
        )
        .run(OTHER, process.pid, SYNCED_AT).lastInsertRowid
      staged.run(dead, 1, SYNCED_AT, '{}')
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
  })
}

const texts = (rows: readonly unknown[]) => rows.map((row) => JSON.stringify(row))

/**
 * The same file taken on to schema 3 by the version that added problem rows: a campaign with
 * problem rows committed, and a sync that died with good and problem rows staged.
 */
function writeV3File(file: string, snapshots: Map<number, CampaignContribution[]>): void {
  writeV2File(file, snapshots)
  inspect(file, (db) => {
    migrate(db, 3)
    const committed = db.prepare(
      `INSERT INTO problem_rows (campaign_id, row_key, id, rank, raw, problems)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    const staged = db.prepare(
      `INSERT INTO staging_problem_rows (sync_key, row_key, id, rank, raw, problems)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    const args = (row: ReturnType<typeof problemRow>) =>
      [row.id === null ? `r${row.rank}` : String(row.id), row.id, row.rank] as const
    db.transaction(() => {
      for (const row of [problemRow(2_000_001, 300), problemRow(null, 301)]) {
        committed.run(CAMPAIGN, ...args(row), JSON.stringify(row.raw), JSON.stringify(row.problems))
      }
      db.prepare(
        'UPDATE campaigns SET problem_count = 2, expected_count = 302 WHERE campaign_id = ?',
      ).run(CAMPAIGN)
      const dead = db
        .prepare(
          `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
           VALUES ('dead-v3', ?, 'old', ?, ?)`,
        )
        .run(CAMPAIGN, process.pid, SYNCED_AT).lastInsertRowid
      db.prepare(
        `INSERT INTO staging_contributions (sync_key, id, created_at, json, perk_ids, sku_codes)
         VALUES (?, 1, ?, '{}', '[]', '[]')`,
      ).run(dead, SYNCED_AT)
      const stagedRow = problemRow(2_000_009, 5, 'dead')
      staged.run(dead, ...args(stagedRow), JSON.stringify(stagedRow.raw), '[]')
    })()
  })
}

/** Rows of the staging tables and what `foreign_key_check` finds wrong, in a file. */
function leftovers(file: string) {
  return inspect(file, (db) => ({
    syncs: db.prepare('SELECT count(*) FROM staging_syncs').pluck().get(),
    rows: db.prepare('SELECT count(*) FROM staging_contributions').pluck().get(),
    problems: db.prepare('SELECT count(*) FROM staging_problem_rows').pluck().get(),
    brokenKeys: db.pragma('foreign_key_check'),
  }))
}

describe('offline cache: a schema 2 file moves to the compact rows', () => {
  it('keeps every snapshot, its filters, its saved view, and gives the free pages back', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    const rows = makeContributions(300)
    const other = makeContributions(40, { campaignId: OTHER, idBase: 5_000_000 })
    writeV2File(
      file,
      new Map([
        [CAMPAIGN, rows],
        [OTHER, other],
      ]),
    )
    const before = inspect(file, (db) => ({
      version: db.pragma('user_version', { simple: true }),
      free: db.pragma('freelist_count', { simple: true }) as number,
      bytes: fs.statSync(file).size,
    }))
    expect(before.version).toBe(2)
    expect(before.free).toBeGreaterThan(10)

    const cache = open(dir)
    // Through schema 3 (problem rows), 4 (compact rows), 5 (the floor's record), 6 (team
    // mode's outbox), 7 (rows keyed by sync), 8 (the floor's plan), 9 (the SKU catalogue) and 10
    // (the floor plan shared), one migration at a time.
    expect(SCHEMA_VERSION).toBe(11)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    for (const [campaignId, snapshot] of [
      [CAMPAIGN, rows],
      [OTHER, other],
    ] as const) {
      const expected = texts(newestFirst(snapshot))
      expect(texts(cache.contributions(campaignId))).toEqual(expected)
      // Schema 2 kept the model's JSON only: the best raw row there is, and for clean rows the
      // very text the API sent.
      expect(texts(cache.rawContributions(campaignId))).toEqual(expected)
      expect(cache.campaign(campaignId)).toMatchObject({
        title: `Campaign ${campaignId}`,
        lastSyncedAt: SYNCED_AT,
        count: snapshot.length,
        problemCount: 0,
        privileged: true,
      })
      expect(cache.problemRows(campaignId)).toEqual([])
      // The orders view saved by the old version still belongs to this snapshot.
      expect(hasCurrentView(cache, campaignId)).toBe(true)
    }
    const ids = (list: readonly CampaignContribution[]) => list.map((row) => row.id).sort()
    const withPerk = rows.filter((row) => row.order.perks.some((perk) => perk.id === 502))
    expect(ids(cache.contributions(CAMPAIGN, { perkId: 502 }))).toEqual(ids(withPerk))
    expect(ids(cache.contributions(CAMPAIGN, { email: 'backer.7@example.test' }))).toEqual([
      rows[7]!.id,
    ])
    expect(loadWorkspace(cache, CAMPAIGN)?.rows.map((row) => row.id)).toEqual(
      newestFirst(rows).map((row) => row.id),
    )

    const after = inspect(file, (db) => ({
      autoVacuum: db.pragma('auto_vacuum', { simple: true }),
      free: db.pragma('freelist_count', { simple: true }),
      staged: db.prepare('SELECT count(*) FROM staging_contributions').pluck().get(),
    }))
    // Incremental auto-vacuum from now on, the old free pages gone, the dead sync's rows too.
    expect(after).toEqual({ autoVacuum: 2, free: 0, staged: 0 })
    expect(leftovers(file)).toEqual({ syncs: 0, rows: 0, problems: 0, brokenKeys: [] })
    expect(fs.statSync(file).size).toBeLessThan(before.bytes / 2)
  })

  it('syncs on top of a converted snapshot and replaces it whole', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    writeV2File(file, new Map([[CAMPAIGN, makeContributions(120)]]))
    const cache = open(dir)
    const next = makeContributions(80, {}, 100)
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(next))
    // Problem rows staged beside the compact rows, one of them a row staged good before.
    writer.addProblems([problemRow(null, 80), problemRow(next[3]!.id, 3)])
    expect(writer.commit({ expectedCount: 81, privileged: true })).toMatchObject({
      count: 79,
      problemCount: 2,
    })
    const kept = newestFirst(next.filter((row) => row.id !== next[3]!.id))
    expect(texts(cache.contributions(CAMPAIGN))).toEqual(texts(kept))
    cache.close()
    const reopened = open(dir)
    expect(texts(reopened.rawContributions(CAMPAIGN))).toEqual(texts(kept))
    expect(reopened.problemRows(CAMPAIGN)).toEqual([
      problemRow(null, 80),
      problemRow(next[3]!.id, 3),
    ])
  })
})

describe('offline cache: a schema 2 plaintext file opened with a key (issue 11 M2)', () => {
  it('is migrated and encrypted in one open, every row kept, no e-mail left readable', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    const rows = makeContributions(60)
    writeV2File(file, new Map([[CAMPAIGN, rows]]))
    const key = '7e'.repeat(32)
    const cache = open(dir, key)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(cache.contributionCount(CAMPAIGN)).toBe(60)
    cache.close()
    const bytes = fs.readFileSync(file).toString('latin1')
    expect(bytes.startsWith('SQLite format 3')).toBe(false)
    expect(bytes).not.toContain(rows[5]!.email as string)
    expect(texts(open(dir, key).contributions(CAMPAIGN))).toEqual(texts(newestFirst(rows)))
  })
})

describe('offline cache: a schema 3 file (problem rows) moves to the compact rows', () => {
  it('keeps the committed problem rows; a dead sync goes with its staged problem rows', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    const rows = makeContributions(300)
    writeV3File(file, new Map([[CAMPAIGN, rows]]))
    expect(leftovers(file)).toMatchObject({ syncs: 2, rows: 2, problems: 1 })

    const cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(leftovers(file)).toEqual({ syncs: 0, rows: 0, problems: 0, brokenKeys: [] })
    expect(cache.campaign(CAMPAIGN)).toMatchObject({
      count: 300,
      problemCount: 2,
      expectedCount: 302,
    })
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(null, 301), problemRow(2_000_001, 300)])
    expect(texts(cache.rawContributions(CAMPAIGN))).toEqual(texts(newestFirst(rows)))
    // The problem rows' staging table kept its index through the rebuild of its neighbour.
    const indexes = inspect(file, (db) =>
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?")
        .pluck()
        .all('staging_problem_rows'),
    )
    expect(indexes).toContain('staging_problem_rows_by_id')

    // A sync with both kinds of rows runs and commits on the migrated file.
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(10)))
    writer.addProblems([problemRow(2_000_002, 10, 'new')])
    expect(writer.commit({ expectedCount: 11, privileged: true })).toMatchObject({
      count: 10,
      problemCount: 1,
    })
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(2_000_002, 10, 'new')])
  })
})

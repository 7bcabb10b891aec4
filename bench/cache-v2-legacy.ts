/**
 * The offline cache as it stored contributions at schema 2 (before issue 9): the model's JSON
 * kept whole in every row, staged rows copied in at commit, free pages left in the file. Kept
 * for the benchmark only, so that "before" is measured in the same run as "after". Same SQL,
 * pragmas and transactions as that version; the schema is its own migrations 1 and 2.
 */
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3-multiple-ciphers'
import type {
  CampaignSnapshotInfo,
  OfflineCache,
  ReceivedContribution,
  SnapshotMeta,
  SnapshotWriter,
} from '../src/main/core/cache'
import { indexContribution } from '../src/main/core/cache/rows'
import { migrate } from '../src/main/core/cache/schema'
import { upsertStagedSql } from '../src/main/core/cache/statements'
import type { CampaignContribution } from '../src/shared/api/schemas'

const COLUMNS = 'id, created_at, status, country, email, sequence_number, json'

interface CampaignRow {
  campaign_id: number
  title: string | null
  last_synced_at: string
  contribution_count: number
  expected_count: number
  privileged: number
}

const toInfo = (row: CampaignRow): CampaignSnapshotInfo => ({
  campaignId: row.campaign_id,
  lastSyncedAt: row.last_synced_at,
  count: row.contribution_count,
  // Schema 2 kept no problem rows: it is synced at drift 0 only.
  problemCount: 0,
  expectedCount: row.expected_count,
  privileged: row.privileged === 1,
  title: row.title,
})

export function openLegacyCache(dataDir: string): OfflineCache {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'cache-legacy-v2.sqlite')
  const db = new Database(file, { timeout: 5000 })
  db.pragma('page_size = 16384')
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('analysis_limit = 1000')
  db.pragma('cache_size = -32768')
  migrate(db, 2)

  const sql = {
    insertSync: db.prepare(
      `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
       VALUES (?, ?, 'bench', ?, ?)`,
    ),
    syncExists: db.prepare('SELECT 1 FROM staging_syncs WHERE sync_key = ? AND sync_id = ?'),
    dropStaging: [
      db.prepare('DELETE FROM staging_contributions WHERE sync_key = ?'),
      db.prepare('DELETE FROM staging_syncs WHERE sync_key = ?'),
    ],
    upsertStaged: db.prepare(upsertStagedSql(COLUMNS)),
    countStaged: db
      .prepare('SELECT count(*) FROM staging_contributions WHERE sync_key = ?')
      .pluck(),
    upsertCampaign: db.prepare(
      `INSERT INTO campaigns
         (campaign_id, last_synced_at, contribution_count, expected_count, privileged)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (campaign_id) DO UPDATE SET last_synced_at = excluded.last_synced_at,
         contribution_count = excluded.contribution_count,
         expected_count = excluded.expected_count, privileged = excluded.privileged`,
    ),
    dropSnapshot: [
      db.prepare('DELETE FROM contribution_skus WHERE campaign_id = ?'),
      db.prepare('DELETE FROM contribution_perks WHERE campaign_id = ?'),
      db.prepare('DELETE FROM contributions WHERE campaign_id = ?'),
    ],
    copySnapshot: [
      db.prepare(
        `INSERT INTO contributions (campaign_id, ${COLUMNS})
         SELECT @campaignId, ${COLUMNS} FROM staging_contributions WHERE sync_key = @syncKey`,
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
    rows: db
      .prepare(
        `SELECT json FROM contributions WHERE campaign_id = ? ORDER BY created_at DESC, id DESC`,
      )
      .pluck(),
    campaign: db.prepare(
      `SELECT * FROM campaigns WHERE campaign_id = ? AND last_synced_at IS NOT NULL`,
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

  const stage = db.transaction((key: number, id: string, rows: readonly ReceivedContribution[]) => {
    if (sql.syncExists.get(key, id) === undefined) throw new Error('sync superseded')
    for (const { model } of rows) {
      const entry = indexContribution(model)
      sql.upsertStaged.run(
        key,
        entry.id,
        entry.createdAt,
        entry.status,
        entry.country,
        entry.email,
        model.order.sequence_number ?? null,
        JSON.stringify(model),
        JSON.stringify(entry.perkIds),
        JSON.stringify(entry.skuCodes),
      )
    }
  })
  const commit = db.transaction((campaignId: number, key: number, meta: SnapshotMeta) => {
    const count = sql.countStaged.get(key) as number
    const now = new Date().toISOString()
    sql.upsertCampaign.run(campaignId, now, count, meta.expectedCount, meta.privileged ? 1 : 0)
    for (const statement of sql.dropSnapshot) statement.run(campaignId)
    for (const statement of sql.copySnapshot) statement.run({ campaignId, syncKey: key })
    for (const statement of sql.dropStaging) statement.run(key)
  })
  const campaign = (campaignId: number) => {
    const row = sql.campaign.get(campaignId) as CampaignRow | undefined
    return row ? toInfo(row) : null
  }
  const contributions = (campaignId: number) =>
    (sql.rows.all(campaignId) as string[]).map((text) => JSON.parse(text) as CampaignContribution)

  return {
    path: file,
    schemaVersion: () => 2,
    beginSnapshot(campaignId: number): SnapshotWriter {
      const syncId = randomUUID()
      const key = Number(
        sql.insertSync.run(syncId, campaignId, process.pid, new Date().toISOString())
          .lastInsertRowid,
      )
      const ids = new Set<number>()
      return {
        syncId,
        add(rows) {
          stage.immediate(key, syncId, rows)
          for (const { model } of rows) ids.add(model.id)
          return ids.size
        },
        addProblems() {
          throw new Error('Schema 2 keeps no problem rows: bench it at drift 0 only.')
        },
        size: () => ids.size,
        ids: () => new Set(ids),
        commit(meta) {
          commit.immediate(campaignId, key, meta)
          db.pragma('optimize = 0x10002')
          return campaign(campaignId)!
        },
        abort() {
          for (const statement of sql.dropStaging) statement.run(key)
        },
      }
    },
    contributions,
    rawContributions: contributions,
    rawContribution: () => null,
    contributionCount: (campaignId) => contributions(campaignId).length,
    problemRows: () => [],
    campaign,
    campaigns: () => [],
    setCampaignTitle: (campaignId, title) => void sql.setTitle.run(campaignId, title),
    floorPlan: () => {
      throw new Error('Schema 2 had no floor plan.')
    },
    floor: () => {
      throw new Error('Schema 2 had no packing floor record.')
    },
    catalog: () => {
      throw new Error('Schema 2 had no SKU catalogue.')
    },
    // Schema 2 deleted the replaced snapshot in its commit: nothing is left for later.
    tidy: () => undefined,
    putDocument: (kind, key, value) =>
      void sql.putDocument.run(kind, key, JSON.stringify(value), new Date().toISOString()),
    getDocument<T>(kind: string, key: string) {
      const row = sql.getDocument.get(kind, key) as { value: string; saved_at: string } | undefined
      return row ? { value: JSON.parse(row.value) as T, savedAt: row.saved_at } : null
    },
    close: () => {
      if (!db.open) return
      db.pragma('optimize')
      db.close()
    },
  }
}

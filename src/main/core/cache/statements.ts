import type Database from 'better-sqlite3-multiple-ciphers'
import type { CampaignSnapshotInfo } from './types'

export interface CampaignRow {
  campaign_id: number
  title: string | null
  last_synced_at: string
  contribution_count: number
  problem_count: number
  expected_count: number
  privileged: number
}

export interface SyncRow {
  sync_key: number
  owner: string
  pid: number
}

const CAMPAIGN_COLUMNS =
  'campaign_id, title, last_synced_at, contribution_count, problem_count, expected_count, privileged'
const STAGED_COLUMNS = 'id, created_at, status, country, email, raw, model'
/** The sync of the campaign's snapshot: what every read of its rows is keyed by. */
const SNAPSHOT_SYNC = '(SELECT sync_key FROM campaigns WHERE campaign_id = ?)'

/**
 * Stages a row under its sync, `columns` bound in order after sync_key (the first of them `id`):
 * into `contributions` from schema 7, into the staging table before. The later copy of a row
 * wins: pages shift while new contributions arrive.
 */
export function upsertStagedSql(columns: string, table = 'staging_contributions'): string {
  const names = `${columns}, perk_ids, sku_codes`.split(', ')
  const updates = names.slice(1).map((name) => `${name} = excluded.${name}`)
  return `INSERT INTO ${table} (sync_key, ${names.join(', ')})
    VALUES (?, ${names.map(() => '?').join(', ')})
    ON CONFLICT (sync_key, id) DO UPDATE SET ${updates.join(', ')}`
}

export function toInfo(row: CampaignRow): CampaignSnapshotInfo {
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

/** A prepared statement under a name of this module, so that `Statements` can be exported. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SqlStatement extends Database.Statement<unknown[], unknown> {}

export function prepareStatements(db: Database.Database) {
  const prepare = (text: string): SqlStatement => db.prepare(text)
  return {
    // A key no rows are stored under: not a staged sync's, not a snapshot's, not a replaced
    // snapshot's (a rowid of staging_syncs alone may come back once its sync committed).
    insertSync: prepare(
      `INSERT INTO staging_syncs (sync_key, sync_id, campaign_id, owner, pid, started_at)
       VALUES ((SELECT max(key) + 1 FROM (SELECT 0 AS key
         UNION ALL SELECT max(sync_key) FROM staging_syncs
         UNION ALL SELECT max(sync_key) FROM campaigns
         UNION ALL SELECT max(sync_key) FROM replaced_snapshots
         UNION ALL SELECT max(sync_key) FROM contributions)), ?, ?, ?, ?, ?)`,
    ),
    syncExists: prepare(
      'SELECT 1 FROM staging_syncs WHERE sync_key = ? AND sync_id = ? AND campaign_id = ?',
    ),
    syncsOfCampaign: prepare('SELECT sync_key FROM staging_syncs WHERE campaign_id = ?').pluck(),
    syncsOfOwner: prepare('SELECT sync_key FROM staging_syncs WHERE owner = ?').pluck(),
    allSyncs: prepare('SELECT sync_key, owner, pid FROM staging_syncs'),
    /** The rows stored under a sync (a staged one's, or a replaced snapshot's) and lookups. */
    dropRows: [
      'contribution_skus',
      'contribution_perks',
      'contributions_by_email',
      'contributions_by_country',
      'contributions_by_status',
      'contributions',
    ].map((table) => prepare(`DELETE FROM ${table} WHERE sync_key = ?`)),
    replaced: prepare('SELECT sync_key FROM replaced_snapshots').pluck(),
    addReplaced: prepare('INSERT OR IGNORE INTO replaced_snapshots (sync_key) VALUES (?)'),
    dropReplaced: prepare('DELETE FROM replaced_snapshots WHERE sync_key = ?'),
    /** A sync's own entry, and its staged problem rows (the snapshot's are copied at commit). */
    endSync: [
      prepare('DELETE FROM staging_problem_rows WHERE sync_key = ?'),
      prepare('DELETE FROM staging_syncs WHERE sync_key = ?'),
    ],
    upsertStaged: prepare(upsertStagedSql(STAGED_COLUMNS, 'contributions')),
    insertPart: prepare('INSERT INTO snapshot_parts (campaign_id, part, json) VALUES (?, ?, ?)'),
    countStaged: prepare('SELECT count(*) FROM contributions WHERE sync_key = ?').pluck(),
    /** A row re-read as a problem row is no longer a good one. */
    unstage: prepare('DELETE FROM contributions WHERE sync_key = ? AND id = ?'),
    snapshotSync: prepare('SELECT sync_key FROM campaigns WHERE campaign_id = ?').pluck(),
    upsertCampaign: prepare(
      `INSERT INTO campaigns (campaign_id, last_synced_at, contribution_count, problem_count,
         expected_count, privileged, sync_key)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (campaign_id) DO UPDATE SET last_synced_at = excluded.last_synced_at,
         contribution_count = excluded.contribution_count, problem_count = excluded.problem_count,
         expected_count = excluded.expected_count, privileged = excluded.privileged,
         sync_key = excluded.sync_key`,
    ),
    dropParts: prepare('DELETE FROM snapshot_parts WHERE campaign_id = ?'),
    countContributions: prepare(
      `SELECT count(*) FROM contributions WHERE sync_key = ${SNAPSHOT_SYNC}`,
    ).pluck(),
    rawContribution: prepare(
      `SELECT raw FROM contributions WHERE sync_key = ${SNAPSHOT_SYNC} AND id = ?`,
    ).pluck(),
    part: prepare('SELECT json FROM snapshot_parts WHERE campaign_id = ? AND part = ?').pluck(),
    campaign: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns
       WHERE campaign_id = ? AND last_synced_at IS NOT NULL`,
    ),
    campaigns: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE last_synced_at IS NOT NULL
       ORDER BY last_synced_at DESC, campaign_id DESC`,
    ),
    setTitle: prepare(
      `INSERT INTO campaigns (campaign_id, title) VALUES (?, ?)
       ON CONFLICT (campaign_id) DO UPDATE SET title = excluded.title`,
    ),
    putDocument: prepare(
      `INSERT INTO documents (kind, key, value, saved_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, saved_at = excluded.saved_at`,
    ),
    getDocument: prepare('SELECT value, saved_at FROM documents WHERE kind = ? AND key = ?'),
  }
}

export type Statements = ReturnType<typeof prepareStatements>

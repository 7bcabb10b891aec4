import Database from 'better-sqlite3-multiple-ciphers'
import type { ReceivedContribution } from '../../src/main/core/cache'
import { encodeRow, PartNumbers, rawObject, sameJson } from '../../src/main/core/cache/row-codec'
import { indexContribution } from '../../src/main/core/cache/rows'
import { migrate } from '../../src/main/core/cache/schema'

export interface V6Campaign {
  campaignId: number
  rows: readonly ReceivedContribution[]
  syncedAt: string
}

/** A sync in progress when the file was written, run by process `pid`. */
export interface V6Staging {
  campaignId: number
  rows: readonly ReceivedContribution[]
  pid: number
}

/**
 * A cache file as PerkPack at schema 6 wrote it (rows keyed by campaign, their lookups as
 * indexes and side tables, staged rows in their own table), built by the same rules the sync
 * used: the encoded raw row, the model row only where it differs, perks and SKUs on the side.
 */
export function writeV6Cache(
  file: string,
  campaigns: readonly V6Campaign[],
  staging: readonly V6Staging[] = [],
): void {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    migrate(db, 6)
    const sql = {
      campaign: db.prepare(
        `INSERT INTO campaigns (campaign_id, title, last_synced_at, contribution_count,
           problem_count, expected_count, privileged) VALUES (?, ?, ?, ?, 0, ?, 1)`,
      ),
      row: db.prepare(
        `INSERT INTO contributions (campaign_id, id, created_at, status, country, email, raw,
           model) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      perk: db.prepare(
        'INSERT OR IGNORE INTO contribution_perks (campaign_id, contribution_id, perk_id) VALUES (?, ?, ?)',
      ),
      sku: db.prepare(
        'INSERT OR IGNORE INTO contribution_skus (campaign_id, contribution_id, sku_code) VALUES (?, ?, ?)',
      ),
      part: db.prepare('INSERT INTO snapshot_parts (campaign_id, part, json) VALUES (?, ?, ?)'),
      sync: db.prepare(
        `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
         VALUES (?, ?, 'v6-owner', ?, '2024-01-01T00:00:00.000Z')`,
      ),
      staged: db.prepare(
        `INSERT INTO staging_contributions (sync_key, id, created_at, status, country, email,
           raw, model, perk_ids, sku_codes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    }
    const encode = ({ model, raw }: ReceivedContribution, parts: PartNumbers) => {
      const entry = indexContribution(model)
      const rawText = encodeRow(rawObject(raw, model), parts)
      const modelText = sameJson(model, raw)
        ? null
        : encodeRow(model as unknown as Record<string, unknown>, parts)
      const values = [entry.id, entry.createdAt, entry.status, entry.country, entry.email]
      return { entry, values: [...values, rawText, modelText === rawText ? null : modelText] }
    }
    db.transaction(() => {
      for (const { campaignId, rows, syncedAt } of campaigns) {
        const title = `Campaign ${campaignId}`
        sql.campaign.run(campaignId, title, syncedAt, rows.length, rows.length)
        const parts = new PartNumbers()
        for (const received of rows) {
          const { entry, values } = encode(received, parts)
          sql.row.run(campaignId, ...values)
          for (const perkId of entry.perkIds) sql.perk.run(campaignId, entry.id, perkId)
          for (const code of entry.skuCodes) sql.sku.run(campaignId, entry.id, code)
        }
        for (const [part, json] of parts.entries()) sql.part.run(campaignId, part, json)
      }
      for (const [index, { campaignId, rows, pid }] of staging.entries()) {
        const key = sql.sync.run(`v6-sync-${index}`, campaignId, pid).lastInsertRowid
        const parts = new PartNumbers()
        for (const received of rows) {
          const { entry, values } = encode(received, parts)
          const lists = [JSON.stringify(entry.perkIds), JSON.stringify(entry.skuCodes)]
          sql.staged.run(key, ...values, ...lists)
        }
      }
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}

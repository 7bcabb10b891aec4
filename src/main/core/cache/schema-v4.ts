import type Database from 'better-sqlite3-multiple-ciphers'
import { CacheError } from './errors'
import { encodeRow, isPlain, PartNumbers } from './row-codec'

/** Rows converted per read: bounds memory whatever the size of the file. */
const BATCH = 2000

interface OldRow {
  rowid: number
  campaign_id: number
  id: number
  created_at: string
  status: string | null
  country: string | null
  email: string | null
  json: string
}

/**
 * Moves every snapshot of schemas 2 and 3 (the model row as JSON) into the compact table of
 * schema 4. They kept only the model's JSON, which is the raw row read back for every row that
 * was clean, so it becomes the raw row, and nothing is lost. Part of migration 4: never edit.
 */
export function convertRowsToCompact(db: Database.Database): void {
  const read = db.prepare(
    `SELECT rowid, campaign_id, id, created_at, status, country, email, json
     FROM contributions WHERE rowid > ? ORDER BY rowid LIMIT ${BATCH}`,
  )
  const insertRow = db.prepare(
    `INSERT INTO contributions_v4 (campaign_id, id, created_at, status, country, email, raw)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertPart = db.prepare(
    'INSERT INTO snapshot_parts (campaign_id, part, json) VALUES (?, ?, ?)',
  )
  const numbering = new Map<number, PartNumbers>()
  let after = 0
  for (;;) {
    const rows = read.all(after) as OldRow[]
    if (rows.length === 0) break
    for (const row of rows) {
      let parts = numbering.get(row.campaign_id)
      if (!parts) {
        parts = new PartNumbers()
        numbering.set(row.campaign_id, parts)
      }
      const value = JSON.parse(row.json) as unknown
      if (!isPlain(value)) {
        throw new CacheError(
          'cache_damaged',
          `The offline cache holds contribution ${row.id} in a form PerkPack cannot read. ` +
            'Quit PerkPack, then move the cache file away or delete it; the contributions ' +
            'can be synced again.',
        )
      }
      const raw = encodeRow(value, parts)
      insertRow.run(
        row.campaign_id,
        row.id,
        row.created_at,
        row.status,
        row.country,
        row.email,
        raw,
      )
    }
    after = (rows[rows.length - 1] as OldRow).rowid
  }
  for (const [campaignId, parts] of numbering) {
    for (const [part, json] of parts.entries()) insertPart.run(campaignId, part, json)
  }
}

import type Database from 'better-sqlite3-multiple-ciphers'
import type { Choice } from '../../../shared/fulfillment/variant'
import { variantKey } from '../../../shared/fulfillment/variant'
import type {
  StockChange,
  StockChangeReason,
  StockEntry,
  StockLevel,
} from '../../../shared/waves/wave-types'
import type { FloorJournal } from './floor-journal'
import type { Guard } from './guard'

interface StockRow {
  variant_key: string
  sku_code: string
  choices: string
  quantity: number
  updated_at: string
}

interface HistoryRow {
  variant_key: string
  delta: number
  quantity: number
  reason: string
  order_id: number | null
  by: string
  at: string
}

/** A change of level by a number of units (a pack takes, an unpack gives back). */
export interface StockDelta {
  variantKey: string
  skuCode: string
  choices: Choice[]
  delta: number
}

function toLevel(row: StockRow): StockLevel {
  return {
    variantKey: row.variant_key,
    skuCode: row.sku_code,
    choices: JSON.parse(row.choices) as Choice[],
    quantity: row.quantity,
    updatedAt: row.updated_at,
  }
}

/**
 * Stock on hand per SKU variant in the desk's offline cache (schema v8), every change kept in
 * `floor_stock_history` in the same transaction as the level it explains: a process killed
 * between the two cannot leave a level without its reason.
 */
export class StockStore {
  private readonly sql
  private readonly writeTx: Database.Transaction<
    (
      campaignId: number,
      changes: readonly { entry: StockEntry; delta: number | null }[],
      reason: StockChangeReason,
      orderId: number | null,
      by: string,
      at: string,
    ) => number
  >

  constructor(
    db: Database.Database,
    private readonly now: () => Date,
    private readonly guard: Guard,
    journal: FloorJournal,
  ) {
    this.sql = {
      levels: db.prepare<[number], StockRow>(
        `SELECT variant_key, sku_code, choices, quantity, updated_at FROM floor_stock
         WHERE campaign_id = ? ORDER BY sku_code, variant_key`,
      ),
      level: db.prepare<[number, string], { quantity: number }>(
        'SELECT quantity FROM floor_stock WHERE campaign_id = ? AND variant_key = ?',
      ),
      put: db.prepare<[number, string, string, string, number, string]>(
        `INSERT INTO floor_stock (campaign_id, variant_key, sku_code, choices, quantity, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (campaign_id, variant_key)
         DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`,
      ),
      log: db.prepare<[number, string, number, number, string, number | null, string, string]>(
        `INSERT INTO floor_stock_history
           (campaign_id, variant_key, delta, quantity, reason, order_id, by, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      history: db.prepare<[number, string], HistoryRow>(
        `SELECT variant_key, delta, quantity, reason, order_id, by, at FROM floor_stock_history
         WHERE campaign_id = ? AND variant_key = ? ORDER BY seq`,
      ),
    }
    const sql = this.sql
    this.writeTx = db.transaction((campaignId, changes, reason, orderId, by, at) => {
      let written = 0
      for (const { entry, delta } of changes) {
        const key = variantKey(entry.skuCode, entry.choices)
        const existing = sql.level.get(campaignId, key)
        const before = existing?.quantity ?? 0
        const after = delta === null ? entry.quantity : before + delta
        if (existing && after === before) continue
        sql.put.run(campaignId, key, entry.skuCode, JSON.stringify(entry.choices), after, at)
        sql.log.run(campaignId, key, after - before, after, reason, orderId, by, at)
        written += 1
      }
      // A set is sent whole, unchanged levels too: on the team store it is a count that orders
      // against the other desks' packs, even where this desk's figure already agreed.
      if (reason === 'set' || reason === 'import')
        journal.record(
          campaignId,
          {
            kind: 'stock-set',
            reason,
            levels: changes.map(({ entry }) => ({
              variantKey: variantKey(entry.skuCode, entry.choices),
              skuCode: entry.skuCode,
              choices: entry.choices,
              quantity: entry.quantity,
            })),
            by,
          },
          at,
        )
      else if (changes.length > 0)
        journal.record(
          campaignId,
          {
            kind: 'stock-delta',
            reason,
            orderId: orderId ?? 0,
            deltas: changes.map(({ entry, delta }) => ({
              variantKey: variantKey(entry.skuCode, entry.choices),
              skuCode: entry.skuCode,
              choices: entry.choices,
              delta: delta ?? 0,
            })),
            by,
          },
          at,
        )
      return written
    })
  }

  levels(campaignId: number): StockLevel[] {
    return this.guard(() => this.sql.levels.all(campaignId).map(toLevel))
  }

  history(campaignId: number, key: string): StockChange[] {
    return this.guard(() =>
      this.sql.history.all(campaignId, key).map((row) => ({
        variantKey: row.variant_key,
        delta: row.delta,
        quantity: row.quantity,
        reason: row.reason as StockChangeReason,
        orderId: row.order_id,
        by: row.by,
        at: row.at,
      })),
    )
  }

  /** Sets levels as typed or imported, all or none; answers how many changed. */
  set(
    campaignId: number,
    entries: readonly StockEntry[],
    reason: 'set' | 'import',
    by: string,
    at: Date = this.now(),
  ): number {
    const changes = entries.map((entry) => ({ entry, delta: null }))
    return this.guard(() =>
      this.writeTx.immediate(campaignId, changes, reason, null, by, at.toISOString()),
    )
  }

  /**
   * Moves levels by units for an order: a pack takes (negative), an unpack gives back. A level
   * may go below zero: the box is packed, and the shelf count was wrong; the planner then
   * counts nothing of that variant as on hand.
   */
  adjust(
    campaignId: number,
    deltas: readonly StockDelta[],
    reason: 'pack' | 'unpack' | 'reship',
    orderId: number,
    by: string,
    at: Date = this.now(),
  ): number {
    const changes = deltas
      .filter((change) => change.delta !== 0)
      .map((change) => ({
        entry: { skuCode: change.skuCode, choices: change.choices, quantity: 0 },
        delta: change.delta,
      }))
    return this.guard(() =>
      this.writeTx.immediate(campaignId, changes, reason, orderId, by, at.toISOString()),
    )
  }
}

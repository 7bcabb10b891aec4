import type Database from 'better-sqlite3-multiple-ciphers'
import type { FloorChange, FloorVariant } from '../../../shared/team/floor-log'
import type { StockChangeReason } from '../../../shared/waves/wave-types'

/** A variant a pull touched, and who last changed it from another desk (for its history). */
export interface StockNote extends FloorVariant {
  remote: { reason: StockChangeReason; orderId: number | null; desk: string; at: string } | null
}

type StockChange = FloorChange & { kind: 'stock-set' | 'stock-delta' }

/** Prepared once per connection: a pull folds thousands of packs. */
const prepared = new WeakMap<Database.Database, ReturnType<typeof prepare>>()

function prepare(db: Database.Database) {
  return {
    put: db.prepare<[number, string, number]>(
      `INSERT INTO floor_stock_team (campaign_id, variant_key, quantity) VALUES (?, ?, ?)
       ON CONFLICT (campaign_id, variant_key) DO UPDATE SET quantity = excluded.quantity`,
    ),
    add: db.prepare<[number, string, number]>(
      `INSERT INTO floor_stock_team (campaign_id, variant_key, quantity) VALUES (?, ?, ?)
       ON CONFLICT (campaign_id, variant_key) DO UPDATE SET quantity = quantity + excluded.quantity`,
    ),
  }
}

function statementsOf(db: Database.Database): ReturnType<typeof prepare> {
  let statements = prepared.get(db)
  if (!statements) {
    statements = prepare(db)
    prepared.set(db, statements)
  }
  return statements
}

/**
 * Folds one change of the team store's log into the desk's copy of the team's levels
 * (`floor_stock_team`): a set replaces, a delta adds. Every desk folds the same log in the same
 * order, so every desk comes to the same figure; a typed count ordered after a pack wins over
 * it, one ordered before it is reduced by it.
 */
export function foldStock(
  db: Database.Database,
  campaignId: number,
  change: StockChange,
  remoteDesk: string | null,
  at: string,
  notes: Map<string, StockNote>,
): void {
  const { put, add } = statementsOf(db)
  const lines =
    change.kind === 'stock-set'
      ? change.levels.map((line) => ({ line, set: line.quantity, delta: 0 }))
      : change.deltas.map((line) => ({ line, set: null, delta: line.delta }))
  for (const { line, set, delta } of lines) {
    if (set === null) add.run(campaignId, line.variantKey, delta)
    else put.run(campaignId, line.variantKey, set)
    const before = notes.get(line.variantKey)
    const remote = remoteDesk
      ? {
          reason: change.reason,
          orderId: change.kind === 'stock-delta' ? change.orderId : null,
          desk: remoteDesk,
          at,
        }
      : (before?.remote ?? null)
    notes.set(line.variantKey, {
      variantKey: line.variantKey,
      skuCode: line.skuCode,
      choices: line.choices,
      remote,
    })
  }
}

/**
 * The levels shown for the variants a pull touched: the team's fold with this desk's pending
 * changes on top, in the order it made them. A level that moved gets a history line naming the
 * other desk's change (or, when only the order of this desk's own changes moved it, a set).
 */
export function settleStock(
  db: Database.Database,
  campaignId: number,
  notes: ReadonlyMap<string, StockNote>,
): void {
  const team = db
    .prepare<[number, string], number>(
      'SELECT quantity FROM floor_stock_team WHERE campaign_id = ? AND variant_key = ?',
    )
    .pluck()
  const local = db
    .prepare<[number, string], number>(
      'SELECT quantity FROM floor_stock WHERE campaign_id = ? AND variant_key = ?',
    )
    .pluck()
  const pending = db
    .prepare<[number], string>(
      `SELECT change FROM floor_plan_pending WHERE campaign_id = ?
         AND kind IN ('stock-set', 'stock-delta') ORDER BY seq`,
    )
    .pluck()
    .all(campaignId)
    .map((text) => JSON.parse(text) as StockChange)
  const put = db.prepare<[number, string, string, string, number, string]>(
    `INSERT INTO floor_stock (campaign_id, variant_key, sku_code, choices, quantity, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (campaign_id, variant_key)
     DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`,
  )
  const log = db.prepare<[number, string, number, number, string, number | null, string, string]>(
    `INSERT INTO floor_stock_history
       (campaign_id, variant_key, delta, quantity, reason, order_id, by, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const now = new Date().toISOString()
  for (const [key, note] of notes) {
    let level = team.get(campaignId, key) ?? 0
    for (const change of pending) {
      if (change.kind === 'stock-set')
        level = change.levels.find((line) => line.variantKey === key)?.quantity ?? level
      else level += change.deltas.find((line) => line.variantKey === key)?.delta ?? 0
    }
    const before = local.get(campaignId, key)
    if (before === level) continue
    const at = note.remote?.at ?? now
    put.run(campaignId, key, note.skuCode, JSON.stringify(note.choices), level, at)
    log.run(
      campaignId,
      key,
      level - (before ?? 0),
      level,
      note.remote?.reason ?? 'set',
      note.remote?.orderId ?? null,
      note.remote?.desk ?? 'team store',
      at,
    )
  }
}

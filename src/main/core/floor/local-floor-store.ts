import type Database from 'better-sqlite3-multiple-ciphers'
import type {
  FloorStore,
  OrderFloorState,
  PackedMark,
  PackOutcome,
  PrintedDocument,
  TrackingEntry,
  TrackingWriteResult,
} from '../../../shared/floor/order-state'
import { blankFloorState } from '../../../shared/floor/order-state'

interface FloorRow {
  order_id: number
  packed_at: string | null
  station: string | null
  labels_printed_at: string | null
  slips_printed_at: string | null
  shipped_at: string | null
  carrier: string | null
  note: string | null
}

interface TrackingRow {
  order_id: number
  carrier: string | null
  tracking_number: string
}

interface TrackingParams {
  campaignId: number
  orderId: number
  carrier: string | null
  trackingNumber: string
  at: string
}

const FLOOR_COLUMNS =
  'order_id, packed_at, station, labels_printed_at, slips_printed_at, shipped_at, carrier, note'

function toState(row: FloorRow | undefined, orderId: number): OrderFloorState {
  if (!row) return blankFloorState(orderId)
  return {
    orderId: row.order_id,
    packedAt: row.packed_at,
    station: row.station,
    labelsPrintedAt: row.labels_printed_at,
    slipsPrintedAt: row.slips_printed_at,
    shippedAt: row.shipped_at,
    carrier: row.carrier,
    trackingNumbers: [],
    note: row.note,
  }
}

/**
 * The floor's record in the desk's own offline cache (schema v5: floor_orders, floor_tracking).
 * Every write is one IMMEDIATE transaction, so two processes on one desk (the app and a CLI run)
 * cannot both pack an order: the conditional UPDATE decides, and the loser reads who won.
 */
let connections = 0

export class LocalFloorStore implements FloorStore {
  /** Tells this store's change tokens from another connection's (see changeToken). */
  private readonly connection = ++connections
  private readonly sql
  private readonly packTx: Database.Transaction<
    (campaignId: number, orderId: number, station: string, at: string) => PackOutcome
  >
  private readonly trackingTx: Database.Transaction<
    (campaignId: number, entries: readonly TrackingEntry[], at: string) => TrackingWriteResult
  >
  private readonly stampTx: Database.Transaction<
    (campaignId: number, orderIds: readonly number[], column: string, at: string) => void
  >

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date = () => new Date(),
    /** Turns SQLite's errors (busy, disk full) into the cache's own messages. */
    private readonly guard: <T>(fn: () => T) => T = (fn) => fn(),
  ) {
    this.sql = {
      one: db.prepare<[number, number], FloorRow>(
        `SELECT ${FLOOR_COLUMNS} FROM floor_orders WHERE campaign_id = ? AND order_id = ?`,
      ),
      all: db.prepare<[number], FloorRow>(
        `SELECT ${FLOOR_COLUMNS} FROM floor_orders WHERE campaign_id = ?`,
      ),
      // The ids as one JSON array, each looked up by the primary key (CROSS JOIN keeps the
      // list as the outer loop): as many reads as ids, not as the floor has records.
      packedAmong: db.prepare<[string, number], { order_id: number; packed_at: string }>(
        `SELECT f.order_id, f.packed_at FROM json_each(?) AS j
         CROSS JOIN floor_orders AS f ON f.order_id = j.value AND f.campaign_id = ?
         WHERE f.packed_at IS NOT NULL`,
      ),
      // This connection's writes (total_changes) and other connections' commits (data_version).
      changes: db.prepare<[], { changes: number; other: number }>(
        'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS other',
      ),
      trackingOf: db.prepare<[number, number], TrackingRow>(
        `SELECT order_id, carrier, tracking_number FROM floor_tracking
         WHERE campaign_id = ? AND order_id = ? ORDER BY seq`,
      ),
      allTracking: db.prepare<[number], TrackingRow>(
        `SELECT order_id, carrier, tracking_number FROM floor_tracking
         WHERE campaign_id = ? ORDER BY order_id, seq`,
      ),
      ensure: db.prepare<[number, number]>(
        'INSERT INTO floor_orders (campaign_id, order_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      ),
      pack: db.prepare<[string, string, number, number]>(
        `UPDATE floor_orders SET packed_at = ?, station = ?
         WHERE campaign_id = ? AND order_id = ? AND packed_at IS NULL`,
      ),
      unpack: db.prepare<[number, number]>(
        `UPDATE floor_orders SET packed_at = NULL, station = NULL
         WHERE campaign_id = ? AND order_id = ? AND packed_at IS NOT NULL`,
      ),
      note: db.prepare<[string | null, number, number]>(
        'UPDATE floor_orders SET note = ? WHERE campaign_id = ? AND order_id = ?',
      ),
      carrier: db.prepare<[string, number, number]>(
        'UPDATE floor_orders SET carrier = ? WHERE campaign_id = ? AND order_id = ?',
      ),
      // seq: one past the order's last, so the parcels keep the order they were added in.
      addTracking: db.prepare<[TrackingParams]>(
        `INSERT INTO floor_tracking (campaign_id, order_id, seq, carrier, tracking_number, added_at)
         SELECT @campaignId, @orderId, coalesce(max(seq), 0) + 1, @carrier, @trackingNumber, @at
         FROM floor_tracking WHERE campaign_id = @campaignId AND order_id = @orderId
         ON CONFLICT (campaign_id, order_id, tracking_number) DO NOTHING`,
      ),
    }
    const sql = this.sql
    this.packTx = db.transaction((campaignId, orderId, station, at) => {
      sql.ensure.run(campaignId, orderId)
      const changed = sql.pack.run(at, station, campaignId, orderId).changes === 1
      return { packed: changed, state: this.readState(campaignId, orderId) }
    })
    this.trackingTx = db.transaction((campaignId, entries, at) => {
      let added = 0
      for (const entry of entries) {
        sql.ensure.run(campaignId, entry.orderId)
        const result = sql.addTracking.run({
          campaignId,
          orderId: entry.orderId,
          carrier: entry.carrier,
          trackingNumber: entry.trackingNumber,
          at,
        })
        if (result.changes === 1) {
          added += 1
          if (entry.carrier !== null) sql.carrier.run(entry.carrier, campaignId, entry.orderId)
        }
      }
      return { added, unchanged: entries.length - added }
    })
    this.stampTx = db.transaction((campaignId, orderIds, column, at) => {
      // `column` is one of three names chosen in this file, never input.
      const stamp = db.prepare(
        `UPDATE floor_orders SET ${column} = ? WHERE campaign_id = ? AND order_id = ?`,
      )
      for (const orderId of orderIds) {
        sql.ensure.run(campaignId, orderId)
        stamp.run(at, campaignId, orderId)
      }
    })
  }

  private readState(campaignId: number, orderId: number): OrderFloorState {
    const state = toState(this.sql.one.get(campaignId, orderId), orderId)
    state.trackingNumbers = this.sql.trackingOf
      .all(campaignId, orderId)
      .map((row) => row.tracking_number)
    return state
  }

  states(campaignId: number): Map<number, OrderFloorState> {
    const read = this.db.transaction(() => {
      const states = new Map<number, OrderFloorState>()
      for (const row of this.sql.all.all(campaignId))
        states.set(row.order_id, toState(row, row.order_id))
      for (const row of this.sql.allTracking.all(campaignId))
        states.get(row.order_id)?.trackingNumbers.push(row.tracking_number)
      return states
    })
    return this.guard(read)
  }

  changeToken(): string {
    const { changes, other } = this.guard(() => this.sql.changes.get()) ?? { changes: 0, other: 0 }
    // Both counters start again on a new connection: the store's own number keeps a token of
    // the file reopened (another process may have written meanwhile) from matching an old one.
    return `${this.connection}:${changes}:${other}`
  }

  packedAmong(campaignId: number, orderIds: readonly number[]): Map<number, PackedMark> {
    if (orderIds.length === 0) return new Map()
    const rows = this.guard(() => this.sql.packedAmong.all(JSON.stringify(orderIds), campaignId))
    return new Map(rows.map((row) => [row.order_id, { packedAt: row.packed_at }]))
  }

  state(campaignId: number, orderId: number): OrderFloorState | null {
    return this.guard(() =>
      this.sql.one.get(campaignId, orderId) ? this.readState(campaignId, orderId) : null,
    )
  }

  pack(campaignId: number, orderId: number, station: string, at: Date = this.now()): PackOutcome {
    return this.guard(() => this.packTx.immediate(campaignId, orderId, station, at.toISOString()))
  }

  unpack(campaignId: number, orderId: number): boolean {
    return this.guard(() => this.sql.unpack.run(campaignId, orderId).changes === 1)
  }

  markPrinted(
    campaignId: number,
    orderIds: readonly number[],
    document: PrintedDocument,
    at: Date = this.now(),
  ): void {
    const column = document === 'labels' ? 'labels_printed_at' : 'slips_printed_at'
    this.guard(() => this.stampTx.immediate(campaignId, orderIds, column, at.toISOString()))
  }

  markShipped(campaignId: number, orderIds: readonly number[], at: Date = this.now()): void {
    this.guard(() => this.stampTx.immediate(campaignId, orderIds, 'shipped_at', at.toISOString()))
  }

  addTracking(
    campaignId: number,
    entries: readonly TrackingEntry[],
    at: Date = this.now(),
  ): TrackingWriteResult {
    return this.guard(() => this.trackingTx.immediate(campaignId, entries, at.toISOString()))
  }

  setNote(campaignId: number, orderId: number, note: string | null): void {
    const text = note === null || note.trim() === '' ? null : note.trim()
    const write = this.db.transaction(() => {
      this.sql.ensure.run(campaignId, orderId)
      this.sql.note.run(text, campaignId, orderId)
    })
    this.guard(() => write.immediate())
  }
}

/** Whether the floor holds anything for the order: an unpack can leave an empty row. */
function holdsRecord(state: OrderFloorState): boolean {
  return (
    state.packedAt !== null ||
    state.trackingNumbers.length > 0 ||
    state.note !== null ||
    state.labelsPrintedAt !== null ||
    state.slipsPrintedAt !== null ||
    state.shippedAt !== null
  )
}

/**
 * The campaign's floor records whose order id is not among `orderIds` (an incoming copy's): what
 * a switch between a dashboard file and an API sync leaves behind, kept but no longer shown.
 */
export function floorRecordsLeftBehind(
  floor: FloorStore,
  campaignId: number,
  orderIds: ReadonlySet<number>,
): number {
  let count = 0
  for (const [orderId, state] of floor.states(campaignId))
    if (!orderIds.has(orderId) && holdsRecord(state)) count += 1
  return count
}

import type Database from 'better-sqlite3-multiple-ciphers'
import type { FloorChange, PendingEntry, PulledEntry } from '../../../shared/team/floor-log'
import { foldStock, settleStock } from './floor-stock-fold'
import type { StockNote } from './floor-stock-fold'
import { applyWave } from './floor-wave-fold'
import { FLOOR_SQL } from './correction-store'
import { PARCEL_SQL } from './parcel-store'

/** What a pull changed, by campaign: the orders (waves, holds, corrections, reships). */
export type FloorChanges = Map<number, Set<number>>

const ORDER_FAMILIES: Partial<Record<FloorChange['kind'], readonly string[]>> = {
  hold: ['hold', 'release'],
  release: ['hold', 'release'],
  'correction-set': ['correction-set', 'correction-drop'],
  'correction-drop': ['correction-set', 'correction-drop'],
  'parcel-pack': ['parcel-pack', 'parcel-unpack'],
  'parcel-unpack': ['parcel-pack', 'parcel-unpack'],
}

/** Why a desk gives a hold no reason of its own: it could not read the sealed one. */
export const reasonKeptAt = (desk: string) => `(the reason is kept at ${desk})`

/**
 * The team store's log applied to the desk's floor plan (schema v10), on a connection of its own
 * to the cache file. Each pull is one transaction with the cursor, so a desk killed mid-pull
 * applies nothing twice. The rules, the same on every desk since every desk folds one log in the
 * store's order (docs/team-mode.md):
 * - stock: levels are the fold of the log (a set replaces, deltas add) plus this desk's pending
 *   changes on top (floor-stock-fold.ts);
 * - holds and corrections: the last in the store's order wins per order; an order with a change
 *   of this desk still pending keeps this desk's, which the store will number later;
 * - waves: a wave whose name or open orders an earlier-numbered wave took is refused, here and
 *   on every desk, and listed (`refused`), never doubled; a close closes only the wave it named.
 */
export class FloorPlanMirror {
  private readonly sql

  constructor(
    private readonly db: Database.Database,
    /** Turns SQLite's errors (busy, disk full) into the cache's own messages. */
    private readonly guard: <T>(fn: () => T) => T = (fn) => fn(),
  ) {
    this.sql = {
      pending: db.prepare<
        [number, number],
        { seq: number; uuid: string; campaign_id: number; change: string; at: string }
      >(
        `SELECT seq, uuid, campaign_id, change, at FROM floor_plan_pending
         WHERE server_id IS NULL AND seq > ? ORDER BY seq LIMIT ?`,
      ),
      sent: db.prepare<[number, string]>(
        'UPDATE floor_plan_pending SET server_id = ? WHERE uuid = ?',
      ),
      count: db
        .prepare<[], number>('SELECT count(*) FROM floor_plan_pending WHERE server_id IS NULL')
        .pluck(),
      own: db
        .prepare<[string], number>('SELECT seq FROM floor_plan_pending WHERE uuid = ?')
        .pluck(),
      done: db.prepare<[string]>('DELETE FROM floor_plan_pending WHERE uuid = ?'),
      pendingFor: db
        .prepare<[number, string, string, number], number>(
          `SELECT 1 FROM floor_plan_pending WHERE campaign_id = ? AND kind IN (?, ?)
             AND json_extract(change, '$.orderId') = ? LIMIT 1`,
        )
        .pluck(),
      cursor: db.prepare<[string], { cursor: number; unreadable: number }>(
        'SELECT cursor, unreadable FROM floor_plan_cursor WHERE server = ?',
      ),
      setCursor: db.prepare<[string, number, number]>(
        `INSERT INTO floor_plan_cursor (server, cursor, unreadable) VALUES (?, ?, ?)
         ON CONFLICT (server) DO UPDATE SET cursor = excluded.cursor,
           unreadable = unreadable + excluded.unreadable`,
      ),
      hold: db.prepare<[number, number, string, string, string]>(FLOOR_SQL.hold),
      release: db.prepare<[string, string, number, number]>(FLOOR_SQL.release),
      correct: db.prepare<[number, number, string, string | null, string, string, string]>(
        FLOOR_SQL.putCorrection,
      ),
      dropCorrection: db.prepare<[number, number]>(FLOOR_SQL.dropCorrection),
      reshipOf: db.prepare<[number, string], { id: number; tracking_numbers: string }>(
        'SELECT id, tracking_numbers FROM floor_reships WHERE campaign_id = ? AND team_uid = ?',
      ),
      addReship: db.prepare<[number, number, string, string, string, string, string]>(
        `INSERT INTO floor_reships (campaign_id, order_id, items, reason, by, at, team_uid)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      reshipTracking: db.prepare<[string, number]>(
        'UPDATE floor_reships SET tracking_numbers = ? WHERE id = ?',
      ),
      putParcel: db.prepare<[number, number, string, string, string, string]>(PARCEL_SQL.put),
      dropParcel: db.prepare<[number, number, string]>(PARCEL_SQL.drop),
      refused: db.prepare<[], { name: string; desk: string; other: string | null; orders: string }>(
        'SELECT name, desk, other, orders FROM floor_plan_refused ORDER BY found_at, name',
      ),
    }
  }

  /** This desk's changes not sent yet, oldest first, after `afterSeq`. */
  unsent(limit: number, afterSeq = 0): PendingEntry[] {
    return this.sql.pending.all(afterSeq, limit).map((row) => ({
      seq: row.seq,
      uuid: row.uuid,
      campaignId: row.campaign_id,
      at: row.at,
      change: JSON.parse(row.change) as FloorChange,
    }))
  }

  /** The store took these: they stay pending until pulled back in the store's order. */
  markSent(sent: readonly { uuid: string; id: number }[]): void {
    this.guard(() =>
      this.db
        .transaction(() => {
          for (const { uuid, id } of sent) this.sql.sent.run(id, uuid)
        })
        .immediate(),
    )
  }

  pendingCount(): number {
    return this.sql.count.get() ?? 0
  }

  cursor(server: string): { cursor: number; unreadable: number } {
    return this.sql.cursor.get(server) ?? { cursor: 0, unreadable: 0 }
  }

  refused(): { name: string; desk: string; other: string | null; orders: number[] }[] {
    return this.sql.refused
      .all()
      .map((row) => ({ ...row, orders: JSON.parse(row.orders) as number[] }))
  }

  /** Applies pulled entries (in the store's order) and moves the cursor, all or nothing. */
  apply(server: string, entries: readonly PulledEntry[], cursor: number): FloorChanges {
    const write = this.db.transaction((): FloorChanges => {
      const changes: FloorChanges = new Map()
      const touched = new Map<number, Map<string, StockNote>>()
      let unreadable = 0
      for (const entry of entries) {
        const own = this.sql.own.get(entry.uuid) !== undefined
        if (entry.change === null) unreadable += 1
        else this.applyOne(entry, entry.change, own, changes, touched)
        if (own) this.sql.done.run(entry.uuid)
      }
      for (const [campaignId, variants] of touched) settleStock(this.db, campaignId, variants)
      this.sql.setCursor.run(server, cursor, unreadable)
      return changes
    })
    return this.guard(() => write.immediate())
  }

  private applyOne(
    entry: PulledEntry,
    change: FloorChange,
    own: boolean,
    changes: FloorChanges,
    touched: Map<number, Map<string, StockNote>>,
  ): void {
    const campaignId = entry.campaignId
    const changed = (...orderIds: number[]) => {
      const set = changes.get(campaignId) ?? new Set<number>()
      for (const id of orderIds) set.add(id)
      changes.set(campaignId, set)
    }
    if (change.kind === 'stock-set' || change.kind === 'stock-delta') {
      const variants = touched.get(campaignId) ?? new Map<string, StockNote>()
      foldStock(this.db, campaignId, change, own ? null : entry.desk, entry.at, variants)
      touched.set(campaignId, variants)
      changed()
      return
    }
    if (change.kind === 'wave-save' || change.kind === 'wave-close') {
      const orders = applyWave(this.db, entry, change, own)
      if (orders.length > 0) changed(...orders)
      return
    }
    if (own) return
    const family = ORDER_FAMILIES[change.kind]
    if (
      family &&
      'orderId' in change &&
      this.sql.pendingFor.get(campaignId, family[0]!, family[1]!, change.orderId)
    )
      return
    switch (change.kind) {
      case 'hold':
        this.sql.hold.run(
          campaignId,
          change.orderId,
          change.reason ?? reasonKeptAt(entry.desk),
          change.by,
          entry.at,
        )
        break
      case 'release':
        this.sql.release.run(entry.at, change.by, campaignId, change.orderId)
        break
      case 'correction-set':
        this.sql.correct.run(
          campaignId,
          change.orderId,
          JSON.stringify(change.address),
          change.platformAddress === null ? null : JSON.stringify(change.platformAddress),
          change.reason,
          change.by,
          entry.at,
        )
        break
      case 'correction-drop':
        this.sql.dropCorrection.run(campaignId, change.orderId)
        break
      case 'parcel-pack':
        this.sql.putParcel.run(
          campaignId,
          change.orderId,
          change.wave,
          JSON.stringify(change.lines),
          entry.at,
          change.by,
        )
        break
      case 'parcel-unpack':
        this.sql.dropParcel.run(campaignId, change.orderId, change.wave)
        break
      case 'reship-add':
        if (this.sql.reshipOf.get(campaignId, change.reship)) return
        this.sql.addReship.run(
          campaignId,
          change.orderId,
          JSON.stringify(change.items),
          change.reason ?? reasonKeptAt(entry.desk),
          change.by,
          entry.at,
          change.reship,
        )
        break
      case 'reship-tracking': {
        const row = this.sql.reshipOf.get(campaignId, change.reship)
        if (!row) return
        const numbers = JSON.parse(row.tracking_numbers) as string[]
        if (numbers.includes(change.trackingNumber)) return
        this.sql.reshipTracking.run(JSON.stringify([...numbers, change.trackingNumber]), row.id)
        return
      }
      default:
        // A kind a newer PerkPack wrote: skipped here, as the schema check keeps writers equal.
        return
    }
    changed(change.orderId)
  }
}

import type Database from 'better-sqlite3-multiple-ciphers'
import type { PackedParcel } from '../../../shared/waves/parcel-cut'
import type { PlanLine } from '../../../shared/waves/wave-planner'
import type { FloorJournal } from './floor-journal'
import type { Guard } from './guard'

/** The writes of packed parcels, one text each: this desk's store and the team mirror alike. */
export const PARCEL_SQL = {
  put: `INSERT INTO floor_parcels (campaign_id, order_id, wave, lines, packed_at, packed_by)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (campaign_id, order_id, wave) DO NOTHING`,
  drop: 'DELETE FROM floor_parcels WHERE campaign_id = ? AND order_id = ? AND wave = ?',
}

/**
 * The parcels packed in part (schema v11), per order: what an order no longer owes. "One parcel
 * per order and wave" is the table's key, so the station and `perkpack pack` racing on one
 * parcel record it once; the one that loses reads it packed.
 */
export class ParcelStore {
  private readonly sql
  private readonly recordTx
  private readonly dropTx

  constructor(
    db: Database.Database,
    private readonly now: () => Date,
    private readonly guard: Guard,
    journal: FloorJournal,
  ) {
    this.sql = {
      all: db.prepare<[number], { order_id: number; wave: string; lines: string }>(
        `SELECT order_id, wave, lines FROM floor_parcels WHERE campaign_id = ?
         ORDER BY packed_at, wave`,
      ),
      put: db.prepare<[number, number, string, string, string, string]>(PARCEL_SQL.put),
      drop: db.prepare<[number, number, string]>(PARCEL_SQL.drop),
    }
    const sql = this.sql
    this.recordTx = db.transaction(
      (campaignId: number, orderId: number, wave: string, lines: PlanLine[], by: string) => {
        const at = this.now().toISOString()
        const text = JSON.stringify(lines)
        if (sql.put.run(campaignId, orderId, wave, text, at, by).changes !== 1) return false
        journal.record(campaignId, { kind: 'parcel-pack', orderId, wave, lines, by }, at)
        return true
      },
    )
    this.dropTx = db.transaction(
      (campaignId: number, orderId: number, wave: string, by: string) => {
        if (sql.drop.run(campaignId, orderId, wave).changes !== 1) return false
        journal.record(
          campaignId,
          { kind: 'parcel-unpack', orderId, wave, by },
          this.now().toISOString(),
        )
        return true
      },
    )
  }

  /** Every order's parcels packed in part, oldest first. */
  packed(campaignId: number): Map<number, PackedParcel[]> {
    const byOrder = new Map<number, PackedParcel[]>()
    for (const row of this.guard(() => this.sql.all.all(campaignId))) {
      const list = byOrder.get(row.order_id) ?? []
      list.push({ wave: row.wave, lines: JSON.parse(row.lines) as PlanLine[] })
      byOrder.set(row.order_id, list)
    }
    return byOrder
  }

  /** Records a parcel packed in part; false when that parcel was recorded already. */
  record(
    campaignId: number,
    orderId: number,
    wave: string,
    lines: readonly PlanLine[],
    by: string,
  ): boolean {
    const copy = lines.map((line) => ({ variantKey: line.variantKey, quantity: line.quantity }))
    return this.guard(() => this.recordTx.immediate(campaignId, orderId, wave, copy, by))
  }

  /** Takes a parcel's record back (an unpack); false when there was none. */
  drop(campaignId: number, orderId: number, wave: string, by: string): boolean {
    return this.guard(() => this.dropTx.immediate(campaignId, orderId, wave, by))
  }
}

import type Database from 'better-sqlite3-multiple-ciphers'

/**
 * v11: partial shipments' parcels (issue 28). A wave saved from a partial plan keeps, per order
 * that ships in part, the parcel's lines (`floor_wave_orders.parcel`, JSON `[{variantKey,
 * quantity}]`; NULL: the whole order, as every wave before v11). `floor_parcels` keeps each
 * parcel packed in part: its lines, per order and wave ('' when packed outside a wave), so what
 * an order still owes is its shipping lines less these (src/shared/waves/parcel-cut.ts).
 */
export function addParcels(db: Database.Database): void {
  db.exec(`
    ALTER TABLE floor_wave_orders ADD COLUMN parcel TEXT;

    CREATE TABLE floor_parcels (
      campaign_id INTEGER NOT NULL,
      order_id INTEGER NOT NULL,
      wave TEXT NOT NULL,
      lines TEXT NOT NULL,
      packed_at TEXT NOT NULL,
      packed_by TEXT NOT NULL,
      -- One parcel per order and wave: two stations packing it at once record it once.
      PRIMARY KEY (campaign_id, order_id, wave)
    ) STRICT, WITHOUT ROWID;
  `)
}

import type Database from 'better-sqlite3-multiple-ciphers'
import type { FloorChange, PulledEntry } from '../../../shared/team/floor-log'
import { insertWaveOrders } from './wave-store'

interface LocalWave {
  name: string
  status: string
  created_by: string
  team_uuid: string | null
  team_id: number | null
}

type WaveChange = FloorChange & { kind: 'wave-save' | 'wave-close' }

/**
 * A wave change of the team store's log on this desk. A save is taken unless a wave numbered
 * before it holds its name or one of its orders while open: then it is refused (listed in
 * `floor_plan_refused`), as every desk folding the same log refuses it. A wave of this desk not
 * numbered yet, or numbered after the save, gives way: it is taken off and listed. So two desks
 * saving overlapping waves offline end with the first one the store numbered, on both desks,
 * and never an order in two open waves. Answers the orders whose wave changed.
 */
export function applyWave(
  db: Database.Database,
  entry: PulledEntry,
  change: WaveChange,
  own: boolean,
): number[] {
  const campaignId = entry.campaignId
  if (own) {
    db.prepare<[number, number, string]>(
      'UPDATE floor_waves SET team_id = ? WHERE campaign_id = ? AND team_uuid = ?',
    ).run(entry.id, campaignId, entry.uuid)
    return []
  }
  if (change.kind === 'wave-close') {
    const wave = db
      .prepare<[number, string], LocalWave>(
        `SELECT name, status, created_by, team_uuid, team_id FROM floor_waves
         WHERE campaign_id = ? AND team_uuid = ? AND status = 'open'`,
      )
      .get(campaignId, change.wave)
    if (!wave) return []
    db.prepare<[string, number, string]>(
      "UPDATE floor_waves SET status = 'closed', closed_at = ? WHERE campaign_id = ? AND name = ?",
    ).run(entry.at, campaignId, wave.name)
    return db
      .prepare<[number, string], number>(
        `UPDATE floor_wave_orders SET open_wave = NULL WHERE campaign_id = ? AND name = ?
         RETURNING order_id`,
      )
      .pluck()
      .all(campaignId, wave.name)
  }
  const known = db
    .prepare<[number, string], number>(
      'SELECT 1 FROM floor_waves WHERE campaign_id = ? AND team_uuid = ?',
    )
    .pluck()
    .get(campaignId, entry.uuid)
  if (known) return []
  const orderIds = [...new Set(change.orderIds)]
  const rivals = rivalsOf(db, campaignId, change.name, orderIds)
  const refuse = (
    uuid: string,
    name: string,
    desk: string,
    other: string | null,
    orders: number[],
  ) =>
    db
      .prepare<[string, number, string, string, string | null, string, string]>(
        `INSERT INTO floor_plan_refused (uuid, campaign_id, name, desk, other, orders, found_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING`,
      )
      .run(uuid, campaignId, name, desk, other, JSON.stringify(orders), new Date().toISOString())
  const earlier = rivals.find(({ wave }) => wave.team_id !== null && wave.team_id < entry.id)
  if (earlier) {
    refuse(entry.uuid, change.name, entry.desk, earlier.wave.created_by, earlier.orders)
    return []
  }
  const moved: number[] = []
  for (const { wave, orders } of rivals) {
    refuse(
      wave.team_uuid ?? `${campaignId}:${wave.name}`,
      wave.name,
      wave.created_by,
      entry.desk,
      orders,
    )
    moved.push(...dropWave(db, campaignId, wave))
  }
  db.prepare<[number, string, string, string, string, number]>(
    `INSERT INTO floor_waves (campaign_id, name, status, created_at, created_by, team_uuid, team_id)
     VALUES (?, ?, 'open', ?, ?, ?, ?)`,
  ).run(campaignId, change.name, entry.at, change.by, entry.uuid, entry.id)
  // An entry written before partial parcels has none: its orders ship whole.
  const insert = db.prepare<[number, string, number, number, string, string | null]>(
    `INSERT INTO floor_wave_orders (campaign_id, name, position, order_id, open_wave, parcel)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  insertWaveOrders(insert, campaignId, change.name, orderIds, change.parcels ?? [])
  return [...moved, ...orderIds]
}

/** Local waves in the way of a new one: its name, or one of its orders in an open wave. */
function rivalsOf(
  db: Database.Database,
  campaignId: number,
  name: string,
  orderIds: readonly number[],
): { wave: LocalWave; orders: number[] }[] {
  const select = db.prepare<[number, string], LocalWave>(
    `SELECT name, status, created_by, team_uuid, team_id FROM floor_waves
     WHERE campaign_id = ? AND name = ?`,
  )
  const openWaveOf = db
    .prepare<[number, number], string>(
      `SELECT open_wave FROM floor_wave_orders
       WHERE campaign_id = ? AND order_id = ? AND open_wave IS NOT NULL`,
    )
    .pluck()
  const rivals = new Map<string, number[]>()
  if (select.get(campaignId, name)) rivals.set(name, [])
  for (const orderId of orderIds) {
    const open = openWaveOf.get(campaignId, orderId)
    if (open !== undefined) rivals.set(open, [...(rivals.get(open) ?? []), orderId])
  }
  return [...rivals].map(([rival, orders]) => ({
    wave: select.get(campaignId, rival)!,
    orders,
  }))
}

/** Takes a wave that gave way off this desk, with its changes still to send. */
function dropWave(db: Database.Database, campaignId: number, wave: LocalWave): number[] {
  const orders = db
    .prepare<[number, string], number>(
      'DELETE FROM floor_wave_orders WHERE campaign_id = ? AND name = ? RETURNING order_id',
    )
    .pluck()
    .all(campaignId, wave.name)
  db.prepare<[number, string]>('DELETE FROM floor_waves WHERE campaign_id = ? AND name = ?').run(
    campaignId,
    wave.name,
  )
  if (wave.team_uuid !== null)
    db.prepare<[string, string]>(
      `DELETE FROM floor_plan_pending WHERE server_id IS NULL AND (uuid = ? OR
         (kind = 'wave-close' AND json_extract(change, '$.wave') = ?))`,
    ).run(wave.team_uuid, wave.team_uuid)
  return orders
}

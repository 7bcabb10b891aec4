import type Database from 'better-sqlite3-multiple-ciphers'
import { PerkPackError } from '../system/perkpack-errors'
import type { PlanLine } from '../../../shared/waves/wave-planner'
import type { Wave, WaveParcel, WaveStatus } from '../../../shared/waves/wave-types'
import type { FloorJournal } from './floor-journal'
import type { Guard } from './guard'

interface WaveRow {
  name: string
  status: string
  created_at: string
  created_by: string
  closed_at: string | null
}

/** Orders of a new wave already in another open wave: the wave is not made. */
export class WaveOverlapError extends PerkPackError {
  constructor(
    readonly orderIds: readonly number[],
    readonly waves: readonly string[],
  ) {
    super(
      'wave_conflict',
      `${orderIds.length === 1 ? '1 order is' : `${orderIds.length} orders are`} already in the open wave ${waves.map((w) => `"${w}"`).join(', ')}: an order is in one open wave at a time. Close that wave first, or leave those orders out.`,
    )
  }
}

/**
 * Waves in the desk's offline cache (schema v8): a name, the orders frozen when it was made, in
 * the planner's order, open or closed. "One open wave per order" is a unique index over the open
 * waves' orders, so two processes saving waves at once cannot both take an order.
 */
export class WaveStore {
  private readonly sql
  private readonly createTx: Database.Transaction<
    (
      campaignId: number,
      name: string,
      orderIds: readonly number[],
      parcels: readonly WaveParcel[],
      by: string,
      at: string,
    ) => Wave
  >

  private readonly closeTx: Database.Transaction<
    (campaignId: number, name: string, at: string, by: string) => boolean
  >

  constructor(
    db: Database.Database,
    private readonly now: () => Date,
    private readonly guard: Guard,
    journal: FloorJournal,
  ) {
    this.sql = {
      list: db.prepare<[number], WaveRow>(
        `SELECT name, status, created_at, created_by, closed_at FROM floor_waves
         WHERE campaign_id = ? ORDER BY created_at, name`,
      ),
      one: db.prepare<[number, string], WaveRow>(
        `SELECT name, status, created_at, created_by, closed_at FROM floor_waves
         WHERE campaign_id = ? AND name = ?`,
      ),
      orders: db.prepare<[number, string], { order_id: number; parcel: string | null }>(
        `SELECT order_id, parcel FROM floor_wave_orders WHERE campaign_id = ? AND name = ?
         ORDER BY position`,
      ),
      openCuts: db.prepare<
        [number],
        { order_id: number; open_wave: string; parcel: string | null }
      >(
        `SELECT order_id, open_wave, parcel FROM floor_wave_orders
         WHERE campaign_id = ? AND open_wave IS NOT NULL AND parcel IS NOT NULL`,
      ),
      openWaveOf: db.prepare<[number, number], { open_wave: string }>(
        `SELECT open_wave FROM floor_wave_orders
         WHERE campaign_id = ? AND order_id = ? AND open_wave IS NOT NULL`,
      ),
      insertWave: db.prepare<[number, string, string, string, string]>(
        `INSERT INTO floor_waves (campaign_id, name, status, created_at, created_by, team_uuid)
         VALUES (?, ?, 'open', ?, ?, ?)`,
      ),
      teamUuid: db
        .prepare<[number, string], string | null>(
          'SELECT team_uuid FROM floor_waves WHERE campaign_id = ? AND name = ?',
        )
        .pluck(),
      insertOrder: db.prepare<[number, string, number, number, string, string | null]>(
        `INSERT INTO floor_wave_orders (campaign_id, name, position, order_id, open_wave, parcel)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      close: db.prepare<[string, number, string]>(
        `UPDATE floor_waves SET status = 'closed', closed_at = ?
         WHERE campaign_id = ? AND name = ? AND status = 'open'`,
      ),
      closeOrders: db.prepare<[number, string]>(
        'UPDATE floor_wave_orders SET open_wave = NULL WHERE campaign_id = ? AND name = ?',
      ),
    }
    const sql = this.sql
    this.createTx = db.transaction((campaignId, name, orderIds, parcels, by, at) => {
      if (sql.one.get(campaignId, name))
        throw new PerkPackError(
          'wave_conflict',
          `A wave named "${name}" exists already in this campaign: give the new wave another name.`,
        )
      const taken = new Map<number, string>()
      for (const orderId of orderIds) {
        const open = sql.openWaveOf.get(campaignId, orderId)
        if (open) taken.set(orderId, open.open_wave)
      }
      if (taken.size > 0)
        throw new WaveOverlapError([...taken.keys()], [...new Set(taken.values())])
      const unique = [...new Set(orderIds)]
      const cuts = new Map(parcels.map((parcel) => [parcel.orderId, parcel.lines]))
      const kept = unique.flatMap((orderId) => {
        const lines = cuts.get(orderId)
        return lines ? [{ orderId, lines: lines.map((l) => ({ ...l })) }] : []
      })
      const uuid = journal.record(
        campaignId,
        {
          kind: 'wave-save',
          name,
          orderIds: unique,
          ...(kept.length > 0 ? { parcels: kept } : {}),
          by,
        },
        at,
      )
      sql.insertWave.run(campaignId, name, at, by, uuid)
      insertWaveOrders(sql.insertOrder, campaignId, name, unique, kept)
      return this.read(campaignId, name) as Wave
    })
    this.closeTx = db.transaction((campaignId, name, at, by) => {
      if (sql.close.run(at, campaignId, name).changes !== 1) return false
      sql.closeOrders.run(campaignId, name)
      const wave = sql.teamUuid.get(campaignId, name) ?? ''
      journal.record(campaignId, { kind: 'wave-close', name, wave, by }, at)
      return true
    })
  }

  private read(campaignId: number, name: string): Wave | null {
    const row = this.sql.one.get(campaignId, name)
    if (!row) return null
    return {
      name: row.name,
      status: row.status as WaveStatus,
      createdAt: row.created_at,
      createdBy: row.created_by,
      closedAt: row.closed_at,
      ...wavePartsOf(this.sql.orders.all(campaignId, name)),
    }
  }

  list(campaignId: number): Wave[] {
    return this.guard(() =>
      this.sql.list.all(campaignId).flatMap((row) => this.read(campaignId, row.name) ?? []),
    )
  }

  wave(campaignId: number, name: string): Wave | null {
    return this.guard(() => this.read(campaignId, name))
  }

  /**
   * What changes whenever the wave's orders or status may have: made (at), closed, or made again
   * under the same name (a team desk's copy). Read without its orders: a memo of them asks this.
   */
  revision(campaignId: number, name: string): string | null {
    const row = this.guard(() => this.sql.one.get(campaignId, name))
    return row ? JSON.stringify([row.created_at, row.created_by, row.status, row.closed_at]) : null
  }

  /** The orders of the campaign in an open wave, with its name. */
  openWaveOrders(campaignId: number): Map<number, string> {
    const orders = new Map<number, string>()
    for (const wave of this.list(campaignId))
      if (wave.status === 'open') for (const id of wave.orderIds) orders.set(id, wave.name)
    return orders
  }

  /**
   * The open waves' parcel cuts: each order of an open wave that ships in part, with its wave's
   * name and its parcel there. One query over those rows only: every output asks it.
   */
  openWaveCuts(campaignId: number): Map<number, { name: string; cut: PlanLine[] }> {
    const rows = this.guard(() => this.sql.openCuts.all(campaignId))
    return new Map(
      rows.map((row) => [
        row.order_id,
        {
          name: row.open_wave,
          cut: JSON.parse(row.parcel ?? '[]') as PlanLine[],
        },
      ]),
    )
  }

  /** The open wave holding the order, or null. */
  openWaveOf(campaignId: number, orderId: number): string | null {
    return this.guard(() => this.sql.openWaveOf.get(campaignId, orderId)?.open_wave ?? null)
  }

  /** Saves a wave; `parcels`: its orders that ship in part, with what their parcel carries. */
  create(
    campaignId: number,
    name: string,
    orderIds: readonly number[],
    by: string,
    at: Date = this.now(),
    parcels: readonly WaveParcel[] = [],
  ): Wave {
    const trimmed = name.trim()
    if (trimmed === '')
      throw new PerkPackError('invalid_arguments', 'A wave needs a name: give it one.')
    return this.guard(() =>
      this.createTx.immediate(campaignId, trimmed, orderIds, parcels, by, at.toISOString()),
    )
  }

  /** Closes an open wave; answers whether it was open. Its orders are free for another wave. */
  close(campaignId: number, name: string, at: Date = this.now(), by = 'this desk'): boolean {
    return this.guard(() => this.closeTx.immediate(campaignId, name, at.toISOString(), by))
  }
}

/** A wave's orders and parcels as its rows hold them (position order). */
function wavePartsOf(rows: readonly { order_id: number; parcel: string | null }[]): {
  orderIds: number[]
  parcels: WaveParcel[]
} {
  return {
    orderIds: rows.map((row) => row.order_id),
    parcels: rows.flatMap((row) =>
      row.parcel === null
        ? []
        : [{ orderId: row.order_id, lines: JSON.parse(row.parcel) as PlanLine[] }],
    ),
  }
}

/** The wave's order rows, each with its parcel (null: whole); the store and the team fold alike. */
export function insertWaveOrders(
  insert: Database.Statement<[number, string, number, number, string, string | null]>,
  campaignId: number,
  name: string,
  orderIds: readonly number[],
  parcels: readonly WaveParcel[] = [],
): void {
  const cuts = new Map(parcels.map((parcel) => [parcel.orderId, JSON.stringify(parcel.lines)]))
  orderIds.forEach((orderId, position) =>
    insert.run(campaignId, name, position, orderId, name, cuts.get(orderId) ?? null),
  )
}

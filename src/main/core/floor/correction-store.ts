import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3-multiple-ciphers'
import type {
  AddressCorrection,
  AddressParts,
  OrderHold,
  Reship,
  ReshipItem,
} from '../../../shared/corrections/correction-types'
import type { FloorJournal } from './floor-journal'
import type { Guard } from './guard'

/**
 * The writes of holds and corrections, one text each: this desk's store and the team mirror
 * (floor-plan-mirror.ts, applying other desks' changes) must write the same rows the same way.
 */
export const FLOOR_SQL = {
  hold: `INSERT INTO floor_holds (campaign_id, order_id, reason, by, at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (campaign_id, order_id) WHERE released_at IS NULL DO NOTHING`,
  release: `UPDATE floor_holds SET released_at = ?, released_by = ?
    WHERE campaign_id = ? AND order_id = ? AND released_at IS NULL`,
  putCorrection: `INSERT INTO floor_corrections
      (campaign_id, order_id, address, platform_address, reason, by, at)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (campaign_id, order_id) DO UPDATE SET address = excluded.address,
      platform_address = excluded.platform_address, reason = excluded.reason,
      by = excluded.by, at = excluded.at`,
  dropCorrection: 'DELETE FROM floor_corrections WHERE campaign_id = ? AND order_id = ?',
}

interface CorrectionRow {
  order_id: number
  address: string
  platform_address: string | null
  reason: string
  by: string
  at: string
}

interface HoldRow {
  order_id: number
  reason: string
  by: string
  at: string
  released_at: string | null
  released_by: string | null
}

interface ReshipRow {
  id: number
  team_uid: string | null
  order_id: number
  items: string
  reason: string
  tracking_numbers: string
  by: string
  at: string
}

function toCorrection(row: CorrectionRow): AddressCorrection {
  return {
    orderId: row.order_id,
    address: JSON.parse(row.address) as AddressParts,
    platformAddress:
      row.platform_address === null ? null : (JSON.parse(row.platform_address) as AddressParts),
    reason: row.reason,
    by: row.by,
    at: row.at,
  }
}

function toHold(row: HoldRow): OrderHold {
  return {
    orderId: row.order_id,
    reason: row.reason,
    by: row.by,
    at: row.at,
    releasedAt: row.released_at,
    releasedBy: row.released_by,
  }
}

/** Writes in one IMMEDIATE transaction, guarded: the change and its pending entry, or neither. */
function inTransaction<T>(db: Database.Database, guard: Guard, fn: () => T): T {
  return guard(() => db.transaction(fn).immediate())
}

function toReship(row: ReshipRow): Reship {
  return {
    id: row.id,
    orderId: row.order_id,
    items: JSON.parse(row.items) as ReshipItem[],
    reason: row.reason,
    trackingNumbers: JSON.parse(row.tracking_numbers) as string[],
    by: row.by,
    at: row.at,
  }
}

/**
 * Address corrections, holds and reships in the desk's offline cache (schema v8). The corrected
 * addresses are personal data: in this encrypted file, and in team mode sealed on the team store
 * (docs/security.md). Each write is one IMMEDIATE transaction with its pending entry (v10): a
 * process killed mid-write leaves the old record.
 */
export class CorrectionStore {
  private readonly sql

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
    private readonly guard: Guard,
    private readonly journal: FloorJournal,
  ) {
    this.sql = {
      corrections: db.prepare<[number], CorrectionRow>(
        `SELECT order_id, address, platform_address, reason, by, at FROM floor_corrections
         WHERE campaign_id = ? ORDER BY order_id`,
      ),
      putCorrection: db.prepare<[number, number, string, string | null, string, string, string]>(
        FLOOR_SQL.putCorrection,
      ),
      dropCorrection: db.prepare<[number, number]>(FLOOR_SQL.dropCorrection),
      holds: db.prepare<[number], HoldRow>(
        `SELECT order_id, reason, by, at, released_at, released_by FROM floor_holds
         WHERE campaign_id = ? ORDER BY seq`,
      ),
      hold: db.prepare<[number, number, string, string, string]>(FLOOR_SQL.hold),
      release: db.prepare<[string, string, number, number]>(FLOOR_SQL.release),
      reships: db.prepare<[number], ReshipRow>(
        `SELECT id, team_uid, order_id, items, reason, tracking_numbers, by, at FROM floor_reships
         WHERE campaign_id = ? ORDER BY id`,
      ),
      addReship: db.prepare<[number, number, string, string, string, string, string]>(
        `INSERT INTO floor_reships (campaign_id, order_id, items, reason, by, at, team_uid)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      reshipTracking: db.prepare<[string, number, number]>(
        'UPDATE floor_reships SET tracking_numbers = ? WHERE campaign_id = ? AND id = ?',
      ),
      reship: db.prepare<[number, number], ReshipRow>(
        `SELECT id, team_uid, order_id, items, reason, tracking_numbers, by, at FROM floor_reships
         WHERE campaign_id = ? AND id = ?`,
      ),
    }
  }

  corrections(campaignId: number): Map<number, AddressCorrection> {
    return this.guard(
      () =>
        new Map(
          this.sql.corrections.all(campaignId).map((row) => [row.order_id, toCorrection(row)]),
        ),
    )
  }

  /** Keeps a correction (replacing the order's last one) beside the platform's address. */
  correct(
    campaignId: number,
    correction: Omit<AddressCorrection, 'at'>,
    at: Date = this.now(),
  ): AddressCorrection {
    const row = {
      ...correction,
      reason: correction.reason.trim(),
      at: at.toISOString(),
    }
    inTransaction(this.db, this.guard, () => {
      this.sql.putCorrection.run(
        campaignId,
        row.orderId,
        JSON.stringify(row.address),
        row.platformAddress === null ? null : JSON.stringify(row.platformAddress),
        row.reason,
        row.by,
        row.at,
      )
      this.journal.record(
        campaignId,
        {
          kind: 'correction-set',
          orderId: row.orderId,
          address: row.address,
          platformAddress: row.platformAddress,
          reason: row.reason,
          by: row.by,
        },
        row.at,
      )
    })
    return row
  }

  /** Drops the order's correction: the platform's address is used again. */
  dropCorrection(campaignId: number, orderId: number, by = 'this desk'): boolean {
    return inTransaction(this.db, this.guard, () => {
      if (this.sql.dropCorrection.run(campaignId, orderId).changes !== 1) return false
      const at = this.now().toISOString()
      this.journal.record(campaignId, { kind: 'correction-drop', orderId, by }, at)
      return true
    })
  }

  /** Every hold of the campaign, released ones included, in the order placed. */
  holds(campaignId: number): OrderHold[] {
    return this.guard(() => this.sql.holds.all(campaignId).map(toHold))
  }

  /** The orders held now, by order id. */
  activeHolds(campaignId: number): Map<number, OrderHold> {
    const active = new Map<number, OrderHold>()
    for (const hold of this.holds(campaignId))
      if (hold.releasedAt === null) active.set(hold.orderId, hold)
    return active
  }

  /** Holds an order; answers false when it was held already (the first hold stands). */
  hold(campaignId: number, orderId: number, reason: string, by: string, at = this.now()): boolean {
    const when = at.toISOString()
    return inTransaction(this.db, this.guard, () => {
      if (this.sql.hold.run(campaignId, orderId, reason.trim(), by, when).changes !== 1)
        return false
      this.journal.record(campaignId, { kind: 'hold', orderId, reason: reason.trim(), by }, when)
      return true
    })
  }

  /** Releases an order's hold; answers false when it was not held. */
  release(campaignId: number, orderId: number, by: string, at = this.now()): boolean {
    const when = at.toISOString()
    return inTransaction(this.db, this.guard, () => {
      if (this.sql.release.run(when, by, campaignId, orderId).changes !== 1) return false
      this.journal.record(campaignId, { kind: 'release', orderId, by }, when)
      return true
    })
  }

  reships(campaignId: number): Reship[] {
    return this.guard(() => this.sql.reships.all(campaignId).map(toReship))
  }

  addReship(
    campaignId: number,
    reship: Omit<Reship, 'id' | 'at' | 'trackingNumbers'>,
    at: Date = this.now(),
  ): Reship {
    const when = at.toISOString()
    const reason = reship.reason.trim()
    return inTransaction(this.db, this.guard, () => {
      const uid = randomUUID()
      this.journal.record(
        campaignId,
        {
          kind: 'reship-add',
          reship: uid,
          orderId: reship.orderId,
          items: reship.items,
          reason,
          by: reship.by,
        },
        when,
        uid,
      )
      const { id } = this.sql.addReship.get(
        campaignId,
        reship.orderId,
        JSON.stringify(reship.items),
        reason,
        reship.by,
        when,
        uid,
      ) as unknown as { id: number }
      return toReship(this.sql.reship.get(campaignId, id) as ReshipRow)
    })
  }

  /** Adds a tracking number to a reship's parcel (kept once, in the order added). */
  addReshipTracking(campaignId: number, id: number, trackingNumber: string): Reship | null {
    return inTransaction(this.db, this.guard, (): Reship | null => {
      const row = this.sql.reship.get(campaignId, id)
      if (!row) return null
      const numbers = JSON.parse(row.tracking_numbers) as string[]
      if (!numbers.includes(trackingNumber)) {
        numbers.push(trackingNumber)
        this.journal.record(
          campaignId,
          { kind: 'reship-tracking', reship: row.team_uid ?? '', trackingNumber, by: row.by },
          this.now().toISOString(),
        )
      }
      this.sql.reshipTracking.run(JSON.stringify(numbers), campaignId, id)
      return toReship({ ...row, tracking_numbers: JSON.stringify(numbers) })
    })
  }
}

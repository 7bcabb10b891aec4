import type Database from 'better-sqlite3-multiple-ciphers'
import type { OrderFloorState, PackOutcome } from '../../../shared/floor/order-state'
import { actionOrderIds } from '../../../shared/team/team-actions'
import type { TeamAction, TeamConflict, TeamOutcome } from '../../../shared/team/team-actions'
import { translateSqliteError } from '../cache/errors'
import { LocalFloorStore } from '../floor/local-floor-store'

/** A conflict as `team status` prints it: the keys of the JSON, and the winner's time. */
export interface StoredConflict extends TeamConflict {
  campaign_id: number
  other_at: string | null
}

/** What the desk did locally with an action the team store could not take now. */
export interface QueuedResult {
  queued: boolean
  /** For a pack: the local record's answer (an order mirrored as packed elsewhere loses here). */
  pack: PackOutcome | null
  /** For tracking: numbers new to the local record. */
  added: number
}

interface OutboxRow {
  seq: number
  action: string
}

/**
 * The desk's side of team mode, in its offline cache (schema v6): the outbox of actions not yet
 * applied by the team store, the conflicts found on replay, the catch-up cursor, and the mirror
 * of the team's record into the local floor tables that every reader (Orders, Excel, the pack
 * station, `perkpack fulfillment`) already uses. A connection of its own to the cache file, so
 * the cache's code stays as it was; the cache has migrated the file to v6 before this opens.
 */
export class TeamOutbox {
  private readonly db: Database.Database
  private readonly floor: LocalFloorStore
  private readonly sql

  private readonly file: string

  /** secondConnection(cache): the same file, unlocked with the same key. */
  constructor(
    connection: { db: Database.Database; file: string },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = connection.file
    this.db = connection.db
    this.db.pragma('synchronous = NORMAL')
    this.floor = new LocalFloorStore(this.db, now, (fn) => this.guard(fn))
    const db = this.db
    this.sql = {
      enqueue: db.prepare<[string, number, string, string, string]>(
        `INSERT INTO team_outbox (action_id, campaign_id, action, order_ids, queued_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (action_id) DO NOTHING`,
      ),
      pending: db.prepare<[], OutboxRow>('SELECT seq, action FROM team_outbox ORDER BY seq'),
      count: db.prepare<[], number>('SELECT count(*) FROM team_outbox').pluck(),
      done: db.prepare<[string]>('DELETE FROM team_outbox WHERE action_id = ?'),
      pendingOrders: db
        .prepare<[number], number>(
          `SELECT DISTINCT j.value FROM team_outbox o, json_each(o.order_ids) j
           WHERE o.campaign_id = ?`,
        )
        .pluck(),
      conflict: db.prepare(
        `INSERT INTO team_conflicts
           (action_id, campaign_id, order_id, action, station, other_station, other_at, at, found_at)
         VALUES (@action_id, @campaign_id, @order_id, @action, @station, @other_station,
                 @other_at, @at, @found_at)
         ON CONFLICT (action_id) DO NOTHING`,
      ),
      conflicts: db.prepare<[], StoredConflict>(
        `SELECT campaign_id, order_id, action, station, other_station, other_at, at
         FROM team_conflicts ORDER BY found_at, order_id`,
      ),
      settleConflict: db.prepare<[number, number]>(
        'DELETE FROM team_conflicts WHERE campaign_id = ? AND order_id = ?',
      ),
      cursor: db
        .prepare<[string], string>('SELECT cursor FROM team_cursor WHERE server = ?')
        .pluck(),
      setCursor: db.prepare<[string, string]>(
        `INSERT INTO team_cursor (server, cursor) VALUES (?, ?)
         ON CONFLICT (server) DO UPDATE SET cursor = excluded.cursor`,
      ),
      mirrorOrder: db.prepare(
        `INSERT INTO floor_orders (campaign_id, order_id, packed_at, station, labels_printed_at,
           slips_printed_at, shipped_at, carrier, note)
         VALUES (@campaignId, @orderId, @packedAt, @station, @labelsPrintedAt, @slipsPrintedAt,
           @shippedAt, @carrier, @note)
         ON CONFLICT (campaign_id, order_id) DO UPDATE SET packed_at = excluded.packed_at,
           station = excluded.station, labels_printed_at = excluded.labels_printed_at,
           slips_printed_at = excluded.slips_printed_at, shipped_at = excluded.shipped_at,
           carrier = excluded.carrier, note = excluded.note`,
      ),
      mirrorPack: db.prepare<[number, number, string | null, string | null]>(
        `INSERT INTO floor_orders (campaign_id, order_id, packed_at, station) VALUES (?, ?, ?, ?)
         ON CONFLICT (campaign_id, order_id) DO UPDATE SET packed_at = excluded.packed_at,
           station = excluded.station`,
      ),
      dropTracking: db.prepare<[number, number]>(
        'DELETE FROM floor_tracking WHERE campaign_id = ? AND order_id = ?',
      ),
      addTracking: db.prepare<[number, number, number, string, string]>(
        `INSERT INTO floor_tracking (campaign_id, order_id, seq, carrier, tracking_number, added_at)
         VALUES (?, ?, ?, NULL, ?, ?) ON CONFLICT DO NOTHING`,
      ),
    }
  }

  private guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (error) {
      throw translateSqliteError(error, this.file)
    }
  }

  /**
   * The action is done locally and queued, in one transaction: a desk that dies right after
   * has both or neither. A pack the local record says is packed already is not queued (the
   * team store would refuse it too); the caller tells the packer who packed it.
   */
  queue(action: TeamAction): QueuedResult {
    const write = this.db.transaction((): QueuedResult => {
      const result: QueuedResult = { queued: true, pack: null, added: 0 }
      const at = new Date(action.at)
      switch (action.kind) {
        case 'pack':
          result.pack = this.floor.pack(action.campaignId, action.orderId, action.desk, at)
          if (!result.pack.packed) return { ...result, queued: false }
          break
        case 'unpack':
          if (!this.floor.unpack(action.campaignId, action.orderId))
            return { ...result, queued: false }
          break
        case 'printed':
          this.floor.markPrinted(action.campaignId, action.orderIds, action.document, at)
          break
        case 'shipped':
          this.floor.markShipped(action.campaignId, action.orderIds, at)
          break
        case 'tracking':
          result.added = this.floor.addTracking(action.campaignId, action.entries, at).added
          break
        case 'note':
          this.floor.setNote(action.campaignId, action.orderId, action.note)
          break
      }
      this.sql.enqueue.run(
        action.actionId,
        action.campaignId,
        JSON.stringify(action),
        JSON.stringify(actionOrderIds(action)),
        this.now().toISOString(),
      )
      return result
    })
    return this.guard(() => write.immediate())
  }

  /** Queued actions, oldest first. */
  pending(): TeamAction[] {
    return this.guard(() =>
      this.sql.pending.all().map((row) => JSON.parse(row.action) as TeamAction),
    )
  }

  size(): number {
    return this.guard(() => this.sql.count.get() ?? 0)
  }

  /**
   * The team store has applied a queued action: it leaves the outbox, a refusal becomes a
   * conflict, and the orders take the team's record; one transaction, so a desk killed here
   * replays the action (the server answers it from its applied ids) and settles it then.
   */
  settle(
    action: TeamAction,
    outcome: TeamOutcome,
    states: readonly OrderFloorState[],
    /** A pack's result, when the outcome says all it changed (no states read back). */
    pack?: { orderId: number; station: string | null; at: string | null },
  ): void {
    const write = this.db.transaction(() => {
      if (outcome.kind === 'lost') {
        const orderId = actionOrderIds(action)[0] ?? 0
        this.sql.conflict.run({
          action_id: action.actionId,
          campaign_id: action.campaignId,
          order_id: orderId,
          action: action.kind,
          station: action.desk,
          other_station: outcome.station,
          other_at: outcome.at,
          at: action.at,
          found_at: this.now().toISOString(),
        })
      }
      this.sql.done.run(action.actionId)
      if (pack) this.sql.mirrorPack.run(action.campaignId, pack.orderId, pack.at, pack.station)
      if (states.length > 0)
        this.writeStates(action.campaignId, states, this.pendingSet(action.campaignId))
    })
    this.guard(() => write.immediate())
  }

  /**
   * The team's record of these orders into the local floor tables. Orders with an action still
   * queued keep the desk's own state until the replay settles them.
   */
  mirror(campaignId: number, states: readonly OrderFloorState[]): number {
    const write = this.db.transaction(() =>
      this.writeStates(campaignId, states, this.pendingSet(campaignId)),
    )
    return this.guard(() => write.immediate())
  }

  /** A pack the team store decided (this desk's or the winner's): the rest of the record stays. */
  mirrorPack(
    campaignId: number,
    orderId: number,
    station: string | null,
    at: string | null,
  ): OrderFloorState {
    this.guard(() => this.sql.mirrorPack.run(campaignId, orderId, at, station))
    return this.floor.state(campaignId, orderId)!
  }

  private pendingSet(campaignId: number): Set<number> {
    return new Set(this.sql.pendingOrders.all(campaignId))
  }

  private writeStates(
    campaignId: number,
    states: readonly OrderFloorState[],
    skip: ReadonlySet<number>,
  ): number {
    const at = this.now().toISOString()
    let written = 0
    for (const state of states) {
      if (skip.has(state.orderId)) continue
      this.sql.mirrorOrder.run({ ...state, campaignId })
      this.sql.dropTracking.run(campaignId, state.orderId)
      state.trackingNumbers.forEach((number, index) =>
        this.sql.addTracking.run(campaignId, state.orderId, index + 1, number, at),
      )
      written += 1
    }
    return written
  }

  conflicts(): StoredConflict[] {
    return this.guard(() => this.sql.conflicts.all())
  }

  /** A person has settled an order's conflicts (`perkpack team settle`); returns how many. */
  settleConflicts(campaignId: number, orderId: number): number {
    return this.guard(() => this.sql.settleConflict.run(campaignId, orderId).changes)
  }

  cursor(server: string): string | null {
    return this.guard(() => this.sql.cursor.get(server) ?? null)
  }

  setCursor(server: string, cursor: string): void {
    this.guard(() => this.sql.setCursor.run(server, cursor))
  }

  /** The local record as the desk's readers see it. */
  state(campaignId: number, orderId: number): OrderFloorState | null {
    return this.floor.state(campaignId, orderId)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}

import type pg from 'pg'
import { blankFloorState } from '../../../shared/floor/order-state'
import type { OrderFloorState } from '../../../shared/floor/order-state'
import { actionOrderIds } from '../../../shared/team/team-actions'
import type { TeamAction, TeamOutcome } from '../../../shared/team/team-actions'
import type { TeamClient } from './team-connection'
import { inTransaction } from './team-connection'
import { teamError } from './team-errors'

/** Orders read back per query when mirroring: keeps one answer well under a megabyte. */
const STATE_CHUNK = 5_000

/** The channel desks LISTEN on; the payload is the writing desk's name. */
export const TEAM_CHANNEL = 'perkpack_team'

const STAMP_COLUMNS = {
  labels: 'labels_printed_at',
  slips: 'slips_printed_at',
  shipped: 'shipped_at',
} as const

interface StateRow {
  order_id: string
  packed_at: Date | null
  station: string | null
  labels_printed_at: Date | null
  slips_printed_at: Date | null
  shipped_at: Date | null
  carrier: string | null
  note: string | null
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString())

/** The orders changed since a cursor, by campaign, and the cursor to ask from next time. */
export interface TeamChanges {
  cursor: string
  changed: Map<number, number[]>
}

async function unpack(
  db: pg.Client,
  action: TeamAction & { kind: 'unpack' },
): Promise<TeamOutcome> {
  const gone = await db.query(
    `DELETE FROM team_packs WHERE campaign_id = $1 AND order_id = $2
       AND ($3::text IS NULL OR (station = $3 AND packed_at = $4::timestamptz)) RETURNING 1`,
    [action.campaignId, action.orderId, action.packedBy, action.packedAt],
  )
  if (gone.rowCount === 1) return { kind: 'done', replayed: false }
  const other = await db.query<{ station: string; packed_at: Date }>(
    'SELECT station, packed_at FROM team_packs WHERE campaign_id = $1 AND order_id = $2',
    [action.campaignId, action.orderId],
  )
  const row = other.rows[0]
  // Not packed at all: the unpack has nothing left to take back, which is what it wanted.
  if (!row) return { kind: 'done', replayed: false, added: 0 }
  return { kind: 'lost', replayed: false, station: row.station, at: iso(row.packed_at) }
}

async function stamp(
  db: pg.Client,
  campaignId: number,
  orderIds: number[],
  column: (typeof STAMP_COLUMNS)[keyof typeof STAMP_COLUMNS],
  at: string,
): Promise<void> {
  // `column` is one of three names fixed in this file, never input.
  await db.query(
    `INSERT INTO team_orders (campaign_id, order_id, ${column})
     SELECT $1, unnest($2::bigint[]), $3::timestamptz
     ON CONFLICT (campaign_id, order_id) DO UPDATE SET ${column} = EXCLUDED.${column}`,
    [campaignId, orderIds, at],
  )
}

async function tracking(
  db: pg.Client,
  action: TeamAction & { kind: 'tracking' },
): Promise<TeamOutcome> {
  const { entries } = action
  const added = await db.query<{ order_id: string; tracking_number: string }>(
    `INSERT INTO team_tracking (campaign_id, order_id, carrier, tracking_number, added_at, desk)
     SELECT $1, e.order_id, e.carrier, e.tracking_number, $5, $6
     FROM unnest($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY
       AS e(order_id, carrier, tracking_number, n)
     ORDER BY e.n
     ON CONFLICT (campaign_id, order_id, tracking_number) DO NOTHING
     RETURNING order_id, tracking_number`,
    [
      action.campaignId,
      entries.map((e) => e.orderId),
      entries.map((e) => e.carrier),
      entries.map((e) => e.trackingNumber),
      action.at,
      action.desk,
    ],
  )
  const fresh = new Set(added.rows.map((row) => `${row.order_id}\u0000${row.tracking_number}`))
  // As the local store does: the carrier of the last number added is the order's carrier.
  const carriers = new Map<number, string>()
  const unseen = new Set(fresh)
  for (const entry of entries) {
    // A number repeated in the file counts once, as the first copy added it.
    if (!unseen.delete(`${entry.orderId}\u0000${entry.trackingNumber}`)) continue
    if (entry.carrier !== null) carriers.set(entry.orderId, entry.carrier)
  }
  if (carriers.size > 0) {
    await db.query(
      `INSERT INTO team_orders (campaign_id, order_id, carrier)
       SELECT $1, * FROM unnest($2::bigint[], $3::text[])
       ON CONFLICT (campaign_id, order_id) DO UPDATE SET carrier = EXCLUDED.carrier`,
      [action.campaignId, [...carriers.keys()], [...carriers.values()]],
    )
  }
  return { kind: 'done', replayed: false, added: fresh.size }
}

async function perform(db: pg.Client, action: TeamAction): Promise<TeamOutcome> {
  switch (action.kind) {
    case 'pack':
      throw new Error('a pack goes through perkpack_pack()')
    case 'unpack':
      return unpack(db, action)
    case 'printed':
      await stamp(db, action.campaignId, action.orderIds, STAMP_COLUMNS[action.document], action.at)
      return { kind: 'done', replayed: false }
    case 'shipped':
      await stamp(db, action.campaignId, action.orderIds, STAMP_COLUMNS.shipped, action.at)
      return { kind: 'done', replayed: false }
    case 'tracking':
      return tracking(db, action)
    case 'note': {
      const note = action.note === null || action.note.trim() === '' ? null : action.note.trim()
      await db.query(
        `INSERT INTO team_orders (campaign_id, order_id, note) VALUES ($1, $2, $3)
         ON CONFLICT (campaign_id, order_id) DO UPDATE SET note = EXCLUDED.note`,
        [action.campaignId, action.orderId, note],
      )
      return { kind: 'done', replayed: false }
    }
  }
}

/** The floor's record on the team's PostgreSQL; every call is one round of transactions. */
export class TeamServerStore {
  constructor(readonly client: TeamClient) {}

  /**
   * Applies an action once (a pack through perkpack_pack(), in one round trip; the others in a
   * transaction here): its id goes into team_applied in the same transaction, so a
   * replay (a desk killed before it noted the answer) gets the first outcome back and changes
   * nothing. A change is announced on TEAM_CHANNEL when the transaction commits.
   */
  async apply(action: TeamAction): Promise<TeamOutcome> {
    if (action.kind === 'pack') {
      const rows = await this.query<{ outcome: TeamOutcome }>(
        'SELECT perkpack_pack($1, $2, $3, $4, $5) AS outcome',
        [action.actionId, action.desk, action.campaignId, action.orderId, action.at],
      )
      return rows[0]!.outcome
    }
    return inTransaction(this.client, async (db) => {
      const fresh = await db.query(
        `INSERT INTO team_applied (action_id, desk, kind) VALUES ($1, $2, $3)
         ON CONFLICT (action_id) DO NOTHING RETURNING 1`,
        [action.actionId, action.desk, action.kind],
      )
      if (fresh.rowCount !== 1) {
        const prior = await db.query<{ outcome: TeamOutcome | null }>(
          'SELECT outcome FROM team_applied WHERE action_id = $1',
          [action.actionId],
        )
        const outcome = prior.rows[0]?.outcome ?? { kind: 'done', replayed: false }
        return { ...outcome, replayed: true }
      }
      const outcome = await perform(db, action)
      await db.query('UPDATE team_applied SET outcome = $2 WHERE action_id = $1', [
        action.actionId,
        JSON.stringify(outcome),
      ])
      if (outcome.kind === 'done') {
        await db.query(
          `INSERT INTO team_events (campaign_id, order_ids, desk, kind) VALUES ($1, $2, $3, $4)`,
          [action.campaignId, actionOrderIds(action), action.desk, action.kind],
        )
        await db.query('SELECT pg_notify($1, $2)', [TEAM_CHANNEL, action.desk])
      }
      await db.query(
        `INSERT INTO team_desks (desk) VALUES ($1)
         ON CONFLICT (desk) DO UPDATE SET last_seen = now()`,
        [action.desk],
      )
      return outcome
    })
  }

  async desks(): Promise<string[]> {
    const rows = await this.query<{ desk: string }>(
      'SELECT desk FROM team_desks ORDER BY last_seen DESC, desk',
    )
    return rows.map((row) => row.desk)
  }

  /** The team's record of these orders (blank for an order nothing happened to). */
  /** `states` of any number of orders, asked in chunks: each answer stays well under a megabyte. */
  async statesInChunks(
    campaignId: number,
    orderIds: readonly number[],
  ): Promise<OrderFloorState[]> {
    const states: OrderFloorState[] = []
    for (let i = 0; i < orderIds.length; i += STATE_CHUNK)
      states.push(...(await this.states(campaignId, orderIds.slice(i, i + STATE_CHUNK))))
    return states
  }

  async states(campaignId: number, orderIds: readonly number[]): Promise<OrderFloorState[]> {
    const rows = await this.query<StateRow>(
      `SELECT o.order_id, p.packed_at, p.station, t.labels_printed_at, t.slips_printed_at,
              t.shipped_at, t.carrier, t.note
       FROM unnest($2::bigint[]) AS o(order_id)
       LEFT JOIN team_packs p ON p.campaign_id = $1 AND p.order_id = o.order_id
       LEFT JOIN team_orders t ON t.campaign_id = $1 AND t.order_id = o.order_id`,
      [campaignId, orderIds],
    )
    const tracking = await this.query<{ order_id: string; tracking_number: string }>(
      `SELECT order_id, tracking_number FROM team_tracking
       WHERE campaign_id = $1 AND order_id = ANY($2::bigint[]) ORDER BY seq`,
      [campaignId, orderIds],
    )
    const states = new Map<number, OrderFloorState>()
    for (const row of rows) {
      const orderId = Number(row.order_id)
      states.set(orderId, {
        ...blankFloorState(orderId),
        packedAt: iso(row.packed_at),
        station: row.station,
        labelsPrintedAt: iso(row.labels_printed_at),
        slipsPrintedAt: iso(row.slips_printed_at),
        shippedAt: iso(row.shipped_at),
        carrier: row.carrier,
        note: row.note,
      })
    }
    for (const row of tracking)
      states.get(Number(row.order_id))?.trackingNumbers.push(row.tracking_number)
    return [...states.values()]
  }

  /** Every order with a record, by campaign: a desk's first catch-up. */
  async everything(): Promise<Map<number, number[]>> {
    const rows = await this.query<{ campaign_id: string; order_id: string }>(
      `SELECT campaign_id, order_id FROM team_packs
       UNION SELECT campaign_id, order_id FROM team_orders
       UNION SELECT campaign_id, order_id FROM team_tracking`,
    )
    return byCampaign(rows)
  }

  /**
   * The orders changed by transactions that finished since `cursor`. The new cursor is the
   * oldest transaction still running: everything older is committed or gone, so nothing can
   * appear behind it later. null: from now on (the caller reads everything once).
   */
  async changesSince(cursor: string | null): Promise<TeamChanges> {
    const rows = await this.query<{
      xmin: string
      campaign_id: string | null
      order_ids: string[] | null
    }>(
      `WITH s AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
       SELECT s.xmin::text AS xmin, e.campaign_id, e.order_ids FROM s
       LEFT JOIN team_events e ON $1::xid8 IS NOT NULL AND e.xid >= $1::xid8 AND e.xid < s.xmin`,
      [cursor],
    )
    const pairs: { campaign_id: string; order_id: string }[] = []
    for (const row of rows) {
      if (row.campaign_id === null || row.order_ids === null) continue
      for (const orderId of row.order_ids)
        pairs.push({ campaign_id: row.campaign_id, order_id: orderId })
    }
    return { cursor: rows[0]!.xmin, changed: byCampaign(pairs) }
  }

  private async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
    try {
      return (await this.client.pg.query<R>(text, values)).rows
    } catch (error) {
      throw teamError(error, this.client.url)
    }
  }
}

function byCampaign(
  rows: readonly { campaign_id: string; order_id: string }[],
): Map<number, number[]> {
  const changed = new Map<number, Set<number>>()
  for (const row of rows) {
    const campaignId = Number(row.campaign_id)
    let set = changed.get(campaignId)
    if (!set) changed.set(campaignId, (set = new Set()))
    set.add(Number(row.order_id))
  }
  return new Map([...changed].map(([campaignId, ids]) => [campaignId, [...ids]]))
}

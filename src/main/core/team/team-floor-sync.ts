import type pg from 'pg'
import { NEEDS_KEY, PRIVATE_FIELDS } from '../../../shared/team/floor-log'
import type {
  FloorChange,
  FloorSyncStatus,
  PendingEntry,
  PulledEntry,
} from '../../../shared/team/floor-log'
import type { FloorChanges, FloorPlanMirror } from '../floor/floor-plan-mirror'
import { CHECK_TEXT, deriveKey, newSalt, seal, unseal } from './floor-seal'
import type { TeamClient } from './team-connection'
import { inTransaction } from './team-connection'
import { TEAM_CHANNEL } from './team-server-store'

/** Changes sent or pulled per round trip. */
const BATCH = 500
// Writers of the log take turns on it, so ids commit in order (team-schema.ts, v4).
const FLOOR_LOG_LOCK = 7_114_2028

interface LogRow {
  id: string
  uuid: string
  campaign_id: string
  desk: string
  at: Date
  kind: string
  payload: Record<string, unknown>
  key_id: number | null
}

interface KeyRow {
  id: number
  salt: Buffer
  check_seal: string
}

const context = (uuid: string, kind: string) => `${uuid}:${kind}`

/**
 * The floor plan between the desk's cache and the team store's log (team schema v4): sends the
 * desk's pending changes (personal parts sealed, or kept on the desk without a key), then pulls
 * the log after the desk's cursor into its floor plan (floor-plan-mirror.ts).
 */
export class TeamFloorSync {
  /** Keys this desk's password opens, by key record id; `sealing` the one it seals with. */
  private keys: Map<number, Buffer> | null = null
  private sealing: { id: number; key: Buffer } | null = null
  private tried = new Set<number>()

  constructor(
    private readonly options: {
      mirror: FloorPlanMirror
      desk: string
      /** The team password; null: no key, corrections stay on this desk. */
      password: string | null
      /** The store this cursor belongs to (TeamUrl.serverKey). */
      server: string
    },
  ) {}

  /** Sends, then pulls; answers what the pull changed here, by campaign. */
  async sync(client: TeamClient): Promise<FloorChanges> {
    // The key records are read once, and again only for a change sealed under one not seen.
    if (!this.sealing) await this.loadKeys(client.pg)
    await this.push(client)
    return this.pull(client.pg)
  }

  private async loadKeys(db: pg.Client): Promise<void> {
    const password = this.options.password
    if (password === null) return
    this.keys ??= new Map()
    const rows = (
      await db.query<KeyRow>('SELECT id, salt, check_seal FROM team_floor_keys ORDER BY id')
    ).rows
    for (const row of rows) {
      if (this.tried.has(row.id)) continue
      this.tried.add(row.id)
      const key = await deriveKey(password, row.salt)
      if (unseal(key, row.check_seal, `key:${row.id}`) === CHECK_TEXT) {
        this.keys.set(row.id, key)
        this.sealing = { id: row.id, key }
      }
    }
    if (this.sealing) return
    // No record this password opens: a first desk, or the password changed. A new record;
    // what was sealed under the old one stays readable by the desks that have that password.
    const salt = newSalt()
    const key = await deriveKey(password, salt)
    const id = Number(
      (
        await db.query<{ id: string }>(
          "SELECT nextval(pg_get_serial_sequence('team_floor_keys', 'id')) AS id",
        )
      ).rows[0]!.id,
    )
    // One statement: no desk ever reads the record without its check.
    await db.query(
      'INSERT INTO team_floor_keys (id, salt, check_seal, desk) VALUES ($1, $2, $3, $4)',
      [id, salt, seal(key, CHECK_TEXT, `key:${id}`), this.options.desk],
    )
    this.tried.add(id)
    this.keys.set(id, key)
    this.sealing = { id, key }
  }

  /** The change as the store gets it: private parts sealed, or left out; null: not sent now. */
  private outgoing(entry: PendingEntry): { payload: object; keyId: number | null } | null {
    const fields = PRIVATE_FIELDS[entry.change.kind] ?? []
    const open: Record<string, unknown> = { ...entry.change }
    const secret: Record<string, unknown> = {}
    for (const field of fields) {
      secret[field] = open[field]
      delete open[field]
    }
    if (fields.length === 0) return { payload: open, keyId: null }
    if (!this.sealing) {
      if (NEEDS_KEY.has(entry.change.kind)) return null
      return { payload: { ...open, reason: null }, keyId: null }
    }
    const sealed = seal(
      this.sealing.key,
      JSON.stringify(secret),
      context(entry.uuid, entry.change.kind),
    )
    return { payload: { ...open, sealed }, keyId: this.sealing.id }
  }

  private async push(client: TeamClient): Promise<void> {
    let after = 0
    for (;;) {
      const batch = this.options.mirror.unsent(BATCH, after)
      if (batch.length === 0) return
      after = batch[batch.length - 1]!.seq
      const ready = batch.flatMap((entry) => {
        const out = this.outgoing(entry)
        return out ? [{ entry, ...out }] : []
      })
      if (ready.length === 0) continue
      const sent = await inTransaction(client, async (db) => {
        await db.query('SELECT pg_advisory_xact_lock($1)', [FLOOR_LOG_LOCK])
        // One statement a batch, numbered in the desk's order (WITH ORDINALITY, ORDER BY); a
        // resent UUID answers the id it has already (DO UPDATE, a no-op).
        const rows = await db.query<{ id: string; uuid: string }>(
          `INSERT INTO team_floor_log (campaign_id, uuid, desk, at, kind, payload, key_id)
           SELECT c, u, $8, a, k, p::jsonb, key FROM unnest($1::bigint[], $2::uuid[],
             $3::timestamptz[], $4::text[], $5::text[], $6::int[], $7::bigint[])
             AS t(c, u, a, k, p, key, ord)
           ORDER BY ord
           ON CONFLICT (uuid) DO UPDATE SET uuid = excluded.uuid RETURNING id, uuid`,
          [
            ready.map(({ entry }) => entry.campaignId),
            ready.map(({ entry }) => entry.uuid),
            ready.map(({ entry }) => entry.at),
            ready.map(({ entry }) => entry.change.kind),
            ready.map(({ payload }) => JSON.stringify(payload)),
            ready.map(({ keyId }) => keyId),
            ready.map((_, index) => index),
            this.options.desk,
          ],
        )
        await db.query('SELECT pg_notify($1, $2)', [TEAM_CHANNEL, this.options.desk])
        return rows.rows.map((row) => ({ uuid: row.uuid, id: Number(row.id) }))
      })
      this.options.mirror.markSent(sent)
    }
  }

  private incoming(row: LogRow): PulledEntry {
    const entry = {
      id: Number(row.id),
      uuid: row.uuid,
      campaignId: Number(row.campaign_id),
      desk: row.desk,
      at: row.at.toISOString(),
    }
    const { sealed, ...open } = row.payload
    if (typeof sealed !== 'string') return { ...entry, change: open as unknown as FloorChange }
    const key = row.key_id === null ? undefined : this.keys?.get(row.key_id)
    const text = key ? unseal(key, sealed, context(row.uuid, row.kind)) : null
    if (text !== null)
      return { ...entry, change: { ...open, ...(JSON.parse(text) as object) } as FloorChange }
    // Sealed with a key this desk's password does not open: a hold still holds, without its
    // reason; a correction cannot be applied without its address.
    if (NEEDS_KEY.has(row.kind as FloorChange['kind'])) return { ...entry, change: null }
    return { ...entry, change: { ...open, reason: null } as unknown as FloorChange }
  }

  private async pull(db: pg.Client): Promise<FloorChanges> {
    const changes: FloorChanges = new Map()
    for (;;) {
      const { cursor } = this.options.mirror.cursor(this.options.server)
      const rows = (
        await db.query<LogRow>(
          `SELECT id, uuid, campaign_id, desk, at, kind, payload, key_id FROM team_floor_log
           WHERE id > $1 ORDER BY id LIMIT $2`,
          [cursor, BATCH],
        )
      ).rows
      if (rows.length === 0) return changes
      if (rows.some((row) => row.key_id !== null && !this.tried.has(row.key_id)))
        await this.loadKeys(db)
      const entries = rows.map((row) => this.incoming(row))
      const applied = this.options.mirror.apply(
        this.options.server,
        entries,
        entries[entries.length - 1]!.id,
      )
      for (const [campaignId, orders] of applied) {
        const all = changes.get(campaignId) ?? new Set<number>()
        for (const order of orders) all.add(order)
        changes.set(campaignId, all)
      }
      if (rows.length < BATCH) return changes
    }
  }

  /** The floor plan's line of `team status`. */
  status(): FloorSyncStatus {
    const mirror = this.options.mirror
    const { unreadable } = mirror.cursor(this.options.server)
    const sealed = this.options.password !== null
    const message = !sealed
      ? 'No team password on this desk: its address corrections stay on this desk and are not shared; holds and reships go without their reasons.'
      : unreadable > 0
        ? `${unreadable} change(s) of other desks were sealed with another team password and cannot be read here: use the same team password at every desk.`
        : null
    return {
      pending: mirror.pendingCount(),
      sealed,
      unreadable,
      refused: mirror.refused(),
      message,
    }
  }
}

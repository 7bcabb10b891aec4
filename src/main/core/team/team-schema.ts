import type pg from 'pg'
import { PerkPackError } from '../system/perkpack-errors'
import type { TeamClient } from './team-connection'
import { inTransaction } from './team-connection'

/**
 * The team store's schema history, oldest first: entry i moves the database from version i to
 * i + 1. Released entries are never edited (a team's server may be at any of them). The server
 * holds order ids, desk names, times, carriers, tracking numbers and the floor's plan in the
 * clear; a backer's corrected address only sealed with a key it does not have (docs/security.md).
 */
export const TEAM_MIGRATIONS: readonly string[] = [
  // v1: the floor's record shared by the desks. team_packs' primary key is the rule that an
  // order is packed once: a second desk's INSERT finds the row and reads who won.
  `CREATE TABLE team_desks (
     desk text PRIMARY KEY,
     first_seen timestamptz NOT NULL DEFAULT now(),
     last_seen timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE team_packs (
     campaign_id bigint NOT NULL,
     order_id bigint NOT NULL,
     station text NOT NULL,
     packed_at timestamptz NOT NULL,
     action_id uuid NOT NULL,
     PRIMARY KEY (campaign_id, order_id)
   );
   CREATE TABLE team_orders (
     campaign_id bigint NOT NULL,
     order_id bigint NOT NULL,
     labels_printed_at timestamptz,
     slips_printed_at timestamptz,
     shipped_at timestamptz,
     carrier text,
     note text,
     PRIMARY KEY (campaign_id, order_id)
   );
   CREATE TABLE team_tracking (
     seq bigserial PRIMARY KEY,
     campaign_id bigint NOT NULL,
     order_id bigint NOT NULL,
     carrier text,
     tracking_number text NOT NULL,
     added_at timestamptz NOT NULL,
     desk text NOT NULL,
     UNIQUE (campaign_id, order_id, tracking_number)
   );
   -- Every action id applied, with its outcome: a replayed action is answered from here.
   CREATE TABLE team_applied (
     action_id uuid PRIMARY KEY,
     desk text NOT NULL,
     kind text NOT NULL,
     applied_at timestamptz NOT NULL DEFAULT now(),
     outcome jsonb
   );`,
  // v2: the change feed the desks follow. xid is the writing transaction's id: a desk reads
  // the events of transactions older than every one still running (pg_snapshot_xmin), so an
  // event committed late under a smaller id is never skipped, which a serial cursor would risk.
  `CREATE TABLE team_events (
     id bigserial PRIMARY KEY,
     xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     campaign_id bigint NOT NULL,
     order_ids bigint[] NOT NULL,
     desk text NOT NULL,
     kind text NOT NULL,
     at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX team_events_by_xid ON team_events (xid);

   -- A pack in one round trip (the hot path: a packer waits for it). The same steps as the
   -- client's transaction for the other actions: the action id once, the primary key decides,
   -- the loser reads the winner (each statement here sees what committed before it).
   CREATE FUNCTION perkpack_pack(p_action uuid, p_desk text, p_campaign bigint, p_order bigint,
                                 p_at timestamptz) RETURNS jsonb
   LANGUAGE plpgsql AS $fn$
   DECLARE
     v_outcome jsonb;
     v_station text;
     v_at timestamptz;
   BEGIN
     INSERT INTO team_applied (action_id, desk, kind) VALUES (p_action, p_desk, 'pack')
       ON CONFLICT (action_id) DO NOTHING;
     IF NOT FOUND THEN
       SELECT outcome INTO v_outcome FROM team_applied WHERE action_id = p_action;
       RETURN coalesce(v_outcome, '{"kind":"done"}'::jsonb) || '{"replayed":true}'::jsonb;
     END IF;
     FOR attempt IN 1..3 LOOP
       INSERT INTO team_packs (campaign_id, order_id, station, packed_at, action_id)
         VALUES (p_campaign, p_order, p_desk, p_at, p_action)
         ON CONFLICT (campaign_id, order_id) DO NOTHING;
       IF FOUND THEN
         v_outcome := '{"kind":"done","replayed":false}'::jsonb;
         INSERT INTO team_events (campaign_id, order_ids, desk, kind)
           VALUES (p_campaign, ARRAY[p_order], p_desk, 'pack');
         PERFORM pg_notify('perkpack_team', p_desk);
         EXIT;
       END IF;
       SELECT station, packed_at INTO v_station, v_at FROM team_packs
         WHERE campaign_id = p_campaign AND order_id = p_order;
       IF FOUND THEN
         v_outcome := jsonb_build_object('kind', 'lost', 'replayed', false, 'station', v_station,
           'at', to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
         EXIT;
       END IF;
     END LOOP;
     IF v_outcome IS NULL THEN
       RAISE EXCEPTION 'order % was packed and unpacked by others during this pack', p_order;
     END IF;
     UPDATE team_applied SET outcome = v_outcome WHERE action_id = p_action;
     INSERT INTO team_desks (desk) VALUES (p_desk)
       ON CONFLICT (desk) DO UPDATE SET last_seen = now();
     RETURN v_outcome;
   END
   $fn$;`,
  // v3: the SKU catalogue (src/shared/catalog), one per campaign, whole: the last save wins
  // (src/main/core/catalog/team-catalog-sync.ts). Weights and customs data only: nothing of a
  // backer's.
  `CREATE TABLE team_catalogs (
     campaign_id bigint PRIMARY KEY,
     catalog jsonb NOT NULL,
     updated_at timestamptz NOT NULL,
     desk text NOT NULL
   );`,
  // v4: the floor's plan (stock, waves, holds, corrections, reships), as an append-only log per
  // campaign that every desk folds in `id` order (docs/team-mode.md "The floor's plan"). A
  // desk's uuid makes a resend a no-op. Writers take an advisory lock for their insert, so ids
  // commit in order and a reader's cursor never passes an id still to commit. The parts of a
  // change that may name a backer are in payload.sealed, AES-256-GCM under a key derived from
  // the team password and a salt of team_floor_keys; the server never has the key.
  `CREATE TABLE team_floor_keys (
     id serial PRIMARY KEY,
     salt bytea NOT NULL,
     check_seal text NOT NULL,
     desk text NOT NULL,
     made_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE team_floor_log (
     id bigserial PRIMARY KEY,
     campaign_id bigint NOT NULL,
     uuid uuid NOT NULL UNIQUE,
     desk text NOT NULL,
     at timestamptz NOT NULL,
     kind text NOT NULL,
     payload jsonb NOT NULL,
     key_id integer REFERENCES team_floor_keys (id)
   );`,
]

export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS.length

// Any constant: desks migrating at once take turns on it.
const MIGRATION_LOCK = 7_114_2026

export async function teamSchemaVersion(db: pg.Client): Promise<number> {
  const exists = await db.query<{ found: string | null }>(
    "SELECT to_regclass('perkpack_team_schema')::text AS found",
  )
  if (exists.rows[0]?.found == null) return 0
  const row = await db.query<{ version: number }>('SELECT version FROM perkpack_team_schema')
  return row.rows[0]?.version ?? 0
}

function newerError(found: number): PerkPackError {
  return new PerkPackError(
    'team_schema_newer',
    `The team store's schema is version ${found}, newer than this desk knows (${TEAM_SCHEMA_VERSION}): update PerkPack on this desk. It writes nothing to a newer schema.`,
  )
}

/** Refuses to go on unless the server's schema is exactly the one this desk's code knows. */
export async function checkTeamSchema(client: TeamClient): Promise<number> {
  const found = await teamSchemaVersion(client.pg)
  if (found > TEAM_SCHEMA_VERSION) throw newerError(found)
  if (found < TEAM_SCHEMA_VERSION) {
    throw new PerkPackError(
      'team_schema_old',
      found === 0
        ? `The team store at ${client.url.host}:${client.url.port}/${client.url.database} has no PerkPack tables yet: run \`perkpack team init\` once.`
        : `The team store's schema is version ${found}, older than this desk's (${TEAM_SCHEMA_VERSION}): run \`perkpack team init\` to upgrade it.`,
    )
  }
  return found
}

/**
 * Creates or upgrades the schema to `target`, one migration per transaction under an advisory
 * lock, so two desks running `team init` at once do not both run a step. Returns the versions
 * before and after.
 */
export async function migrateTeam(
  client: TeamClient,
  target: number = TEAM_SCHEMA_VERSION,
): Promise<{ from: number; to: number }> {
  let from = -1
  for (;;) {
    const step = await inTransaction(client, async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      await db.query(
        `CREATE TABLE IF NOT EXISTS perkpack_team_schema (
           one boolean PRIMARY KEY DEFAULT true CHECK (one),
           version integer NOT NULL
         )`,
      )
      await db.query('INSERT INTO perkpack_team_schema (version) VALUES (0) ON CONFLICT DO NOTHING')
      const version = await teamSchemaVersion(db)
      if (from < 0) from = version
      if (version > TEAM_SCHEMA_VERSION) throw newerError(version)
      if (version >= target) return null
      await db.query(TEAM_MIGRATIONS[version]!)
      await db.query('UPDATE perkpack_team_schema SET version = $1', [version + 1])
      return version + 1
    })
    if (step === null) break
  }
  return { from, to: await teamSchemaVersion(client.pg) }
}

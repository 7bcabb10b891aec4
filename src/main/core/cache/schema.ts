import type Database from 'better-sqlite3-multiple-ciphers'
import { newerSchemaError } from './errors'
import { convertRowsToCompact } from './schema-v4'
import { keyRowsBySync } from './schema-v7'
import { addFloorPlan } from './schema-v8'
import { shareFloorPlan } from './schema-v10'
import { addParcels } from './schema-v11'

export type Migration = (db: Database.Database) => void

/**
 * The columns a contribution is looked up by, in `contributions` and `staging_contributions`, and
 * the indexes over them: migration 1 created them and migration 4 created them again for its
 * new row form. Released migrations read these, so they are never edited; a change of columns
 * is a new migration, written out on its own.
 */
const LOOKUP_COLUMNS = `id INTEGER NOT NULL,
        -- UTC ISO 8601, so text order is time order whatever offset the API used.
        created_at TEXT NOT NULL,
        status TEXT,
        country TEXT,
        -- Lower-cased, for case-insensitive look-ups through the index.
        email TEXT,`
const LOOKUP_INDEXES = `CREATE INDEX contributions_by_time ON contributions (campaign_id, created_at, id);
      CREATE INDEX contributions_by_status ON contributions (campaign_id, status);
      CREATE INDEX contributions_by_country ON contributions (campaign_id, country);
      CREATE INDEX contributions_by_email ON contributions (campaign_id, email);`

/**
 * Schema history, oldest first: entry i moves a database from user_version i to i + 1. Entries
 * are never edited once released (a user's file may be at any of them); a change is a new entry.
 */
export const MIGRATIONS: readonly Migration[] = [
  // v1: snapshots of campaign contributions and the staging area of syncs in progress.
  (db) => {
    db.exec(`
      CREATE TABLE campaigns (
        campaign_id INTEGER PRIMARY KEY,
        title TEXT,
        -- NULL until the first commit: a title may be known before any sync finished.
        last_synced_at TEXT,
        contribution_count INTEGER NOT NULL DEFAULT 0,
        expected_count INTEGER NOT NULL DEFAULT 0,
        privileged INTEGER NOT NULL DEFAULT 0 CHECK (privileged IN (0, 1))
      ) STRICT;

      -- Rows are about 1 KB of JSON each, too big for a WITHOUT ROWID table to pay off.
      CREATE TABLE contributions (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (campaign_id) ON DELETE CASCADE,
        ${LOOKUP_COLUMNS}
        sequence_number INTEGER,
        json TEXT NOT NULL,
        UNIQUE (campaign_id, id)
      ) STRICT;
      ${LOOKUP_INDEXES}
      CREATE INDEX contributions_by_sequence ON contributions (campaign_id, sequence_number);

      -- No foreign key to contributions: they are only ever written and deleted together, a
      -- campaign at a time, and the per-row checks would double the cost of a commit.
      CREATE TABLE contribution_perks (
        campaign_id INTEGER NOT NULL,
        contribution_id INTEGER NOT NULL,
        perk_id INTEGER NOT NULL,
        PRIMARY KEY (campaign_id, perk_id, contribution_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE contribution_skus (
        campaign_id INTEGER NOT NULL,
        contribution_id INTEGER NOT NULL,
        sku_code TEXT NOT NULL,
        PRIMARY KEY (campaign_id, sku_code, contribution_id)
      ) STRICT, WITHOUT ROWID;

      -- One row per sync in progress. owner and pid tell a dead sync (its process or its
      -- OfflineCache gone) from one still running in another window or command. The random
      -- sync_id is the identity (a rowid may be reused once deleted); staged rows refer to the
      -- compact sync_key, which keeps their index small.
      CREATE TABLE staging_syncs (
        sync_key INTEGER PRIMARY KEY,
        sync_id TEXT NOT NULL UNIQUE,
        campaign_id INTEGER NOT NULL,
        owner TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX staging_syncs_by_campaign ON staging_syncs (campaign_id);

      -- Perk ids and SKU codes wait here as JSON arrays: one insert per row while pages
      -- arrive, expanded into the side tables by SQLite itself at commit.
      CREATE TABLE staging_contributions (
        sync_key INTEGER NOT NULL REFERENCES staging_syncs (sync_key) ON DELETE CASCADE,
        ${LOOKUP_COLUMNS}
        sequence_number INTEGER,
        json TEXT NOT NULL,
        perk_ids TEXT NOT NULL,
        sku_codes TEXT NOT NULL,
        PRIMARY KEY (sync_key, id)
      ) STRICT;
    `)
  },
  // v2: small resources kept whole for offline use (sign-ups, batch job statuses, ...).
  (db) => {
    db.exec(`
      CREATE TABLE documents (
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (kind, key)
      ) STRICT;
    `)
  },
  // v3: problem rows (contributions PerkPack could not read), kept with the snapshot they came
  // in, and staged beside the good rows until the commit that swaps both in.
  (db) => {
    db.exec(`
      ALTER TABLE campaigns ADD COLUMN problem_count INTEGER NOT NULL DEFAULT 0;

      -- row_key: the contribution id as text, or 'r' and the rank (counted from the oldest row)
      -- for a row without a usable id. raw is the row as the API sent it; problems a JSON list
      -- of {path, message}.
      CREATE TABLE problem_rows (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (campaign_id) ON DELETE CASCADE,
        row_key TEXT NOT NULL,
        id INTEGER,
        rank INTEGER NOT NULL,
        raw TEXT NOT NULL,
        problems TEXT NOT NULL,
        PRIMARY KEY (campaign_id, row_key)
      ) STRICT;

      CREATE TABLE staging_problem_rows (
        sync_key INTEGER NOT NULL REFERENCES staging_syncs (sync_key) ON DELETE CASCADE,
        row_key TEXT NOT NULL,
        id INTEGER,
        rank INTEGER NOT NULL,
        raw TEXT NOT NULL,
        problems TEXT NOT NULL,
        PRIMARY KEY (sync_key, row_key)
      ) STRICT;
      CREATE INDEX staging_problem_rows_by_id ON staging_problem_rows (sync_key, id);
    `)
  },
  // v4: rows kept compact and as the API sent them (row-codec.ts). 100,000 rows took about
  // 300 MB as model JSON, mostly key names and perk objects repeated in every row.
  (db) => {
    db.exec(`
      -- What rows of a snapshot share, stored once: key layouts and shared objects (perks, an
      -- embedded campaign), numbered per snapshot and referred to by number from the rows. A
      -- sync keeps its numbering in memory and writes it here when it swaps its rows in.
      CREATE TABLE snapshot_parts (
        campaign_id INTEGER NOT NULL,
        part INTEGER NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (campaign_id, part)
      ) STRICT, WITHOUT ROWID;

      -- raw: the row as the API sent it. model: the row as the model read it, only when that
      -- is not the raw row read back (drifted rows: coerced values, normalised status, ...).
      CREATE TABLE contributions_v4 (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (campaign_id) ON DELETE CASCADE,
        ${LOOKUP_COLUMNS}
        raw TEXT NOT NULL,
        model TEXT,
        UNIQUE (campaign_id, id)
      ) STRICT;

      -- Staged rows of the old form cannot be finished by this version: such a sync fails and
      -- is run again; the snapshots themselves are converted below. The problem rows staged
      -- beside them go too, by name rather than by cascade: foreign keys may be off here.
      DELETE FROM staging_problem_rows;
      DELETE FROM staging_contributions;
      DELETE FROM staging_syncs;
      DROP TABLE staging_contributions;
      CREATE TABLE staging_contributions (
        sync_key INTEGER NOT NULL REFERENCES staging_syncs (sync_key) ON DELETE CASCADE,
        ${LOOKUP_COLUMNS}
        raw TEXT NOT NULL,
        model TEXT,
        perk_ids TEXT NOT NULL,
        sku_codes TEXT NOT NULL,
        PRIMARY KEY (sync_key, id)
      ) STRICT;
    `)
    convertRowsToCompact(db)
    db.exec(`
      DROP TABLE contributions;
      ALTER TABLE contributions_v4 RENAME TO contributions;
      ${LOOKUP_INDEXES}
    `)
  },
  // v5: the packing floor's own record of each order (src/main/core/floor). Not tied to the
  // snapshot tables by a foreign key: a re-sync replaces the snapshot, the floor's record stays.
  (db) => {
    db.exec(`
      CREATE TABLE floor_orders (
        campaign_id INTEGER NOT NULL,
        order_id INTEGER NOT NULL,
        packed_at TEXT,
        station TEXT,
        labels_printed_at TEXT,
        slips_printed_at TEXT,
        shipped_at TEXT,
        carrier TEXT,
        note TEXT,
        PRIMARY KEY (campaign_id, order_id)
      ) STRICT, WITHOUT ROWID;

      -- One row per parcel; seq keeps the order they were added in.
      CREATE TABLE floor_tracking (
        campaign_id INTEGER NOT NULL,
        order_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        carrier TEXT,
        tracking_number TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, order_id, seq),
        UNIQUE (campaign_id, order_id, tracking_number)
      ) STRICT, WITHOUT ROWID;
    `)
  },
  // v6: team mode (src/main/core/team). The outbox keeps actions taken while the team
  // store was unreachable, in the order taken, until the server has applied them; conflicts
  // are queued actions the server refused (another desk won), kept for a person to settle.
  (db) => {
    db.exec(`
      CREATE TABLE team_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        action_id TEXT NOT NULL UNIQUE,
        campaign_id INTEGER NOT NULL,
        -- The action as JSON (src/shared/team/team-actions.ts); order_ids: a JSON array.
        action TEXT NOT NULL,
        order_ids TEXT NOT NULL,
        queued_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE team_conflicts (
        action_id TEXT PRIMARY KEY,
        campaign_id INTEGER NOT NULL,
        order_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        station TEXT NOT NULL,
        other_station TEXT,
        other_at TEXT,
        at TEXT NOT NULL,
        found_at TEXT NOT NULL
      ) STRICT;

      -- Where this desk's catch-up stands, per team server (host, port and database).
      CREATE TABLE team_cursor (
        server TEXT PRIMARY KEY,
        cursor TEXT NOT NULL
      ) STRICT;
    `)
  },
  // v7: rows stored under the sync that staged them; a commit points the campaign at its sync
  // instead of copying the rows (schema-v7.ts).
  keyRowsBySync,
  // v8: the floor's plan: stock, waves, holds, address corrections, reships (schema-v8.ts).
  addFloorPlan,
  // v9: the SKU catalogue (src/shared/catalog), one per campaign, kept whole as JSON: a few
  // hundred rows at most, always read and saved together. Not tied to the snapshot: a re-sync
  // or an import replaces the contributions, the catalogue stays.
  (db) => {
    db.exec(`
      CREATE TABLE catalogs (
        campaign_id INTEGER PRIMARY KEY,
        catalog TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `)
  },
  // v10: the floor's plan shared through the team store: the pending list and the team's fold
  // of stock (schema-v10.ts).
  shareFloorPlan,
  // v11: partial shipments: a wave's parcel per order, and the parcels packed in part
  // (schema-v11.ts).
  addParcels,
]

export const SCHEMA_VERSION = MIGRATIONS.length

export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Brings the database to `target` one migration per transaction, so a crash between two leaves
 * a consistent older version that the next start continues from. The version is read again
 * inside each write transaction: two processes opening an old file at once must not both run
 * the same step. `migrations` is replaceable for tests only.
 */
export function migrate(
  db: Database.Database,
  target: number = SCHEMA_VERSION,
  migrations: readonly Migration[] = MIGRATIONS,
): void {
  const known = migrations.length
  const step = db.transaction((): boolean => {
    const version = userVersion(db)
    if (version > known) throw newerSchemaError(version)
    if (version >= target) return false
    const migration = migrations[version]
    if (!migration) throw new Error(`No migration from schema ${version}`)
    migration(db)
    // PRAGMA takes no bound parameters; `version` is an integer read from the file header.
    db.pragma(`user_version = ${version + 1}`)
    return true
  })
  while (step.immediate()) {
    // one migration per transaction
  }
}

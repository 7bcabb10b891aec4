import type Database from 'better-sqlite3-multiple-ciphers'

/**
 * Migration 7: rows are stored under the sync that staged them, and a campaign points at the
 * sync of its snapshot. A commit used to copy every staged row into the snapshot after the last
 * page, so the copy added its whole time to every sync; now it points the campaign at the
 * staged rows and builds their lookup tables. Released: never edit; a change is a new migration.
 *
 * Only the indexes rows arrive in the order of (id, and time: pages come newest first) are kept
 * up to date while a sync stages its pages. The lookups by status, country, e-mail, perk and SKU
 * would take random pages of their B-trees in every page's transaction, each written to the WAL
 * whole: they are tables filled in one pass when the sync commits.
 */
export function keyRowsBySync(db: Database.Database): void {
  db.exec(`
    -- The sync whose rows are the campaign's snapshot; NULL before the first commit.
    ALTER TABLE campaigns ADD COLUMN sync_key INTEGER;

    -- Rows of a sync in staging_syncs are staged; rows of the sync a campaign points at are its
    -- snapshot; rows of a sync in replaced_snapshots are deleted soon after the commit that
    -- replaced them. perk_ids and sku_codes (JSON arrays) fill the lookup tables at commit.
    CREATE TABLE contributions_v7 (
      sync_key INTEGER NOT NULL,
      id INTEGER NOT NULL,
      -- UTC ISO 8601, so text order is time order whatever offset the API used.
      created_at TEXT NOT NULL,
      status TEXT,
      country TEXT,
      -- Lower-cased, for case-insensitive look-ups.
      email TEXT,
      raw TEXT NOT NULL,
      model TEXT,
      perk_ids TEXT NOT NULL,
      sku_codes TEXT NOT NULL,
      -- Descending, as pages bring the rows: each page adds at the end of the B-tree, which
      -- then fills its pages, where adding at the front would leave them half empty.
      UNIQUE (sync_key, id DESC)
    ) STRICT;

    -- Snapshots a commit replaced, until their rows are deleted: listed in the commit's own
    -- transaction, so rows a process could not delete before it died are still found.
    CREATE TABLE replaced_snapshots (sync_key INTEGER PRIMARY KEY) STRICT;
  `)
  // Keys above every staged sync's, which keep theirs: a sync held back for a choice goes on.
  const base = db.prepare('SELECT coalesce(max(sync_key), 0) FROM staging_syncs').pluck().get()
  db.prepare(
    `UPDATE campaigns SET sync_key = ? + (SELECT count(*) FROM campaigns earlier
       WHERE earlier.last_synced_at IS NOT NULL AND earlier.campaign_id <= campaigns.campaign_id)
     WHERE last_synced_at IS NOT NULL`,
  ).run(base)
  db.exec(`
    -- Each row's perk ids and SKU codes, gathered once rather than looked up row by row.
    CREATE TEMP TABLE v7_perks (
      campaign_id INTEGER, contribution_id INTEGER, ids TEXT,
      PRIMARY KEY (campaign_id, contribution_id)
    ) WITHOUT ROWID;
    INSERT INTO v7_perks SELECT campaign_id, contribution_id, json_group_array(perk_id)
      FROM contribution_perks GROUP BY campaign_id, contribution_id;
    CREATE TEMP TABLE v7_skus (
      campaign_id INTEGER, contribution_id INTEGER, codes TEXT,
      PRIMARY KEY (campaign_id, contribution_id)
    ) WITHOUT ROWID;
    INSERT INTO v7_skus SELECT campaign_id, contribution_id, json_group_array(sku_code)
      FROM contribution_skus GROUP BY campaign_id, contribution_id;

    INSERT INTO contributions_v7 (sync_key, id, created_at, status, country, email, raw, model,
      perk_ids, sku_codes)
    SELECT k.sync_key, c.id, c.created_at, c.status, c.country, c.email, c.raw, c.model,
      coalesce(p.ids, '[]'), coalesce(s.codes, '[]')
    FROM contributions c
    JOIN campaigns k ON k.campaign_id = c.campaign_id AND k.sync_key IS NOT NULL
    LEFT JOIN v7_perks p ON p.campaign_id = c.campaign_id AND p.contribution_id = c.id
    LEFT JOIN v7_skus s ON s.campaign_id = c.campaign_id AND s.contribution_id = c.id;
    DROP TABLE v7_perks;
    DROP TABLE v7_skus;

    -- Syncs in progress keep their staged rows, under the keys they had.
    INSERT INTO contributions_v7 (sync_key, id, created_at, status, country, email, raw, model,
      perk_ids, sku_codes)
    SELECT sync_key, id, created_at, status, country, email, raw, model, perk_ids, sku_codes
    FROM staging_contributions;

    DROP TABLE staging_contributions;
    DROP TABLE contributions;
    DROP TABLE contribution_perks;
    DROP TABLE contribution_skus;
    ALTER TABLE contributions_v7 RENAME TO contributions;
    CREATE INDEX contributions_by_time ON contributions (sync_key, created_at DESC, id DESC);

    -- The lookups, filled from a sync's rows when it commits (the indexes of schemas 1 to 6
    -- under the same names, hence the names).
    CREATE TABLE contributions_by_status (
      sync_key INTEGER NOT NULL,
      status TEXT NOT NULL,
      contribution_id INTEGER NOT NULL,
      PRIMARY KEY (sync_key, status, contribution_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE contributions_by_country (
      sync_key INTEGER NOT NULL,
      country TEXT NOT NULL,
      contribution_id INTEGER NOT NULL,
      PRIMARY KEY (sync_key, country, contribution_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE contributions_by_email (
      sync_key INTEGER NOT NULL,
      email TEXT NOT NULL,
      contribution_id INTEGER NOT NULL,
      PRIMARY KEY (sync_key, email, contribution_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE contribution_perks (
      sync_key INTEGER NOT NULL,
      perk_id INTEGER NOT NULL,
      contribution_id INTEGER NOT NULL,
      PRIMARY KEY (sync_key, perk_id, contribution_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE contribution_skus (
      sync_key INTEGER NOT NULL,
      sku_code TEXT NOT NULL,
      contribution_id INTEGER NOT NULL,
      PRIMARY KEY (sync_key, sku_code, contribution_id)
    ) STRICT, WITHOUT ROWID;

    -- The rows of the syncs in progress, in the shape of the staging table of schemas 1 to 6.
    -- Tools that read or wrote that table keep working; a row written twice keeps the later.
    CREATE VIEW staging_contributions AS
    SELECT sync_key, id, created_at, status, country, email, raw, model, perk_ids, sku_codes
    FROM contributions WHERE sync_key IN (SELECT sync_key FROM staging_syncs);

    CREATE TRIGGER staging_contributions_insert INSTEAD OF INSERT ON staging_contributions
    BEGIN
      INSERT INTO contributions (sync_key, id, created_at, status, country, email, raw, model,
        perk_ids, sku_codes)
      VALUES (NEW.sync_key, NEW.id, NEW.created_at, NEW.status, NEW.country, NEW.email, NEW.raw,
        NEW.model, NEW.perk_ids, NEW.sku_codes)
      ON CONFLICT (sync_key, id) DO UPDATE SET created_at = excluded.created_at,
        status = excluded.status, country = excluded.country, email = excluded.email,
        raw = excluded.raw, model = excluded.model, perk_ids = excluded.perk_ids,
        sku_codes = excluded.sku_codes;
    END;
  `)
  // The current snapshots' lookups, as a commit fills them.
  const fills = prepareLookupFills(db)
  const keys = db
    .prepare('SELECT sync_key FROM campaigns WHERE sync_key IS NOT NULL')
    .pluck()
    .all() as number[]
  for (const key of keys) for (const fill of fills) fill.run(key)
}

/**
 * Statements that fill the lookup tables from the rows stored under a sync key (bound as the
 * only parameter), one pass each, in key order so that each B-tree grows at its end. Used by
 * migration 7 and by every commit: a change of the lookups is a new migration, and migration 7
 * then keeps these as they are.
 */
export function prepareLookupFills(db: Database.Database): Database.Statement[] {
  const byColumn = [
    ['contributions_by_status', 'status'],
    ['contributions_by_country', 'country'],
    ['contributions_by_email', 'email'],
  ].map(([table, column]) =>
    db.prepare(
      `INSERT INTO ${table} (sync_key, ${column}, contribution_id)
       SELECT sync_key, ${column}, id FROM contributions
       WHERE sync_key = ? AND ${column} IS NOT NULL ORDER BY ${column}, id`,
    ),
  )
  const byList = [
    ['contribution_perks', 'perk_id', 'perk_ids'],
    ['contribution_skus', 'sku_code', 'sku_codes'],
  ].map(([table, column, list]) =>
    // OR IGNORE: a list holding a value twice (the staging view takes any JSON array).
    db.prepare(
      `INSERT OR IGNORE INTO ${table} (sync_key, ${column}, contribution_id)
       SELECT c.sync_key, v.value, c.id FROM contributions c, json_each(c.${list}) v
       WHERE c.sync_key = ? ORDER BY v.value, c.id`,
    ),
  )
  return [...byColumn, ...byList]
}

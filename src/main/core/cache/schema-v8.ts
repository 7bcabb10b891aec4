import type Database from 'better-sqlite3-multiple-ciphers'

/**
 * v8: the floor's plan (issue 28): stock on hand per SKU variant with its history, waves, holds,
 * address corrections and reships. Like v5's floor tables these are keyed by campaign and order
 * id with no foreign key to the snapshot: a re-sync or a dashboard import replaces the rows and
 * leaves the floor's plan alone, also for an order the new copy no longer carries.
 */
export function addFloorPlan(db: Database.Database): void {
  db.exec(`
    CREATE TABLE floor_stock (
      campaign_id INTEGER NOT NULL,
      variant_key TEXT NOT NULL,
      sku_code TEXT NOT NULL,
      -- JSON list of {name, value}, in the order first written.
      choices TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (campaign_id, variant_key)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE floor_stock_history (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      campaign_id INTEGER NOT NULL,
      variant_key TEXT NOT NULL,
      delta INTEGER NOT NULL,
      quantity INTEGER NOT NULL,
      reason TEXT NOT NULL,
      order_id INTEGER,
      by TEXT NOT NULL,
      at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX floor_stock_history_by_variant
      ON floor_stock_history (campaign_id, variant_key, seq);

    CREATE TABLE floor_waves (
      campaign_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
      created_at TEXT NOT NULL,
      created_by TEXT NOT NULL,
      closed_at TEXT,
      PRIMARY KEY (campaign_id, name)
    ) STRICT, WITHOUT ROWID;

    -- open_wave repeats the wave's name while it is open (NULL once closed): the unique index
    -- is the rule that an order is in one open wave at a time, decided by SQLite, not the caller.
    CREATE TABLE floor_wave_orders (
      campaign_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      position INTEGER NOT NULL,
      order_id INTEGER NOT NULL,
      open_wave TEXT,
      PRIMARY KEY (campaign_id, name, position)
    ) STRICT, WITHOUT ROWID;
    CREATE UNIQUE INDEX floor_wave_orders_one_open
      ON floor_wave_orders (campaign_id, order_id) WHERE open_wave IS NOT NULL;

    CREATE TABLE floor_holds (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      campaign_id INTEGER NOT NULL,
      order_id INTEGER NOT NULL,
      reason TEXT NOT NULL,
      by TEXT NOT NULL,
      at TEXT NOT NULL,
      released_at TEXT,
      released_by TEXT
    ) STRICT;
    CREATE UNIQUE INDEX floor_holds_one_active
      ON floor_holds (campaign_id, order_id) WHERE released_at IS NULL;

    -- Personal data (the corrected address, the platform's one it was made against): kept in
    -- this encrypted file only, never sent to the team store (docs/security.md).
    CREATE TABLE floor_corrections (
      campaign_id INTEGER NOT NULL,
      order_id INTEGER NOT NULL,
      address TEXT NOT NULL,
      platform_address TEXT,
      reason TEXT NOT NULL,
      by TEXT NOT NULL,
      at TEXT NOT NULL,
      PRIMARY KEY (campaign_id, order_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE floor_reships (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      campaign_id INTEGER NOT NULL,
      order_id INTEGER NOT NULL,
      -- JSON list of {variantKey, quantity}; tracking_numbers a JSON list of text.
      items TEXT NOT NULL,
      reason TEXT NOT NULL,
      tracking_numbers TEXT NOT NULL DEFAULT '[]',
      by TEXT NOT NULL,
      at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX floor_reships_by_order ON floor_reships (campaign_id, order_id);
  `)
}

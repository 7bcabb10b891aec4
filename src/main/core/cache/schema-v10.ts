import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3-multiple-ciphers'
import type { AddressParts, ReshipItem } from '../../../shared/corrections/correction-types'
import type { Choice } from '../../../shared/fulfillment/variant'
import type { FloorChange, FloorVariant } from '../../../shared/team/floor-log'

/**
 * v10: the floor's plan shared through the team store (issue 28, docs/team-mode.md). Every change
 * of stock, waves, holds, corrections and reships is written, in the transaction that makes it,
 * to `floor_plan_pending` too: the desk's list of changes the team store has not taken back yet
 * (a killed desk finds it in its file). `floor_stock_team` is each variant's level as the team
 * store's log folds it; the level shown is that plus this desk's pending changes.
 */
export function shareFloorPlan(db: Database.Database): void {
  db.exec(`
    CREATE TABLE floor_plan_pending (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      uuid TEXT NOT NULL UNIQUE,
      campaign_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      -- The change as JSON (src/shared/team/floor-log.ts), personal parts too: this file is
      -- encrypted; what goes to the team store is sealed or left out.
      change TEXT NOT NULL,
      at TEXT NOT NULL,
      -- The store's number once sent; the row goes when the desk pulls it back.
      server_id INTEGER
    ) STRICT;
    -- No index but the uuid's: the list is short once sent, and every pack writes to it
    -- (each index is one more encrypted page a write rewrites).

    CREATE TABLE floor_stock_team (
      campaign_id INTEGER NOT NULL,
      variant_key TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      PRIMARY KEY (campaign_id, variant_key)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE floor_plan_cursor (
      server TEXT PRIMARY KEY,
      cursor INTEGER NOT NULL,
      unreadable INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    CREATE TABLE floor_plan_refused (
      uuid TEXT PRIMARY KEY,
      campaign_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      desk TEXT NOT NULL,
      other TEXT,
      orders TEXT NOT NULL,
      found_at TEXT NOT NULL
    ) STRICT;

    ALTER TABLE floor_waves ADD COLUMN team_uuid TEXT;
    ALTER TABLE floor_waves ADD COLUMN team_id INTEGER;
    ALTER TABLE floor_reships ADD COLUMN team_uid TEXT;
  `)
  seedPending(db)
}

/** What the desk planned before v10 becomes its first pending changes: shared once in team mode. */
function seedPending(db: Database.Database): void {
  const at = new Date().toISOString()
  const put = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO floor_plan_pending (uuid, campaign_id, kind, change, at) VALUES (?, ?, ?, ?, ?)',
  )
  const add = (campaignId: number, change: FloorChange, uuid = randomUUID()) =>
    put.run(uuid, campaignId, change.kind, JSON.stringify(change), at)
  const stock = db
    .prepare<
      [],
      {
        campaign_id: number
        variant_key: string
        sku_code: string
        choices: string
        quantity: number
      }
    >(
      'SELECT campaign_id, variant_key, sku_code, choices, quantity FROM floor_stock ORDER BY campaign_id',
    )
    .all()
  const byCampaign = new Map<number, (FloorVariant & { quantity: number })[]>()
  for (const row of stock) {
    const levels = byCampaign.get(row.campaign_id) ?? []
    levels.push({
      variantKey: row.variant_key,
      skuCode: row.sku_code,
      choices: JSON.parse(row.choices) as Choice[],
      quantity: row.quantity,
    })
    byCampaign.set(row.campaign_id, levels)
  }
  for (const [campaignId, levels] of byCampaign)
    add(campaignId, { kind: 'stock-set', reason: 'set', levels, by: 'this desk' })
  const waves = db
    .prepare<[], { campaign_id: number; name: string; status: string; created_by: string }>(
      'SELECT campaign_id, name, status, created_by FROM floor_waves ORDER BY created_at',
    )
    .all()
  const orders = db.prepare<[number, string], number>(
    'SELECT order_id FROM floor_wave_orders WHERE campaign_id = ? AND name = ? ORDER BY position',
  )
  const mark = db.prepare<[string, number, string]>(
    'UPDATE floor_waves SET team_uuid = ? WHERE campaign_id = ? AND name = ?',
  )
  for (const wave of waves) {
    const uuid = randomUUID()
    const orderIds = orders.pluck().all(wave.campaign_id, wave.name)
    add(
      wave.campaign_id,
      { kind: 'wave-save', name: wave.name, orderIds, by: wave.created_by },
      uuid,
    )
    mark.run(uuid, wave.campaign_id, wave.name)
    if (wave.status === 'closed')
      add(wave.campaign_id, {
        kind: 'wave-close',
        name: wave.name,
        wave: uuid,
        by: wave.created_by,
      })
  }
  for (const hold of db
    .prepare<[], { campaign_id: number; order_id: number; reason: string; by: string }>(
      'SELECT campaign_id, order_id, reason, by FROM floor_holds WHERE released_at IS NULL',
    )
    .all())
    add(hold.campaign_id, {
      kind: 'hold',
      orderId: hold.order_id,
      reason: hold.reason,
      by: hold.by,
    })
  for (const row of db
    .prepare<
      [],
      {
        campaign_id: number
        order_id: number
        address: string
        platform_address: string | null
        reason: string
        by: string
      }
    >('SELECT campaign_id, order_id, address, platform_address, reason, by FROM floor_corrections')
    .all())
    add(row.campaign_id, {
      kind: 'correction-set',
      orderId: row.order_id,
      address: JSON.parse(row.address) as AddressParts,
      platformAddress:
        row.platform_address === null ? null : (JSON.parse(row.platform_address) as AddressParts),
      reason: row.reason,
      by: row.by,
    })
  const reships = db
    .prepare<
      [],
      {
        id: number
        campaign_id: number
        order_id: number
        items: string
        reason: string
        tracking_numbers: string
        by: string
      }
    >(
      'SELECT id, campaign_id, order_id, items, reason, tracking_numbers, by FROM floor_reships ORDER BY id',
    )
    .all()
  const markReship = db.prepare<[string, number]>(
    'UPDATE floor_reships SET team_uid = ? WHERE id = ?',
  )
  for (const reship of reships) {
    const uuid = randomUUID()
    add(
      reship.campaign_id,
      {
        kind: 'reship-add',
        reship: uuid,
        orderId: reship.order_id,
        items: JSON.parse(reship.items) as ReshipItem[],
        reason: reship.reason,
        by: reship.by,
      },
      uuid,
    )
    markReship.run(uuid, reship.id)
    for (const trackingNumber of JSON.parse(reship.tracking_numbers) as string[])
      add(reship.campaign_id, {
        kind: 'reship-tracking',
        reship: uuid,
        trackingNumber,
        by: reship.by,
      })
  }
}

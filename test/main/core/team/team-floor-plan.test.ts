import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { cacheFilePath, secondConnection } from '../../../../src/main/core/cache'
import { migrate } from '../../../../src/main/core/cache/schema'
import { FloorPlanMirror } from '../../../../src/main/core/floor/floor-plan-mirror'
import { TeamFloorSync } from '../../../../src/main/core/team/team-floor-sync'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { correctAddress } from '../../../../src/main/core/floor/address-correction'
import { connectTeam } from '../../../../src/main/core/team/team-connection'
import { migrateTeam } from '../../../../src/main/core/team/team-schema'
import { loadFloorOverlay, shippedRows } from '../../../../src/main/core/floor/floor-view'
import { renderLabels } from '../../../../src/main/core/print/labels'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { addressPartsOf } from '../../../../src/shared/corrections/effective-address'
import { variantKey } from '../../../../src/shared/fulfillment/variant'
import { HELD_STATUS } from '../../../../src/shared/fulfillment/ship-status'
import { parseTeamUrl } from '../../../../src/shared/team/team-url'
import type { TeamUrl } from '../../../../src/shared/team/team-url'
import { tempDir } from '../../../helpers/harness'
import { PG_PASSWORD } from '../../../helpers/postgres-server'
import { openDesk, teamSql as sql, teamStore, useTeamServer } from '../../../helpers/team-store'
import { makeContributions } from '../../fixtures/contributions'

// Two desks on one real PostgreSQL (test/helpers/postgres-server.ts), a database per test: the
// floor's plan (issue 28) shared through the team store's log (team schema v4).
const CAMPAIGN = 42
const PROFILE = 'team-floor'
const STREET = '12 Rue des Lilas'
const MUG = { skuCode: 'MUG', choices: [{ name: 'Colour', value: 'Red' }] }
const CAP = { skuCode: 'CAP', choices: [] }
const rows = makeContributions(12)

useTeamServer()

/** A desk whose offline copy holds the campaign's rows, as after a sync. */
const deskAt = (url: TeamUrl, name: string, dataDir = tempDir('perkpack-floor-desk-')) =>
  openDesk(url, name, { profile: PROFILE, dataDir, synced: { campaignId: CAMPAIGN, rows } })

/** Rows that get a label as synced: a correction or a hold then has something to change. */
const shipping = rows.filter(
  (row) => renderLabels([row], { layout: 'avery5160' }).skipped.length === 0,
)
const [corrected, held] = shipping as [CampaignContribution, CampaignContribution]

function levels(cache: OfflineCache) {
  return Object.fromEntries(
    cache
      .floorPlan()
      .stock.levels(CAMPAIGN)
      .map((level) => [level.skuCode, level.quantity]),
  )
}

function correctStreet(plan: ReturnType<OfflineCache['floorPlan']>, by: string) {
  const parts = addressPartsOf(corrected.order.shipping)!
  correctAddress(plan, CAMPAIGN, corrected, { ...parts, address: STREET }, 'Backer e-mailed', by)
}

describe('the floor plan through the team store', () => {
  it('desk B prints the address desk A corrected and stops the order A held', async () => {
    const { url } = await teamStore('corrected')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    correctStreet(a.plan, 'Desk A')
    expect(a.plan.corrections.hold(CAMPAIGN, held.order.id, 'Customs question', 'Desk A')).toBe(
      true,
    )
    const changes: number[][] = []
    b.desk.on('changed', (change) => changes.push(change.orderIds))

    expect(await a.desk.syncFloor()).not.toBeNull()
    expect(await b.desk.syncFloor()).not.toBeNull()

    // Through the one door every output uses (floor-view.ts), down to the label's HTML.
    const shipped = shippedRows(
      loadFloorOverlay(b.cache, CAMPAIGN),
      b.cache.contributions(CAMPAIGN),
    )
    const byId = new Map(shipped.rows.map((row) => [row.order.id, row]))
    expect(byId.get(corrected.order.id)?.order.shipping?.address).toBe(STREET)
    expect(renderLabels([byId.get(corrected.order.id)!], { layout: 'avery5160' }).html).toContain(
      STREET,
    )
    expect(byId.get(held.order.id)?.order.status).toBe(HELD_STATUS)
    expect(renderLabels([byId.get(held.order.id)!], { layout: 'avery5160' }).labels).toBe(0)
    expect(b.plan.corrections.activeHolds(CAMPAIGN).get(held.order.id)?.reason).toBe(
      'Customs question',
    )
    expect(changes.flat()).toEqual(expect.arrayContaining([corrected.order.id, held.order.id]))

    // The server holds the change, sealed: neither the street nor the reasons in the clear.
    const dump = await sql<{ row: string }>(url, 'SELECT t::text AS row FROM team_floor_log t')
    expect(dump.length).toBeGreaterThanOrEqual(2)
    const text = dump.map((row) => row.row).join('\n')
    expect(text).toContain('correction-set')
    expect(text).not.toContain(STREET)
    expect(text).not.toContain('Customs question')
    expect(text).not.toContain(corrected.order.shipping!.name!)
    expect((await b.desk.status()).floor_plan).toMatchObject({ pending: 0, message: null })
  }, 60_000)

  it('a pack on one desk and a count typed on the other converge to one figure', async () => {
    const { url } = await teamStore('stock')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    a.plan.stock.set(
      CAMPAIGN,
      [
        { ...MUG, quantity: 10 },
        { ...CAP, quantity: 10 },
      ],
      'set',
      'Desk A',
    )
    await a.desk.syncFloor()
    await b.desk.syncFloor()
    expect(levels(b.cache)).toEqual({ MUG: 10, CAP: 10 })

    // A packs a mug and sends it; B, not knowing, counts 20 of each (after the pack: it wins).
    a.plan.stock.adjust(CAMPAIGN, [{ ...variant(MUG), delta: -1 }], 'pack', 1, 'Desk A')
    await a.desk.syncFloor()
    b.plan.stock.set(
      CAMPAIGN,
      [
        { ...MUG, quantity: 20 },
        { ...CAP, quantity: 20 },
      ],
      'import',
      'Desk B',
    )
    // A packs a cap before hearing of the count: the store numbers it after, so it counts.
    a.plan.stock.adjust(CAMPAIGN, [{ ...variant(CAP), delta: -1 }], 'pack', 2, 'Desk A')
    await b.desk.syncFloor()
    await a.desk.syncFloor()
    await b.desk.syncFloor()

    expect(levels(a.cache)).toEqual({ MUG: 20, CAP: 19 })
    expect(levels(b.cache)).toEqual(levels(a.cache))
    const capHistory = b.plan.stock.history(CAMPAIGN, variant(CAP).variantKey)
    expect(capHistory.at(-1)).toMatchObject({ quantity: 19, reason: 'pack', by: 'Desk A' })
  }, 60_000)

  it('overlapping waves saved offline: the one the store numbered first stands on both desks', async () => {
    const { url } = await teamStore('waves')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    a.plan.waves.create(CAMPAIGN, 'Wave A', [1, 2], 'Desk A')
    b.plan.waves.create(CAMPAIGN, 'Wave B', [2, 3], 'Desk B')
    await a.desk.syncFloor()
    await b.desk.syncFloor()
    await a.desk.syncFloor()

    for (const desk of [a, b]) {
      expect(desk.plan.waves.list(CAMPAIGN).map((wave) => wave.name)).toEqual(['Wave A'])
      expect([...desk.plan.waves.openWaveOrders(CAMPAIGN)]).toEqual([
        [1, 'Wave A'],
        [2, 'Wave A'],
      ])
      expect((await desk.desk.status()).floor_plan.refused).toEqual([
        { name: 'Wave B', desk: 'Desk B', other: 'Desk A', orders: [2] },
      ])
    }
    // Order 3 is free again: B plans it into a new wave, which every desk takes.
    b.plan.waves.create(CAMPAIGN, 'Wave C', [3], 'Desk B')
    expect(a.plan.waves.close(CAMPAIGN, 'Wave A', new Date(), 'Desk A')).toBe(true)
    await b.desk.syncFloor()
    await a.desk.syncFloor()
    await b.desk.syncFloor()
    expect(b.plan.waves.wave(CAMPAIGN, 'Wave A')?.status).toBe('closed')
    expect(a.plan.waves.wave(CAMPAIGN, 'Wave C')?.orderIds).toEqual([3])
  }, 60_000)

  it('a desk offline keeps its changes in its cache, survives a kill, and sends them later', async () => {
    const { raw, url } = await teamStore('offline')
    const dataDir = tempDir('perkpack-floor-offline-')
    const away = deskAt(parseTeamUrl(raw.replace(/:\d+\//, ':9/'), PG_PASSWORD), 'Desk K', dataDir)
    away.plan.corrections.hold(CAMPAIGN, held.order.id, 'Combine with pledge 2', 'Desk K')
    away.plan.stock.set(CAMPAIGN, [{ ...MUG, quantity: 7 }], 'set', 'Desk K')
    // Sent in one batch, numbered in the order taken: the count, then the pack from it.
    away.plan.stock.adjust(CAMPAIGN, [{ ...variant(MUG), delta: -1 }], 'pack', 3, 'Desk K')
    expect(await away.desk.syncFloor()).toBeNull()
    expect((await away.desk.status()).floor_plan.pending).toBe(3)
    // Killed: nothing closed, nothing of the process carried over; a new process opens the file.
    const back = deskAt(url, 'Desk K', dataDir)
    expect(await back.desk.syncFloor()).not.toBeNull()
    const other = deskAt(url, 'Desk B')
    await other.desk.syncFloor()
    expect(other.plan.corrections.activeHolds(CAMPAIGN).has(held.order.id)).toBe(true)
    expect(levels(other.cache)).toEqual({ MUG: 6 })
    expect(levels(back.cache)).toEqual({ MUG: 6 })
    expect((await back.desk.status()).floor_plan.pending).toBe(0)
  }, 60_000)

  it('a desk with another team password reads no correction, says why, and does not crash', async () => {
    const { raw, url } = await teamStore('other-password')
    await sql(url, "CREATE ROLE other_desk LOGIN PASSWORD 'Another-Secret-1'")
    await sql(url, `GRANT ALL ON ALL TABLES IN SCHEMA public TO other_desk`)
    await sql(url, `GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO other_desk`)
    const a = deskAt(url, 'Desk A')
    correctStreet(a.plan, 'Desk A')
    a.plan.corrections.hold(CAMPAIGN, held.order.id, 'Customs question', 'Desk A')
    await a.desk.syncFloor()

    const stranger = deskAt(
      parseTeamUrl(raw.replace('perkpack@', 'other_desk@'), 'Another-Secret-1'),
      'Desk C',
    )
    expect(await stranger.desk.syncFloor()).not.toBeNull()
    expect(stranger.plan.corrections.corrections(CAMPAIGN).size).toBe(0)
    // The hold still holds; its reason, sealed, stays with the desks that can read it.
    expect(stranger.plan.corrections.activeHolds(CAMPAIGN).get(held.order.id)?.reason).toBe(
      '(the reason is kept at Desk A)',
    )
    const floor = (await stranger.desk.status()).floor_plan
    expect(floor.unreadable).toBe(1)
    expect(floor.message).toBe(
      '1 change(s) of other desks were sealed with another team password and cannot be read here: use the same team password at every desk.',
    )
  }, 60_000)

  it('migration v3 → v4 keeps the packs and catalogues, and the floor plan then flows', async () => {
    const { url } = await teamStore('v3', 3)
    await sql(
      url,
      `INSERT INTO team_packs (campaign_id, order_id, station, packed_at, action_id)
       VALUES ($1, 7, 'Desk O', now(), gen_random_uuid())`,
      [CAMPAIGN],
    )
    await sql(
      url,
      `INSERT INTO team_catalogs (campaign_id, catalog, updated_at, desk)
       VALUES ($1, '{"items":[]}', now(), 'Desk O')`,
      [CAMPAIGN],
    )
    const client = await connectTeam(url)
    expect(await migrateTeam(client)).toEqual({ from: 3, to: 4 })
    await client.close()
    expect(await sql(url, 'SELECT order_id::int FROM team_packs')).toEqual([{ order_id: 7 }])
    expect(await sql(url, 'SELECT desk FROM team_catalogs')).toEqual([{ desk: 'Desk O' }])
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    a.plan.stock.set(CAMPAIGN, [{ ...CAP, quantity: 3 }], 'set', 'Desk A')
    await a.desk.syncFloor()
    await b.desk.syncFloor()
    expect(levels(b.cache)).toEqual({ CAP: 3 })
  }, 60_000)
})

function variant(entry: { skuCode: string; choices: { name: string; value: string }[] }) {
  return {
    ...entry,
    variantKey: variantKey(entry.skuCode, entry.choices),
  }
}

describe('the floor plan without a key, and from before team mode', () => {
  it('without a team password a correction stays on the desk and a hold goes without its reason', async () => {
    const { url } = await teamStore('no-password')
    const a = deskAt(url, 'Desk A')
    correctStreet(a.plan, 'Desk A')
    a.plan.corrections.hold(CAMPAIGN, held.order.id, 'Customs question', 'Desk A')
    const connection = secondConnection(a.cache)
    const keyless = new TeamFloorSync({
      mirror: new FloorPlanMirror(connection.db),
      desk: 'Desk A',
      password: null,
      server: url.serverKey,
    })
    const client = await connectTeam(url)
    let status
    try {
      await keyless.sync(client)
      status = keyless.status()
    } finally {
      await client.close()
      connection.db.close()
    }
    const log = await sql<{ kind: string; payload: { reason?: string | null } }>(
      url,
      'SELECT kind, payload FROM team_floor_log ORDER BY id',
    )
    expect(log.map((row) => [row.kind, row.payload.reason])).toEqual([['hold', null]])
    expect(status).toMatchObject({ pending: 1, sealed: false })
    expect(status.message).toMatch(
      /^No team password on this desk: its address corrections stay on this desk/,
    )
  }, 60_000)

  it('a plan made before schema 10 is shared once the desk is on a team', async () => {
    const { url } = await teamStore('before-v10')
    const dataDir = tempDir('perkpack-floor-v9-')
    const db = new Database(cacheFilePath(dataDir, PROFILE))
    migrate(db, 9)
    db.prepare(
      `INSERT INTO floor_stock (campaign_id, variant_key, sku_code, choices, quantity, updated_at)
       VALUES (?, 'CAP', 'CAP', '[]', 4, '2026-01-01T00:00:00Z')`,
    ).run(CAMPAIGN)
    db.prepare(
      `INSERT INTO floor_waves (campaign_id, name, status, created_at, created_by)
       VALUES (?, 'Old wave', 'open', '2026-01-01T00:00:00Z', 'Desk O')`,
    ).run(CAMPAIGN)
    db.prepare(
      `INSERT INTO floor_wave_orders (campaign_id, name, position, order_id, open_wave)
       VALUES (?, 'Old wave', 0, 5, 'Old wave')`,
    ).run(CAMPAIGN)
    db.prepare(
      `INSERT INTO floor_holds (campaign_id, order_id, reason, by, at)
       VALUES (?, ?, 'Waiting for a reply', 'Desk O', '2026-01-01T00:00:00Z')`,
    ).run(CAMPAIGN, held.order.id)
    db.close()
    const old = deskAt(url, 'Desk O', dataDir)
    expect(old.cache.schemaVersion()).toBe(11)
    expect(await old.desk.syncFloor()).not.toBeNull()
    const b = deskAt(url, 'Desk B')
    await b.desk.syncFloor()
    expect(levels(b.cache)).toEqual({ CAP: 4 })
    expect(b.plan.waves.wave(CAMPAIGN, 'Old wave')?.orderIds).toEqual([5])
    expect(b.plan.corrections.activeHolds(CAMPAIGN).get(held.order.id)?.reason).toBe(
      'Waiting for a reply',
    )
    // Desk O's own plan is what it was: its changes came back as its own.
    expect(levels(old.cache)).toEqual({ CAP: 4 })
    expect(old.plan.waves.list(CAMPAIGN).map((wave) => wave.name)).toEqual(['Old wave'])
  }, 60_000)
})

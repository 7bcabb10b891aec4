import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { HELD_STATUS, ordersThatShip, shippableLines } from '../../../src/shared/fulfillment'
import type { AddressParts } from '../../../src/shared/corrections/correction-types'
import type { OrdersFilter } from '../../../src/shared/ipc'
import type { Simulator } from '../../../src/simulator'
import {
  CORRECTED_ADDRESS,
  cleanupApps,
  labelsRequest,
  savingDesktop,
  syncedApp,
} from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { toModel } from '../../helpers/model'

// Holds and address corrections made in the app reach every output the app makes through one
// overlay (src/main/core/floor/floor-view.ts): the Orders table and its pick list, the drawer, the
// pre-print checks, the shipper CSV, labels, the station and Progress. Through the real handler
// table, as the window calls it.

let sim: Simulator
let app: TestApp
let campaignId: number
let shipping: CampaignContribution[]
const { desktop, printed } = savingDesktop()

beforeAll(async () => {
  ;({ sim, app, campaignId } = await syncedApp(60, { services: { desktop } }))
  shipping = ordersThatShip(toModel(sim.dataset.contributions.get(campaignId) ?? [])).filter(
    (row) => row.order.status === 'captured' && row.order.shipping?.address,
  )
}, 60_000)
afterAll(cleanupApps)

const only = (...rows: CampaignContribution[]): OrdersFilter => ({
  statuses: [],
  ids: rows.map((row) => row.id),
})

/** The order ids of the generic shipper CSV written for `filter`. */
async function csvOrders(filter: OrdersFilter): Promise<Record<string, string>[]> {
  const saved = await app.value('export:csv', { campaignId, filter, format: 'generic' })
  return parse(fs.readFileSync(saved!.path), { bom: true, columns: true }) as Record<
    string,
    string
  >[]
}

const CORRECTED: AddressParts = CORRECTED_ADDRESS

describe('a hold made in the app', () => {
  it('stops the order in the table, the pick list, the checks, the CSV, labels, the station and Progress', async () => {
    const [held, other] = [shipping[0]!, shipping[1]!]
    const filter = only(held, other)
    // The export desk keeps a selection it read for a while: read it before the hold.
    expect((await csvOrders(filter)).map((r) => Number(r.order_id))).toContain(held.order.id)
    const progressBefore = await app.value('floor:progress', { campaignId })

    const detail = await app.value('floor:hold', {
      campaignId,
      contributionId: held.id,
      reason: 'backer asked to combine',
    })
    expect(detail.hold).toMatchObject({ orderId: held.order.id, reason: 'backer asked to combine' })
    expect(detail.contribution.order.status).toBe(HELD_STATUS)

    const query = await app.value('orders:query', { campaignId, filter, pickList: true })
    const statusOf = (id: number) => query.rows.find((row) => row.id === id)?.status
    expect(statusOf(held.id)).toBe(HELD_STATUS)
    expect(statusOf(other.id)).toBe(other.order.status)
    expect(query.pickListTotals.orders).toBe(1)
    expect(query.pickListLeftOut.stopped).toBe(1)

    const checks = await app.value('export:checks', { campaignId, filter })
    const stop = checks.find((check) => check.id === 'stop-status')
    expect(stop?.contributionIds).toEqual([held.id])

    const csv = (await csvOrders(filter)).map((record) => Number(record.order_id))
    expect(csv).toContain(other.order.id)
    expect(csv).not.toContain(held.order.id)

    printed.length = 0
    await app.value('print:labels', labelsRequest(campaignId, filter))
    expect(printed.join('')).toContain(other.order.shipping!.address!)
    expect(printed.join('')).not.toContain(held.order.shipping!.address!)

    const scan = await app.value('floor:scanOrder', { campaignId, code: String(held.order.id) })
    expect(scan.warnings).toContainEqual({
      kind: 'stop-status',
      status: HELD_STATUS,
      stop: 'held',
      reason: 'backer asked to combine',
    })

    const progress = await app.value('floor:progress', { campaignId })
    expect(progress.totals.toShip).toBe(progressBefore.totals.toShip - 1)

    const released = await app.value('floor:release', { campaignId, contributionId: held.id })
    expect(released.hold).toBeNull()
    expect((await csvOrders(filter)).map((r) => Number(r.order_id))).toContain(held.order.id)
  })

  it('a packed order held afterwards is named to come off the outgoing pile', async () => {
    const row = shipping[2]!
    const filter = only(row)
    expect((await app.value('floor:pack', { campaignId, orderId: row.order.id })).packed).toBe(true)
    const before = (await app.value('orders:query', { campaignId, filter: {} })).packedButStopped
    await app.value('floor:hold', { campaignId, contributionId: row.id, reason: 'customs' })
    const after = (await app.value('orders:query', { campaignId, filter: {} })).packedButStopped
    expect(after).toBe(before + 1)
    const checks = await app.value('export:checks', { campaignId, filter })
    expect(checks.map((check) => check.id)).toContain('packed-but-stopped')
  })

  it('refuses a hold without a reason, in a sentence', async () => {
    const answer = await app.call('floor:hold', {
      campaignId,
      contributionId: shipping[3]!.id,
      reason: '   ',
    })
    expect(answer.ok).toBe(false)
    expect(JSON.stringify(answer)).toContain('Give a reason')
  })
})

describe('an address corrected in the app', () => {
  it('is what the drawer, the table, the CSV, labels and the station card show', async () => {
    const row = shipping[4]!
    const filter = only(row)
    const detail = await app.value('floor:correctAddress', {
      campaignId,
      contributionId: row.id,
      address: CORRECTED,
      reason: 'backer e-mailed a new address',
    })
    expect(detail.addressLines.join('\n')).toContain('12 Harbour Road')
    expect(detail.correction).toMatchObject({ reason: 'backer e-mailed a new address' })
    expect(detail.correction?.platformChanged).toBe(false)
    expect(detail.correction?.syncedAddressLines.join('\n')).toContain(row.order.shipping!.address!)

    const query = await app.value('orders:query', { campaignId, filter })
    expect(query.rows[0]).toMatchObject({ city: 'Portsmouth', country: 'GB' })

    const [record] = await csvOrders(filter)
    expect(record).toMatchObject({
      ship_address_1: '12 Harbour Road',
      ship_city: 'Portsmouth',
      ship_country: 'GB',
    })

    printed.length = 0
    await app.value('print:labels', labelsRequest(campaignId, filter))
    expect(printed.join('')).toContain('12 Harbour Road')
    expect(printed.join('')).not.toContain(row.order.shipping!.address!)

    const scan = await app.value('floor:scanOrder', { campaignId, code: String(row.order.id) })
    expect(scan.found && scan.order).toMatchObject({ country: 'GB', addressCorrected: true })
  })

  it('is flagged when a later sync brings another platform address, until a person chooses', async () => {
    const row = shipping[5]!
    const filter = only(row)
    await app.value('floor:correctAddress', {
      campaignId,
      contributionId: row.id,
      address: CORRECTED,
      reason: 'backer e-mailed a new address',
    })
    expect(
      (await app.value('export:checks', { campaignId, filter })).map((c) => c.id),
    ).not.toContain('address-changed-on-platform')
    // The backer also changed it on the platform; the next sync brings that one.
    const served = sim.dataset.contributions.get(campaignId)!
    sim.dataset.contributions.set(
      campaignId,
      served.map((wire) => {
        if (wire.id !== row.id) return wire
        const moved = structuredClone(wire)
        moved.order.shipping!.address = '99 Platform Street'
        return moved
      }),
    )
    await app.value('sync:run', { campaignId })

    const checks = await app.value('export:checks', { campaignId, filter })
    const changed = checks.find((check) => check.id === 'address-changed-on-platform')
    expect(changed?.contributionIds).toEqual([row.id])
    const detail = await app.value('orders:detail', { campaignId, contributionId: row.id })
    expect(detail.correction?.platformChanged).toBe(true)
    expect(detail.correction?.syncedAddressLines.join('\n')).toContain('99 Platform Street')
    // Until someone chooses, the correction still ships.
    expect((await csvOrders(filter))[0]?.ship_address_1).toBe('12 Harbour Road')

    const kept = await app.value('floor:resolveAddressChange', {
      campaignId,
      contributionId: row.id,
      keep: 'correction',
    })
    expect(kept.correction?.platformChanged).toBe(false)
    expect(
      (await app.value('export:checks', { campaignId, filter })).map((c) => c.id),
    ).not.toContain('address-changed-on-platform')

    const platform = await app.value('floor:resolveAddressChange', {
      campaignId,
      contributionId: row.id,
      keep: 'platform',
    })
    expect(platform.correction).toBeNull()
    expect((await csvOrders(filter))[0]?.ship_address_1).toBe('99 Platform Street')
  })

  it('refuses an address a label could not carry, naming the part and the fix', async () => {
    const row = shipping[6]!
    const refused = async (address: Partial<AddressParts>) =>
      JSON.stringify(
        await app.call('floor:correctAddress', {
          campaignId,
          contributionId: row.id,
          address: { ...CORRECTED, ...address },
          reason: 'typo',
        }),
      )
    expect(await refused({ city: '' })).toContain('City is empty: a label needs it.')
    // The country's own parts, by the rule the form shows: a US address needs its state.
    expect(await refused({ country: 'US', state: null, zipcode: '62704' })).toContain(
      'State is empty: a label to this country needs it.',
    )
    expect(await refused({ country: 'Germany' })).toContain('two-letter country code')
    expect(await refused({ address: 'Line\u0007bell' })).toContain('control characters')
    const detail = await app.value('orders:detail', { campaignId, contributionId: row.id })
    expect(detail.correction).toBeNull()
  })
})

describe('stock follows the station', () => {
  it('a pack takes the box from the shelf and an unpack puts it back', async () => {
    const row = shipping.find((r, i) => i > 6 && shippableLines(r).length > 0)!
    const lines = shippableLines(row)
    const plan = app.services.connection.cache().floorPlan()
    plan.stock.set(
      campaignId,
      lines.map((line) => ({
        variantKey: line.key,
        skuCode: line.skuCode,
        choices: line.choices,
        quantity: 50,
      })),
      'set',
      'test',
    )
    const level = () =>
      new Map(plan.stock.levels(campaignId).map((l) => [l.variantKey, l.quantity]))
    expect((await app.value('floor:pack', { campaignId, orderId: row.order.id })).packed).toBe(true)
    for (const line of lines) expect(level().get(line.key)).toBe(50 - line.quantity)
    expect(await app.value('floor:unpack', { campaignId, orderId: row.order.id })).toBe(true)
    for (const line of lines) expect(level().get(line.key)).toBe(50)
  })
})

describe('waves at the station', () => {
  it('warns on an order outside the open waves, not on one inside, and not once they close', async () => {
    const [inside, outside] = [shipping[8]!, shipping[9]!]
    const plan = app.services.connection.cache().floorPlan()
    const scan = (row: CampaignContribution) =>
      app.value('floor:scanOrder', { campaignId, code: String(row.order.id) })
    expect((await scan(outside)).warnings).toEqual([])

    plan.waves.create(campaignId, 'Wave 1', [inside.order.id], 'test')
    expect((await scan(inside)).warnings).toEqual([])
    expect((await scan(outside)).warnings).toEqual([
      { kind: 'outside-waves', openWaves: ['Wave 1'] },
    ])

    plan.waves.close(campaignId, 'Wave 1')
    expect((await scan(outside)).warnings).toEqual([])
  })
})

describe('Progress of one wave', () => {
  it("counts only the wave's orders, and names a wave that is not there", async () => {
    const [a, b] = [shipping[10]!, shipping[11]!]
    const waves = app.services.connection.cache().floorPlan().waves
    waves.create(campaignId, 'Wave P', [a.order.id, b.order.id], 'test')
    // Closed whatever happens: an open wave would make the station warn in the other tests.
    try {
      const whole = await app.value('floor:progress', { campaignId })
      const wave = await app.value('floor:progress', { campaignId, wave: 'Wave P' })
      expect(wave.totals.toShip).toBe(2)
      expect(whole.totals.toShip).toBeGreaterThan(2)
      const packed = await app.value('floor:pack', { campaignId, orderId: a.order.id })
      expect(packed.packed).toBe(true)
      const after = await app.value('floor:progress', { campaignId, wave: 'Wave P' })
      expect(after.totals.packed).toBe(1)
      const gone = await app.call('floor:progress', { campaignId, wave: 'Nope' })
      expect(JSON.stringify(gone)).toContain('There is no wave named \\"Nope\\"')
    } finally {
      waves.close(campaignId, 'Wave P')
    }
  })
})

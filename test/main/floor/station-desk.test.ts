import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packWarnings } from '../../../src/shared/floor/pack-checks'
import { describeChoices, shippableLines } from '../../../src/shared/fulfillment'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import type { StationSession } from '../../../src/shared/ipc'
import { cleanupApps, rowsOf, syncedApp } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

let app: TestApp
let campaignId: number
let rows: CampaignContribution[]

// One synced app for the file: every test reads it, and those that pack use orders of their own.
beforeAll(async () => {
  const synced = await syncedApp(150)
  app = synced.app
  campaignId = synced.campaignId
  rows = rowsOf(synced.sim, campaignId)
})

afterAll(cleanupApps)

const orderWith = (test: (row: CampaignContribution) => boolean, skip = 0) => {
  const found = rows.filter(test)[skip]
  if (!found) throw new Error('the simulator made no such order')
  return found
}
const ships = (row: CampaignContribution) =>
  row.order.status === 'captured' && shippableLines(row).length > 0
const scan = (code: string) => app.value('floor:scanOrder', { campaignId, code })

describe('floor:scanOrder: the order a scanned code names', () => {
  it('finds an order by the id under the slip barcode, by "#" and its number, and by the bare number', async () => {
    const row = orderWith((r) => ships(r) && r.order.sequence_number != null)
    const bySlip = await scan(` ${row.order.id} `)
    const byHash = await scan(`#${row.order.sequence_number}`)
    const byNumber = await scan(String(row.order.sequence_number))
    expect(bySlip.found && bySlip.order.orderId).toBe(row.order.id)
    expect(byHash).toEqual(bySlip)
    expect(byNumber).toEqual(bySlip)
    if (!bySlip.found) throw new Error('not found')
    expect(bySlip.order).toMatchObject({
      contributionId: row.id,
      sequenceNumber: row.order.sequence_number,
      status: row.order.status,
      country: row.order.shipping?.country,
      recipient: row.order.shipping?.name?.trim() || row.contributor_name,
    })
    expect(bySlip.order.lines).toEqual(
      shippableLines(row).map((line) => ({
        key: line.key,
        skuCode: line.skuCode,
        itemName: line.itemName,
        choices: describeChoices(line.choices),
        quantity: line.quantity,
      })),
    )
    expect(bySlip.warnings).toEqual([])
  })

  it('raises what packWarnings raises for a refunded order, and for one with nothing to ship', async () => {
    const refunded = orderWith((r) => r.order.status === 'refunded')
    const answer = await scan(String(refunded.order.id))
    expect(answer.warnings).toEqual(packWarnings(refunded.order.id, refunded, null))
    expect(answer.warnings).toContainEqual({
      kind: 'stop-status',
      status: 'refunded',
      stop: 'refunded',
    })
    const digital = orderWith((r) => shippableLines(r).length === 0)
    const nothing = await scan(String(digital.order.id))
    expect(nothing.warnings.map((w) => w.kind)).toContain('nothing-to-ship')
  })

  it('answers an unknown order id and a code that is no order with a warning, not an error', async () => {
    expect(await scan('999999999')).toEqual({
      found: false,
      code: '999999999',
      warnings: [{ kind: 'unknown-order', orderId: 999999999 }],
    })
    expect(await scan('TP-SHIRT-M')).toEqual({
      found: false,
      code: 'TP-SHIRT-M',
      warnings: [{ kind: 'unknown-code', code: 'TP-SHIRT-M' }],
    })
  })

  it('refuses an empty or oversized code, a control character and a campaign never synced', async () => {
    for (const [code, words] of [
      ['   ', 'Scanned code is empty'],
      ['x'.repeat(129), 'at most 128 characters'],
      ['12\u00003', 'control characters'],
    ] as const) {
      const answer = await app.call('floor:scanOrder', { campaignId, code })
      expect(answer.ok || answer.error).toMatchObject({ code: 'invalid_arguments' })
      expect(answer.ok || answer.error.message).toContain(words)
    }
    const notSynced = await app.call('floor:scanOrder', { campaignId: 4242, code: '1' })
    expect(notSynced.ok || notSynced.error.code).toBe('campaign_not_synced')
  })
})

describe('floor:pack, floor:unpack and floor:addTracking', () => {
  it('packs at the station named in Settings (default this computer), once; the loser learns who', async () => {
    expect((await app.value('settings:get')).stationName).toBe(hostname().trim().slice(0, 64))
    await app.value('settings:update', { stationName: '  Desk A ' })
    const row = orderWith(ships, 1)
    const orderId = row.order.id
    const first = await app.value('floor:pack', { campaignId, orderId })
    expect(first).toMatchObject({ packed: true, station: 'Desk A', state: { station: 'Desk A' } })
    await app.value('settings:update', { stationName: 'Desk B' })
    const second = await app.value('floor:pack', { campaignId, orderId })
    expect(second).toMatchObject({ packed: false, station: 'Desk B', state: { station: 'Desk A' } })
    const again = await scan(String(orderId))
    expect(again.warnings).toEqual([
      { kind: 'already-packed', station: 'Desk A', at: first.state.packedAt },
    ])
    expect(await app.value('floor:unpack', { campaignId, orderId })).toBe(true)
    expect(await app.value('floor:unpack', { campaignId, orderId })).toBe(false)
    expect((await scan(String(orderId))).warnings).toEqual([])
  })

  it('stores a tracking number once, with the carrier as EasyPost names it', async () => {
    const orderId = orderWith(ships, 2).order.id
    const request = {
      campaignId,
      orderId,
      trackingNumber: '9400100000000000000001',
      carrier: 'usps',
    }
    await app.value('floor:pack', { campaignId, orderId })
    const first = await app.value('floor:addTracking', request)
    expect(first).toMatchObject({ added: true, state: { carrier: 'USPS' } })
    expect(first.state.trackingNumbers).toEqual(['9400100000000000000001'])
    expect((await app.value('floor:addTracking', request)).added).toBe(false)
    const blank = await app.call('floor:addTracking', { ...request, trackingNumber: ' ' })
    expect(blank.ok || blank.error.message).toContain('Tracking number is empty')
  })
})

describe('main refuses what must not ship, whatever the window sent', () => {
  it('packs no refunded or held order unless the person said "Pack anyway", none missing', async () => {
    const refunded = orderWith((r) => r.order.status === 'refunded').order.id
    const answer = await app.call('floor:pack', { campaignId, orderId: refunded })
    expect(answer.ok || answer.error.code).toBe('order_stopped')
    expect(answer.ok || answer.error.message).toContain(
      'Nothing was packed: the station asks before it packs such an order.',
    )

    const held = orderWith(ships, 4)
    const contributionId = held.id
    await app.value('floor:hold', { campaignId, contributionId, reason: 'customs question' })
    const heldAnswer = await app.call('floor:pack', { campaignId, orderId: held.order.id })
    expect(heldAnswer.ok || heldAnswer.error.message).toContain('customs question')
    await app.value('floor:release', { campaignId, contributionId })
    expect(await app.value('floor:pack', { campaignId, orderId: held.order.id })).toMatchObject({
      packed: true,
    })

    const missing = await app.call('floor:pack', { campaignId, orderId: 999999999, anyway: true })
    expect(missing.ok || missing.error.code).toBe('order_stopped')
    expect(
      app.services.connection.cache().floor().state(campaignId, refunded)?.packedAt ?? null,
    ).toBeNull()
  })

  it('adds no tracking number to an order not packed, or stopped, and says what to do', async () => {
    const orderId = orderWith(ships, 5).order.id
    const request = { campaignId, orderId, trackingNumber: '1Z999AA10123456784', carrier: 'UPS' }
    const unpacked = await app.call('floor:addTracking', request)
    expect(unpacked.ok || unpacked.error.code).toBe('tracking_not_shipped')
    expect(unpacked.ok || unpacked.error.message).toContain('not packed at a station')
    expect(unpacked.ok || unpacked.error.message).toContain('Pack it at the station first')
    const refunded = orderWith((r) => r.order.status === 'refunded', 1).order.id
    const stopped = await app.call('floor:addTracking', { ...request, orderId: refunded })
    expect(stopped.ok || stopped.error.message).toContain('refunded at the last sync')
    const states = app.services.connection.cache().floor()
    expect(states.state(campaignId, orderId)?.trackingNumbers ?? []).toEqual([])
    expect(states.state(campaignId, refunded)?.trackingNumbers ?? []).toEqual([])
  })
})

describe('floor:stationSession: the work in progress survives a restart', () => {
  const session: StationSession = {
    orderId: 70001,
    ticks: { 'TP-SHIRT|Size=M': 2 },
    undo: [
      { kind: 'tick', key: 'TP-SHIRT|Size=M', delta: 1 },
      { kind: 'pack', orderId: 70000, ticks: { 'TP-MUG|': 1 } },
    ],
    packed: 7,
    startedAt: '2026-11-20T09:00:00.000Z',
    askTracking: true,
    carrier: 'USPS',
  }

  it('reads back what was saved, per campaign', async () => {
    expect(await app.value('floor:stationSession', { campaignId })).toBeNull()
    expect(await app.value('floor:saveStationSession', { campaignId, session })).toBe(true)
    expect(await app.value('floor:stationSession', { campaignId })).toEqual(session)
    expect(await app.value('floor:stationSession', { campaignId: campaignId + 1 })).toBeNull()
  })

  it('refuses a session with a key it does not know, a negative tick or an undo step of no kind', async () => {
    for (const bad of [
      { ...session, extra: true },
      { ...session, ticks: { a: -1 } },
      { ...session, undo: [{ kind: 'scan' }] },
      { ...session, startedAt: 'yesterday' },
    ]) {
      const answer = await app.call('floor:saveStationSession', {
        campaignId,
        session: bad as StationSession,
      })
      expect(answer.ok || answer.error.code).toBe('invalid_arguments')
    }
  })

  it('drops a stored session that no longer fits (a hand-edited or older cache) instead of failing', async () => {
    app.services.connection.cache().putDocument('pack-station', String(campaignId), {
      orderId: 'seven',
    })
    expect(await app.value('floor:stationSession', { campaignId })).toBeNull()
  })
})

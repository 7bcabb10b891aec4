import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderFloorState, PackWarning, StationScan, StationSession } from '@shared/ipc'
import { blankFloorState as blank } from '@shared/floor/order-state'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { stationOrder as order } from './packStation.fixtures'
import { usePackStationStore } from './packStation'

const CAMPAIGN = 1001
const AT = '2026-11-20T10:42:00.000Z'

/** Main as the station sees it: orders by id, the floor's record, the saved session. */
function fakeMain(extra: { warnings?: Record<number, PackWarning[]> } = {}) {
  const orders = new Map([
    [70001, order(70001, 1)],
    [70002, order(70002, 2)],
  ])
  const floor = new Map<number, OrderFloorState>()
  const saved: { session: StationSession | null } = { session: null }
  const fake = fakeBridge({
    getSettings: () => ({ stationName: 'Desk A' }) as never,
    scanOrder: ({ code }): StationScan => {
      const id = Number(code.replace('#', '')) + (code.startsWith('#') ? 70000 : 0)
      const found = orders.get(id)
      if (!found) return { found: false, code, warnings: [{ kind: 'unknown-code', code }] }
      return { found: true, order: found, warnings: extra.warnings?.[id] ?? [], syncedAt: AT }
    },
    packOrder: ({ orderId }) => {
      const before = floor.get(orderId)
      if (before) return { packed: false, state: before, station: 'Desk A' }
      const state = { ...blank(orderId), packedAt: AT, station: 'Desk A' }
      floor.set(orderId, state)
      return { packed: true, state, station: 'Desk A' }
    },
    unpackOrder: ({ orderId }) => floor.delete(orderId),
    addTracking: ({ orderId, trackingNumber, carrier }) => ({
      added: true,
      state: { ...blank(orderId), carrier, trackingNumbers: [trackingNumber] },
    }),
    stationSession: () => saved.session,
    saveStationSession: ({ session }) => {
      saved.session = session
      return true
    },
  })
  return { fake, floor, saved }
}

async function station() {
  const store = usePackStationStore()
  await store.load(CAMPAIGN)
  return store
}

async function scanAll(store: ReturnType<typeof usePackStationStore>, codes: string[]) {
  for (const code of codes) await store.submit(code)
}

describe('the pack station store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('opens the scanned slip, ticks scanned items, packs on Enter and counts it', async () => {
    const { saved, floor } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'shirt ', 'MUG'])
    expect(store.phase).toBe('order')
    expect(store.ticks).toEqual({ 'SHIRT|M': 2, 'MUG|': 1 })
    expect(store.complete).toBe(true)
    await store.submit('')
    expect(floor.get(70001)?.station).toBe('Desk A')
    expect(store).toMatchObject({ phase: 'idle', order: null, packed: 1 })
    expect(store.notice).toEqual({ text: 'Packed #1 at Desk A.', tone: 'success' })
    expect(store.signal?.sound).toBe('packed')
    expect(saved.session).toMatchObject({ orderId: null, packed: 1, ticks: {} })
  })

  it('team mode: a pack done here while the team store is unreachable says it is queued', async () => {
    const { fake } = fakeMain()
    const queued = 'queued: the team store is unreachable'
    fake.calls.packOrder.mockImplementation(async ({ orderId }) => ({
      ok: true,
      value: {
        packed: true,
        state: { ...blank(orderId), packedAt: AT, station: 'Desk A' },
        station: 'Desk A',
        queued,
      },
    }))
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(store.packed).toBe(1)
    expect(store.notice).toEqual({ text: `Packed #1 at Desk A; ${queued}.`, tone: 'info' })
  })

  it('warns of one too many and of an item not in the order, ticking nothing', async () => {
    fakeMain()
    const store = await station()
    await scanAll(store, ['#1', 'MUG', 'MUG'])
    expect(store.warnings).toEqual([
      { kind: 'too-many', skuCode: 'MUG', itemName: 'Mug', quantity: 1 },
    ])
    expect(store.signal?.sound).toBe('warning')
    await store.submit('POSTER')
    expect(store.warnings).toEqual([{ kind: 'wrong-item', code: 'POSTER' }])
    expect(store.ticks).toEqual({ 'MUG|': 1 })
    // The next good scan clears the scan's warning.
    await store.submit('SHIRT')
    expect(store.warnings).toEqual([])
  })

  it('asks before packing a short box: Esc goes back, a second Enter packs', async () => {
    const { floor } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', ''])
    expect(store.phase).toBe('confirm')
    expect(store.question).toEqual({ short: 2, warned: false })
    expect(floor.size).toBe(0)
    store.cancel()
    expect(store.phase).toBe('order')
    await scanAll(store, ['', ''])
    expect(floor.has(70001)).toBe(true)
    expect(store.packed).toBe(1)
  })

  it('asks before packing a refunded order, and refuses one packed already, naming who', async () => {
    const packedBefore = { kind: 'already-packed', station: 'Desk B', at: AT } as const
    const { fake } = fakeMain({
      warnings: { 70001: [{ kind: 'refunded', status: 'refunded' }], 70002: [packedBefore] },
    })
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(store.question).toEqual({ short: 0, warned: true })
    await scanAll(store, ['70002', 'SHIRT', 'SHIRT', 'MUG', '', ''])
    expect(store.warnings).toEqual([packedBefore])
    expect(store.phase).toBe('order')
    expect(fake.calls.packOrder).not.toHaveBeenCalled()
  })

  it('shows the station that packed first when the store says another one won', async () => {
    const { floor } = fakeMain()
    floor.set(70001, { ...blank(70001), packedAt: AT, station: 'Desk B' })
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(store.warnings).toEqual([{ kind: 'already-packed', station: 'Desk B', at: AT }])
    expect(store.packed).toBe(0)
    expect(store.order?.orderId).toBe(70001)
  })

  it('undoes a tick, then a pack: the order comes back with its ticks and the count drops', async () => {
    const { floor, fake } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG'])
    await store.undo()
    expect(store.ticks).toEqual({ 'SHIRT|M': 2, 'MUG|': 0 })
    await scanAll(store, ['MUG', ''])
    expect(store.packed).toBe(1)
    await store.undo()
    expect(fake.calls.unpackOrder).toHaveBeenCalledWith({ campaignId: CAMPAIGN, orderId: 70001 })
    expect(floor.has(70001)).toBe(false)
    expect(store).toMatchObject({ packed: 0, phase: 'order' })
    expect(store.order?.orderId).toBe(70001)
    expect(store.ticks).toEqual({ 'SHIRT|M': 2, 'MUG|': 1 })
  })

  it('opens again after a reload on the same order, ticks and counters', async () => {
    const { saved } = fakeMain()
    const first = await station()
    await scanAll(first, ['70002', 'SHIRT', 'SHIRT', 'MUG', '', '70001', 'SHIRT'])
    expect(saved.session).toMatchObject({ orderId: 70001, packed: 1 })
    setActivePinia(createPinia())
    const again = await station()
    expect(again.order?.orderId).toBe(70001)
    expect(again.ticks).toEqual({ 'SHIRT|M': 1 })
    expect(again.packed).toBe(1)
    await again.undo()
    expect(again.ticks).toEqual({ 'SHIRT|M': 0 })
  })

  it('after packing, takes the tracking number with the chosen carrier; Enter skips it', async () => {
    const { fake } = fakeMain()
    const store = await station()
    await store.setOptions({ askTracking: true, carrier: 'USPS' })
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(store.phase).toBe('tracking')
    await store.submit('9400111')
    expect(fake.calls.addTracking).toHaveBeenCalledWith({
      campaignId: CAMPAIGN,
      orderId: 70001,
      trackingNumber: '9400111',
      carrier: 'USPS',
    })
    expect(store.phase).toBe('idle')
    await scanAll(store, ['70002', 'SHIRT', 'SHIRT', 'MUG', '', ''])
    expect(store.phase).toBe('idle')
    expect(fake.calls.addTracking).toHaveBeenCalledTimes(1)
  })
})

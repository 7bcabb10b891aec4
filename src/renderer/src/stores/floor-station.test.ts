import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderFloorState, PackWarning, StationScan, StationSession } from '@shared/ipc'
import { blankFloorState as blank } from '@shared/floor/order-state'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { stationOrder as order } from './floor-station.fixtures'
import { useFloorStationStore } from './floor-station'

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
      // As main answers: the floor's record on the order, and a warning when packed before.
      const state = floor.get(id) ?? null
      const warnings: PackWarning[] = [...(extra.warnings?.[id] ?? [])]
      if (state?.packedAt) {
        warnings.push({ kind: 'already-packed', station: state.station, at: state.packedAt })
      }
      return { found: true, order: { ...found, floor: state }, warnings, syncedAt: AT }
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

/** Main's answer to every pack from now on: packed here (maybe queued), or by another desk. */
function packAnswers(
  fake: ReturnType<typeof fakeMain>['fake'],
  answer: { packed: boolean; packedBy: string; queued?: string },
) {
  fake.calls.packOrder.mockImplementation(async ({ orderId }) => ({
    ok: true,
    value: {
      packed: answer.packed,
      state: { ...blank(orderId), packedAt: AT, station: answer.packedBy },
      station: 'Desk A',
      ...(answer.queued ? { queued: answer.queued } : {}),
    },
  }))
}

async function station() {
  const store = useFloorStationStore()
  await store.load(CAMPAIGN)
  return store
}

async function scanAll(store: ReturnType<typeof useFloorStationStore>, codes: string[]) {
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
    packAnswers(fake, { packed: true, packedBy: 'Desk A', queued })
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

  it('Enter, Enter, Enter never packs a short box: it asks, and asks again', async () => {
    const { floor } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', '', '', ''])
    expect(store.phase).toBe('confirm')
    expect(store.question).toEqual({ short: 3, warned: false })
    expect(floor.size).toBe(0)
    expect(store.packed).toBe(0)
    expect(store.notice?.text).toBe(
      'Still not packed: Enter alone never answers "Pack it anyway?". Click "Pack anyway" or type PACK.',
    )
    expect(store.signal?.sound).toBe('warning')
    store.cancel()
    expect(store.phase).toBe('order')
    expect(store.question).toBeNull()
  })

  it('packs a short box on a click of "Pack anyway" or on the typed word, never on Enter', async () => {
    const { floor } = fakeMain()
    const store = await station()
    // Before any question, neither the click nor the word packs: the word is then a code.
    await scanAll(store, ['70001', 'SHIRT'])
    await store.confirmPack()
    await store.submit('pack')
    expect(store.warnings).toEqual([{ kind: 'wrong-item', code: 'pack' }])
    expect(floor.size).toBe(0)
    await store.submit('')
    await store.confirmPack()
    expect(floor.get(70001)?.station).toBe('Desk A')
    await scanAll(store, ['70002', '', 'PACK'])
    expect(floor.has(70002)).toBe(true)
    expect(store.packed).toBe(2)
  })

  it('a scan while "Pack it anyway?" is open cancels it, says so, and does what the scan says', async () => {
    const { floor } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', '', 'SHIRT'])
    expect(store.phase).toBe('order')
    expect(store.question).toBeNull()
    expect(store.ticks).toEqual({ 'SHIRT|M': 1 })
    expect(store.notice?.text).toBe(
      '#1 not packed: the scan of "SHIRT" cancelled "Pack it anyway?".',
    )
    // A code that is nothing cancels it too; Enter after it asks afresh, it does not pack.
    await scanAll(store, ['', 'NOT-A-CODE', ''])
    expect(store.warnings).toEqual([{ kind: 'wrong-item', code: 'NOT-A-CODE' }])
    expect(store.phase).toBe('confirm')
    await scanAll(store, ['70002'])
    expect(store.order?.orderId).toBe(70002)
    expect(store.notice?.text).toBe(
      '#1 not packed: the scan of "70002" cancelled "Pack it anyway?".',
    )
    expect(floor.size).toBe(0)
  })

  it('a stop status asks before packing even a full box; only a deliberate yes packs it', async () => {
    const stop = { kind: 'stop-status', status: 'Chargeback', stop: 'in-question' } as const
    const { fake, floor } = fakeMain({ warnings: { 70001: [stop] } })
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', '', '', ''])
    expect(store.warnings).toEqual([stop])
    expect(store.question).toEqual({ short: 0, warned: true })
    expect(floor.size).toBe(0)
    await store.confirmPack()
    expect(floor.has(70001)).toBe(true)
    // Main packs a stop order only when told it is the person's yes.
    expect(fake.calls.packOrder).toHaveBeenCalledWith({
      campaignId: CAMPAIGN,
      orderId: 70001,
      anyway: true,
    })
  })

  it('sends a full box without a warning as a plain pack, and says a refusal from main', async () => {
    const { fake } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(fake.calls.packOrder).toHaveBeenCalledWith({
      campaignId: CAMPAIGN,
      orderId: 70001,
      anyway: false,
    })
    fake.calls.packOrder.mockRejectedValueOnce(
      new Error('Held on the floor (customs): do not ship it. Nothing was packed.'),
    )
    await scanAll(store, ['70002', 'SHIRT', ''])
    await store.confirmPack()
    expect(store.error).toContain('Nothing was packed')
    expect(store.phase).not.toBe('packed')
  })

  it('opens an order packed before read-only: nothing ticks, Enter packs nothing, codes stay unknown', async () => {
    const { fake, floor } = fakeMain()
    floor.set(70002, { ...blank(70002), packedAt: AT, station: 'Desk B' })
    const store = await station()
    await scanAll(store, ['70002', 'SHIRT', '', '+'])
    expect(store.phase).toBe('packed')
    expect(store.order?.floor).toMatchObject({ station: 'Desk B', packedAt: AT })
    expect(store.ticks).toEqual({})
    await store.tick('SHIRT|M', 1)
    expect(store.ticks).toEqual({})
    expect(fake.calls.packOrder).not.toHaveBeenCalled()
    // A code that is no order is an unknown code here, not an item that does not belong.
    await store.submit('NOT-A-CODE')
    expect(store.warnings).toEqual([
      { kind: 'already-packed', station: 'Desk B', at: AT },
      { kind: 'unknown-code', code: 'NOT-A-CODE' },
    ])
    // Closing it puts nothing aside; the next slip opens a box as usual.
    await store.putAside()
    expect(store).toMatchObject({ phase: 'idle', order: null, notice: null })
    await store.submit('70001')
    expect(store.phase).toBe('order')
  })

  it('rescanning the slip of the box being packed keeps its ticks', async () => {
    fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', '#1'])
    expect(store.ticks).toEqual({ 'SHIRT|M': 1 })
    expect(store.notice?.text).toBe('#1 is open already: scan its items.')
  })

  it('when another desk packed first, the order turns read-only naming it', async () => {
    const { fake } = fakeMain()
    const store = await station()
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG'])
    packAnswers(fake, { packed: false, packedBy: 'Desk B' })
    await store.submit('')
    expect(store.warnings).toEqual([{ kind: 'already-packed', station: 'Desk B', at: AT }])
    expect(store).toMatchObject({ phase: 'packed', packed: 0, ticks: {} })
    expect(store.order?.floor?.station).toBe('Desk B')
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

  it('a slip scanned when a tracking number is asked for opens that order, saving no tracking', async () => {
    const { fake } = fakeMain()
    const store = await station()
    await store.setOptions({ askTracking: true, carrier: 'USPS' })
    await scanAll(store, ['70001', 'SHIRT', 'SHIRT', 'MUG', ''])
    expect(store.phase).toBe('tracking')
    await store.submit('70002')
    expect(fake.calls.addTracking).not.toHaveBeenCalled()
    expect(store.order?.orderId).toBe(70002)
    expect(store.phase).toBe('order')
    expect(store.notice?.text).toBe(
      'No tracking number saved for #1: that code was the slip of #2.',
    )
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useFloorProgressStore } from './floor-progress'
import { useOrdersStore } from './orders'
import { useTeamStore } from './team'
import { useWavesStore } from './waves'

describe('team:changed refreshes the views of the floor', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('asks Orders and Progress of that campaign again, once per burst; other campaigns not', async () => {
    const fake = fakeBridge()
    const orders = useOrdersStore()
    const floor = useFloorProgressStore()
    orders.campaignId = 1001
    floor.campaignId = 1001
    const off = useTeamStore().listen()
    fake.emit('team:changed', { campaignId: 2002, orderIds: [1] })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.calls.queryOrders).not.toHaveBeenCalled()
    expect(fake.calls.floorProgress).not.toHaveBeenCalled()
    for (const orderId of [70001, 70002, 70003])
      fake.emit('team:changed', { campaignId: 1001, orderIds: [orderId] })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.calls.queryOrders).toHaveBeenCalledTimes(1)
    expect(fake.calls.floorProgress).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(fake.calls.floorProgress).toHaveBeenCalledTimes(1)
    off()
    fake.emit('team:changed', { campaignId: 1001, orderIds: [70004] })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.calls.queryOrders).toHaveBeenCalledTimes(1)
  })

  it("asks the Waves view's stock and wave list again when another desk changed the plan", async () => {
    const fake = fakeBridge()
    const waves = useWavesStore()
    waves.campaignId = 1001
    const off = useTeamStore().listen()
    fake.emit('team:changed', { campaignId: 1001, orderIds: [] })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.calls.stockLevels).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(fake.calls.listWaves).toHaveBeenCalledTimes(1)
    off()
  })
})

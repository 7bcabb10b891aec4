import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { useFloorProgressStore } from './floor-progress'

const progress = (toShip: number) => ({
  totals: { toShip, printed: 0, packed: 0, shipped: 0 },
  perks: [],
  packedButStopped: [],
})

describe('useFloorProgressStore: Progress per wave', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it("asks for a wave's progress, the whole campaign's again when cleared, and forgets the wave with the campaign", async () => {
    const bridge = fakeBridge({
      floorProgress: (request) => progress('wave' in request && request.wave ? 2 : 40),
    })
    const store = useFloorProgressStore()
    await store.load(1001)
    await store.showWave('March batch')
    expect(bridge.calls.floorProgress).toHaveBeenLastCalledWith({
      campaignId: 1001,
      wave: 'March batch',
    })
    expect(store.progress?.totals.toShip).toBe(2)
    await store.showWave(null)
    expect(bridge.calls.floorProgress).toHaveBeenLastCalledWith({ campaignId: 1001 })
    expect(store.progress?.totals.toShip).toBe(40)

    await store.showWave('March batch')
    await store.load(2002)
    expect(store.wave).toBeNull()
    expect(bridge.calls.floorProgress).toHaveBeenLastCalledWith({ campaignId: 2002 })
  })
})

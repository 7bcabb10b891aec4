import { describe, expect, it } from 'vitest'
import type { OfflineCache } from '../../../src/main/core/cache'
import { OrdersWorkspace, toViewRow } from '../../../src/main/core/orders/workspace'
import type { NarrowedFilter } from '../../../src/main/core/orders/workspace'
import { narrowByFloorRecord } from '../../../src/main/orders/floor-narrowing'
import type { Wave } from '../../../src/shared/waves/wave-types'
import campaignPage from '../../fixtures/api/campaign-contributions.json'
import { toModelRow } from '../../helpers/model'

// The wave filter names a wave's list by the wave's name and revision, not its ids (writing
// 100,000 ids into every query's key cost more than the filter: BENCHMARKS.md, waves), and a
// wave made again or closed is a new revision: never the old list from the memo.

const base = campaignPage.response[0]!
const rows = [1, 2, 3, 4].map((i) =>
  toModelRow({ ...base, id: i, order: { ...base.order, id: 100 + i, status: 'captured' } }),
)

/** A cache whose one wave "May" a test re-saves and closes; counts the reads of its orders. */
function cacheWithWave(orderIds: number[]) {
  const wave: Wave = {
    name: 'May',
    orderIds,
    status: 'open',
    createdAt: '2026-05-01T00:00:00.000Z',
    createdBy: 'Desk',
    closedAt: null,
    parcels: [],
  }
  let reads = 0
  const waves = {
    revision: (_campaign: number, name: string) =>
      name === wave.name ? JSON.stringify([wave.createdAt, wave.status]) : null,
    wave: (_campaign: number, name: string) => {
      reads++
      return name === wave.name ? { ...wave } : null
    },
  }
  const cache = { floorPlan: () => ({ waves }) } as unknown as OfflineCache
  return { cache, wave, reads: () => reads }
}

const narrow = (cache: OfflineCache, workspace: OrdersWorkspace, filter = { wave: 'May' }) =>
  narrowByFloorRecord(cache, workspace, filter) as NarrowedFilter

describe('the wave filter', () => {
  it("keys the wave's list by name and revision, not its ids, and reads the orders once", () => {
    const workspace = new OrdersWorkspace(1, '2026-05-01T00:00:00Z', rows.map(toViewRow))
    const { cache, reads } = cacheWithWave([101, 103])
    const first = narrow(cache, workspace)
    expect(first.ids).toEqual([1, 3])
    expect(first.idsKey).toContain('May')
    expect(first.idsKey).not.toContain('101')
    expect(narrow(cache, workspace).idsKey).toBe(first.idsKey)
    expect(reads()).toBe(1)
    expect(workspace.match(first).rows.map((row) => row.id)).toEqual([1, 3])
  })

  it('is a new list when the wave is made again under its name or closed', () => {
    const workspace = new OrdersWorkspace(1, '2026-05-01T00:00:00Z', rows.map(toViewRow))
    const { cache, wave } = cacheWithWave([101, 103])
    const first = narrow(cache, workspace)
    expect(workspace.match(first).rows.map((row) => row.id)).toEqual([1, 3])

    wave.orderIds = [102]
    wave.createdAt = '2026-05-02T00:00:00.000Z'
    const remade = narrow(cache, workspace)
    expect(remade.idsKey).not.toBe(first.idsKey)
    expect(workspace.match(remade).rows.map((row) => row.id)).toEqual([2])

    wave.status = 'closed'
    expect(narrow(cache, workspace).idsKey).not.toBe(remade.idsKey)
  })

  it("narrowed further (a check's list), keys by the ids it ends with", () => {
    const workspace = new OrdersWorkspace(1, '2026-05-01T00:00:00Z', rows.map(toViewRow))
    const { cache } = cacheWithWave([101, 102, 103])
    const listed = narrow(cache, workspace, { wave: 'May', ids: [2, 4] } as never)
    expect(listed.ids).toEqual([2])
    expect(listed.idsKey).toBeUndefined()
    expect(workspace.match(listed).rows.map((row) => row.id)).toEqual([2])
  })

  it('names a wave that is not there', () => {
    const workspace = new OrdersWorkspace(1, '2026-05-01T00:00:00Z', rows.map(toViewRow))
    const { cache } = cacheWithWave([101])
    expect(() => narrow(cache, workspace, { wave: 'June' })).toThrow(/no wave named "June"/)
  })
})

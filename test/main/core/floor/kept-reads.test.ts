import { describe, expect, it, vi } from 'vitest'
import { KeptFloorReads } from '../../../../src/main/core/floor/kept-reads'
import type { FloorStore } from '../../../../src/shared/floor/order-state'

/** A floor whose change token is whatever the test sets. */
function floorAt(token: { value: string }): FloorStore {
  return { changeToken: () => token.value } as unknown as FloorStore
}

describe('KeptFloorReads', () => {
  it('reads again only when the change token moves, each key on its own', () => {
    const token = { value: '1:0:0' }
    const floor = floorAt(token)
    const kept = new KeptFloorReads<object, number>()
    const [first, second] = [{}, {}]
    let reads = 0
    const read = vi.fn(() => ++reads)
    expect(kept.get(floor, first, read)).toBe(1)
    expect(kept.get(floor, first, read)).toBe(1)
    // Another key is read for itself, and keeps the first key's value apart.
    expect(kept.get(floor, second, read)).toBe(2)
    expect(kept.get(floor, first, read)).toBe(1)
    expect(read).toHaveBeenCalledTimes(2)
    token.value = '1:1:0'
    expect(kept.get(floor, first, read)).toBe(3)
    expect(kept.get(floor, second, read)).toBe(4)
    expect(kept.get(floor, second, read)).toBe(4)
    expect(read).toHaveBeenCalledTimes(4)
  })
})

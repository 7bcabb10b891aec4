import { describe, expect, it } from 'vitest'
import { blankFloorState } from '../../../src/shared/floor/order-state'
import type { OrderFloorState } from '../../../src/shared/floor/order-state'
import { floorProgress } from '../../../src/shared/floor/progress'
import { makeContributions } from '../../main/fixtures/contributions'

// Statuses cycle captured, pending, in_fulfillment, fulfilled, refunded (n % 5).
const rows = makeContributions(20)
const at = '2026-11-20T10:00:00.000Z'
const state = (n: number, patch: Partial<OrderFloorState>): [number, OrderFloorState] => [
  rows[n]!.order.id,
  { ...blankFloorState(rows[n]!.order.id), ...patch },
]
const states = new Map<number, OrderFloorState>([
  state(0, { packedAt: at, labelsPrintedAt: at }),
  state(1, { labelsPrintedAt: at }), // pending: not on the floor's list
  state(2, { packedAt: at, trackingNumbers: ['1Z1'] }),
  state(3, { packedAt: at }),
  state(4, { packedAt: at }), // refunded after packing
  state(5, { packedAt: at, slipsPrintedAt: at }),
])

describe('progress of the floor', () => {
  const progress = floorProgress(rows, states)
  const onFloor = rows.filter((_, n) => [0, 2, 3].includes(n % 5))

  it('counts orders to ship and each stage over the whole campaign', () => {
    expect(progress.totals).toEqual({ toShip: onFloor.length, printed: 2, packed: 4, shipped: 1 })
    // Named as the slip names it (#number, the id under the barcode), with what opens its drawer.
    expect(progress.packedButStopped).toEqual([
      {
        sequenceNumber: rows[4]!.order.sequence_number,
        orderId: rows[4]!.order.id,
        contributionId: rows[4]!.id,
      },
    ])
  })

  it('per perk and per variant, as many orders as hold it at each stage', () => {
    const holding = (perkId: number) =>
      onFloor.filter((row) => row.order.perks.some((p) => p.id === perkId))
    const packed = (list: typeof rows) => list.filter((row) => states.get(row.order.id)?.packedAt)
    const byId = [...progress.perks].sort((a, b) => Number(a.perkId) - Number(b.perkId))
    expect(byId.map((perk) => [perk.perkId, perk.toShip, perk.packed])).toEqual(
      [501, 502, 503].map((id) => [id, holding(id).length, packed(holding(id)).length]),
    )
    // Every order of the Backer kit holds its sticker: the variant's bar is the perk's.
    const kit = progress.perks.find((perk) => perk.perkId === 502)!
    expect(kit.variants.find((variant) => variant.skuCode === 'STICKER')).toMatchObject({
      toShip: holding(502).length,
      packed: packed(holding(502)).length,
    })
  })
})

import { describe, expect, it } from 'vitest'
import { toViewRow } from '../../../src/main/core/orders/workspace'
import { waveParcelList } from '../../../src/main/waves/wave-parcel-list'
import { shippableLines } from '../../../src/shared/fulfillment'
import type { WaveOrderParcel } from '../../../src/shared/waves/parcel-rows'
import { makeContributions } from '../fixtures/contributions'

// A large wave's orders shipping in part: the Waves view lists the first by order number and
// says how many there are in all, as other long lists of the window do.

const rows = makeContributions(6)
/** As the desk holds them in memory (the Orders view's rows). */
const viewRows = rows.map(toViewRow)
/** Each order's first line in the parcel, the rest to follow; newest order first. */
const parcels: WaveOrderParcel[] = [...rows].reverse().map((row) => {
  const [first, ...rest] = shippableLines(row).map((l) => ({
    variantKey: l.key,
    quantity: l.quantity,
  }))
  return { orderId: row.order.id, lines: [first!], follows: rest, sent: [] }
})

describe('waveParcelList', () => {
  it('lists the first orders by order number and counts them all', () => {
    const listed = waveParcelList('Big', parcels, viewRows, { max: 2 })
    expect(listed.partialCount).toBe(6)
    expect(listed.rows.map((row) => row.orderNumber)).toEqual(['#1', '#2'])
    const [first] = listed.rows
    const line = shippableLines(rows[0]!)[0]!
    expect(first!.lines).toEqual([
      {
        variantKey: line.key,
        skuCode: line.skuCode,
        itemName: line.itemName,
        choices: line.choices,
        quantity: line.quantity,
      },
    ])
  })

  it('leaves out a parcel whose order the copy no longer carries', () => {
    const listed = waveParcelList('Big', parcels, viewRows.slice(1))
    expect(listed.rows.map((row) => row.orderId)).not.toContain(rows[0]!.order.id)
    expect(listed.rows).toHaveLength(5)
    expect(listed.partialCount).toBe(5)
  })
})

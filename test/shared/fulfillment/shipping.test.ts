import { describe, expect, it } from 'vitest'
import { leftOutText, notShipping, nothingToPrintText } from '../../../src/shared/fulfillment'
import { order, shipping } from '../../helpers/print-fixtures'

// The words every printed document and the command line use for orders that do not ship.

describe('orders that do not ship, in words', () => {
  it('gives each order left out its kind and reason, and nothing for one that ships', () => {
    const digital = notShipping(order(1, shipping(), []))
    const hidden = notShipping(order(2, null))
    expect(digital).toMatchObject({ sequenceNumber: 1, kind: 'nothing-to-ship' })
    expect(hidden).toMatchObject({ sequenceNumber: 2, kind: 'no-address' })
    expect(notShipping(order(3, shipping()))).toBeNull()
    expect(leftOutText([digital!, hidden!, hidden!])).toBe(
      '3 orders left out: 1 with nothing to ship, 2 without an address',
    )
    expect(leftOutText([hidden!])).toBe('1 order left out: 1 without an address')
    expect(leftOutText([])).toBeNull()
  })

  it('leaves out an order whose status does not ship, whatever it holds, and says why', () => {
    const ready = order(4, shipping())
    const disputed = { ...ready, order: { ...ready.order, status: 'chargeback' } }
    const stopped = notShipping(disputed)
    expect(stopped).toMatchObject({
      sequenceNumber: 4,
      kind: 'stopped',
      reason: 'Status "Chargeback": a dispute, chargeback or refund is under way',
    })
    const hidden = notShipping(order(5, null))
    expect(leftOutText([stopped!, hidden!])).toBe(
      '2 orders left out: 1 with a status that does not ship, 1 without an address',
    )
    // Counts from an older answer without the stopped count read as none stopped.
    expect(leftOutText({ nothingToShip: 1, noAddress: 0 })).toBe(
      '1 order left out: 1 with nothing to ship',
    )
  })

  it('says why there is nothing to print: nothing selected, one order, or many', () => {
    expect(nothingToPrintText('label', 0)).toBe(
      'No order matches the current filters, so there is no label to print.',
    )
    expect(nothingToPrintText('pick list', 1)).toMatch(/^The selected order does not ship \(/)
    expect(nothingToPrintText('packing slip', 1200)).toMatch(
      /^None of the 1,200 selected orders ships \(a status that does not ship, nothing to ship, or no address: see the pre-print checks\), so there is no packing slip to print\.$/,
    )
  })
})

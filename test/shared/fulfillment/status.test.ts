import { describe, expect, it } from 'vitest'
import type { OrderStatusText } from '../../../src/shared/api/schemas'
import { ORDER_STATUSES } from '../../../src/shared/api/schemas'
import { countStatuses, parseStatusList, unknownStatuses } from '../../../src/shared/fulfillment'

const withStatus = (statuses: OrderStatusText[]) =>
  statuses.map((status) => ({ order: { status } }))

describe('countStatuses', () => {
  it('lists the seven known statuses always, then the others, most frequent first', () => {
    const counts = countStatuses(
      withStatus(['captured', 'shipped', 'Chargeback', 'shipped', 'captured', 'on_hold', 'b', 'a']),
    )
    expect(counts.slice(0, 7).map((c) => [c.status, c.count, c.known])).toEqual(
      ORDER_STATUSES.map((status) => [
        status,
        { captured: 2, on_hold: 1 }[status as string] ?? 0,
        true,
      ]),
    )
    expect(counts.slice(7)).toEqual([
      { status: 'shipped', count: 2, known: false },
      { status: 'Chargeback', count: 1, known: false },
      { status: 'a', count: 1, known: false },
      { status: 'b', count: 1, known: false },
    ])
    expect(unknownStatuses(counts)).toEqual(['shipped', 'Chargeback', 'a', 'b'])
  })
})

describe('parseStatusList with the statuses a campaign carries', () => {
  const present = ['shipped', 'Chargeback']

  it('accepts an unknown status the orders carry, in any case, in the API spelling', () => {
    expect(parseStatusList('CHARGEBACK, captured,shipped, chargeback', present)).toEqual([
      'Chargeback',
      'captured',
      'shipped',
    ])
  })

  it('names the statuses the campaign carries when a value is neither', () => {
    expect(() => parseStatusList('shiped', present)).toThrow(
      'Unknown order status "shiped". Allowed values: captured, pending, in_fulfillment, fulfilled, refunded, unprocessable, on_hold, and the other statuses this campaign\'s orders carry: shipped, Chargeback.',
    )
  })

  it('still refuses an unknown status the campaign does not carry', () => {
    expect(() => parseStatusList('shipped')).toThrow(/^Unknown order status "shipped"/)
  })
})

describe('parseStatusList', () => {
  it('trims, ignores case and keeps the first of duplicates', () => {
    expect(parseStatusList(' Captured , IN_FULFILLMENT,captured')).toEqual([
      'captured',
      'in_fulfillment',
    ])
    expect(parseStatusList('on-hold')).toEqual(['on_hold'])
  })

  it('names the bad value and lists the seven allowed ones', () => {
    expect(() => parseStatusList('captured, shipped')).toThrow(/"shipped"/)
    try {
      parseStatusList('shipped')
      expect.unreachable()
    } catch (error) {
      for (const status of ORDER_STATUSES) expect((error as Error).message).toContain(status)
    }
  })

  it('refuses an empty list', () => {
    expect(() => parseStatusList('')).toThrow(/No order status/)
    expect(() => parseStatusList(' , ')).toThrow(/No order status/)
  })
})

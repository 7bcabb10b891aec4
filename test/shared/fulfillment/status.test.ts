import { describe, expect, it } from 'vitest'
import { OrdersWorkspace, toViewRow } from '../../../src/main/orders/workspace'
import type { OrderStatusText } from '../../../src/shared/api/schemas'
import { ORDER_STATUSES } from '../../../src/shared/api/schemas'
import {
  countStatuses,
  filterContributions,
  parseStatusList,
  unknownStatuses,
} from '../../../src/shared/fulfillment'
import campaignPage from '../../fixtures/api/campaign-contributions.json'
import { toModelRow } from '../../helpers/model'

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

describe('the orders view and unknown statuses', () => {
  const base = campaignPage.response[0]!
  const rows = (['shipped', 'captured', 'Chargeback', 'shipped'] as const).map((status, i) =>
    toModelRow({ ...base, id: i + 1, order: { ...base.order, id: 100 + i, status } }),
  )

  it('counts every status of the snapshot and filters on an unknown one like a known one', () => {
    const workspace = new OrdersWorkspace(1, '2026-03-01T00:00:00Z', rows.map(toViewRow))
    expect(workspace.statuses.filter((c) => !c.known)).toEqual([
      { status: 'shipped', count: 2, known: false },
      { status: 'Chargeback', count: 1, known: false },
    ])
    expect(workspace.match({ statuses: ['shipped'] }).rows.map((r) => r.id)).toEqual([1, 4])
    // The default filter leaves them out; "every status" takes them in.
    expect(workspace.match({}).rows.map((r) => r.id)).toEqual([2])
    expect(filterContributions(rows, { statuses: [] })).toHaveLength(4)
    const [shown] = workspace.orderRows(workspace.match({ statuses: ['Chargeback'] }).rows, 0, 1)
    expect(shown?.status).toBe('Chargeback')
  })
})

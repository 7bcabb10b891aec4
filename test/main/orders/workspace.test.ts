import { describe, expect, it } from 'vitest'
import { OrdersWorkspace, toViewRow } from '../../../src/main/orders/workspace'
import { filterContributions } from '../../../src/shared/fulfillment'
import campaignPage from '../../fixtures/api/campaign-contributions.json'
import { toModelRow } from '../../helpers/model'

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

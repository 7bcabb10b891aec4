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

describe('the orders view and items PerkPack cannot read', () => {
  it('keeps the order, lists the item in its Items cell and the pick list apart', () => {
    const base = campaignPage.response[0]!
    const raw = structuredClone(base) as unknown as {
      order: { perks: { items: unknown[] }[] }
    }
    raw.order.perks[0]!.items.push({ name: 'Enamel pin', quantity: 2, sku: null })
    const row = toModelRow(raw)
    const workspace = new OrdersWorkspace(1, '2026-03-01T00:00:00Z', [toViewRow(row)])
    const match = workspace.match({ statuses: [] })
    expect(match.rows.map((r) => r.id)).toEqual([row.id])
    const [shown] = workspace.orderRows(match.rows, 0, 1)
    expect(shown?.items).toMatch(/; 2x Enamel pin \(no SKU: check by hand\)$/)
    expect(match.pickListByHand).toEqual([
      expect.objectContaining({ reason: 'no-sku', item_name: 'Enamel pin', quantity: 2 }),
    ])
  })
})

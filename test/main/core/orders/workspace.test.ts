import { describe, expect, it } from 'vitest'
import { buildView } from '../../../../src/main/core/orders/view-store'
import { OrdersWorkspace, toViewRow } from '../../../../src/main/core/orders/workspace'
import { filterContributions, variantKey } from '../../../../src/shared/fulfillment'
import { generateDataset } from '../../../../src/simulator'
import campaignPage from '../../../fixtures/api/campaign-contributions.json'
import { toModel, toModelRow } from '../../../helpers/model'

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
    expect(workspace.pickList(match).byHand).toEqual([
      expect.objectContaining({ reason: 'no-sku', item_name: 'Enamel pin', quantity: 2 }),
    ])
  })
})

describe('the orders view over a simulated campaign', () => {
  const dataset = generateDataset({ seed: 3, contributions: 600 })
  const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!)
  const workspace = () => new OrdersWorkspace(1, '2026-03-01T00:00:00Z', buildView(rows, 'x').rows)
  const ids = (list: readonly { id: number }[]) => list.map((r) => r.id)

  it('selects the orders of several tree nodes at once, and a variant in every perk', () => {
    const ws = workspace()
    const { tree, skus } = ws.match({ statuses: [] })
    const [a, b] = [...tree]
      .filter((p) => p.perkId !== null)
      .sort((x, y) => x.orderCount - y.orderCount)
    const variant = [...skus].sort((x, y) => y.orderCount - x.orderCount)[0]!
    const nodes = [{ perkId: a!.perkId }, { perkId: b!.perkId }, { variant: variant.key }]
    const both = ws.match({ statuses: [], nodes })
    expect(ids(both.rows)).toEqual(ids(filterContributions(rows, { statuses: [], nodes })))
    expect(both.rows.length).toBeGreaterThan(
      Math.max(a!.orderCount, b!.orderCount, variant.orderCount),
    )
    // The tree stays whole; "in every perk" counts the orders a node over every perk selects.
    expect(both.tree).toEqual(tree)
    expect(ws.match({ statuses: [], variant: variant.key }).rows).toHaveLength(variant.orderCount)
    for (const sku of skus) {
      expect(filterContributions(rows, { statuses: [], variant: sku.key }), sku.key).toHaveLength(
        sku.orderCount,
      )
    }
  })

  it("a pick-list row's orders are exactly those its count says, with its units", () => {
    const ws = workspace()
    const list = ws.pickList(ws.match({}))
    expect(list.rows.length).toBeGreaterThan(3)
    for (const line of list.rows) {
      const key = variantKey(line.sku_code, line.choices)
      const picked = ws.match({ variant: key, ships: true })
      expect(picked.rows, key).toHaveLength(line.order_count)
      // The node's own pick list holds the same line: same orders, same units.
      const own = ws.pickList(picked).rows.find((l) => variantKey(l.sku_code, l.choices) === key)
      expect(own).toMatchObject({ quantity: line.quantity, order_count: line.order_count })
      expect(ws.pickList(picked).totals.orders).toBe(line.order_count)
    }
  })

  it('counts the countries of the snapshot, one entry per spelling the filter treats alike', () => {
    const ws = workspace()
    const byCountry = new Map<string, number>()
    for (const row of rows) {
      const country = row.order.shipping?.country?.trim().toLowerCase()
      if (country) byCountry.set(country, (byCountry.get(country) ?? 0) + 1)
    }
    expect(ws.countryCounts.map((c) => [c.country.toLowerCase(), c.count])).toEqual(
      [...byCountry].sort(([x], [y]) => (x < y ? -1 : 1)),
    )
    for (const { country, count } of ws.countryCounts) {
      expect(ws.match({ statuses: [], country }).rows).toHaveLength(count)
    }
  })

  it('pages of a search say where its terms were found', () => {
    const ws = workspace()
    const code = rows.flatMap((r) => r.order.perks.flatMap((p) => p.items))[0]!.sku.code
    const { rows: found } = ws.match({ search: code })
    expect(found.length).toBeGreaterThan(0)
    const page = ws.orderRows(found, 0, 20, code)
    expect(page.every((row) => row.matched?.some((m) => m.kind === 'sku' && m.text === code))).toBe(
      true,
    )
    // Without a search, nothing is said to match.
    expect(ws.orderRows(found, 0, 5).every((row) => row.matched === undefined)).toBe(true)
  })
})

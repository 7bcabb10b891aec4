/**
 * Readers of what the Orders tree and the Pick list show, for the workspace e2e tests: the
 * numbers a person reads, parsed from the screen, and the check that both views agree.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { count, goTo } from './support'

interface TreeNode {
  label: string
  orders: number
  units: number
  depth: number
}

/** The heading of the variants over every perk: not a perk, and closed unless opened. */
export const EVERY_PERK_GROUP = 'SKUs in all perks'

/** The perk tree as drawn: each node's label and counts, and how far it is indented. */
async function readTree(page: Page): Promise<TreeNode[]> {
  const texts = page
    .getByRole('navigation', { name: 'Perks' })
    .locator('.n-tree-node-content__text')
  const n = await texts.count()
  const raw: { text: string; x: number }[] = []
  for (let i = 0; i < n; i++) {
    const text = texts.nth(i)
    const box = await text.boundingBox()
    const label = (await text.innerText()).trim()
    // The perks end where that group starts.
    if (label === EVERY_PERK_GROUP) break
    raw.push({ text: label, x: box?.x ?? 0 })
  }
  const left = Math.min(...raw.map((r) => r.x))
  return raw.map(({ text, x }) => {
    const match = /^(.*) — ([\d,]+) orders? · ([\d,]+) units?$/.exec(text)
    if (!match) throw new Error(`Unexpected tree node text: ${JSON.stringify(text)}`)
    return {
      label: match[1] as string,
      orders: count(match[2] as string),
      units: count(match[3] as string),
      depth: x > left + 4 ? 1 : 0,
    }
  })
}

interface PickRow {
  /** As the tree titles a variant: "SKU · Item · Size: M, Colour: Black", parts left out when empty. */
  title: string
  quantity: number
  orders: number
  /** Quantity per perk label, from the "Perks" column ("Core Game ×120 · Early Bird ×30"). */
  perks: Map<string, number>
}

async function readPickList(page: Page): Promise<{ totals: string; rows: PickRow[] }> {
  const table = page.getByLabel('Pick list', { exact: true })
  const rows = table.locator('tbody tr')
  const n = await rows.count()
  const result: PickRow[] = []
  for (let i = 0; i < n; i++) {
    const cells = (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim())
    const [sku, item, choices, quantity, orders, perks] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const byPerk = new Map<string, number>()
    for (const part of perks.split(' · ')) {
      const match = /^(.*) ×([\d,]+)$/.exec(part)
      if (!match) throw new Error(`Unexpected perk breakdown: ${JSON.stringify(perks)}`)
      const label = match[1] as string
      byPerk.set(label, (byPerk.get(label) ?? 0) + count(match[2] as string))
    }
    result.push({
      // An item without a name shows its code, which the title already starts with.
      title: [sku, item === sku ? '' : item, choices === '—' ? '' : choices]
        .filter((part) => part !== '')
        .join(' · '),
      quantity: count(quantity),
      orders: count(orders),
      perks: byPerk,
    })
  }
  const totals = (await page.getByTestId('pick-list-totals').innerText()).trim()
  return { totals, rows: result }
}

/**
 * Reads the Orders tree and the Pick list under the current filter and checks they agree: the
 * pick list is the part of the tree that ships (orders with something to ship and an address,
 * items of digital perks left off), so each of its quantities is at most the tree's.
 */
export async function checkTreeAgainstPickList(page: Page): Promise<{
  /** The pick list's units, variants and orders (the orders that ship). */
  units: number
  variants: number
  pickOrders: number
  /** The tree's "All orders": every order under the filter, and all their units. */
  orders: number
  treeUnits: number
}> {
  await goTo(page, 'Orders')
  await page
    .getByRole('navigation', { name: 'Perks' })
    .getByText(/^All orders — /)
    .waitFor()
  const tree = await readTree(page)
  const [all, ...rest] = tree
  expect(all?.label).toBe('All orders')
  const perks = rest.filter((node) => node.depth === 0)
  // Every perk with items must be expanded for its variants to be read.
  const variantsOf = new Map<string, TreeNode[]>()
  let perk: TreeNode | undefined
  for (const node of rest) {
    if (node.depth === 0) perk = node
    else if (perk) variantsOf.set(perk.label, [...(variantsOf.get(perk.label) ?? []), node])
  }
  const unexpanded = perks.filter((p) => p.units > 0 && !variantsOf.has(p.label))
  expect(unexpanded.map((p) => p.label)).toEqual([])
  const treeUnits = perks.reduce((sum, p) => sum + p.units, 0)
  // Per variant and perk label (two perks may share a label: add them up on both sides).
  const treeQty = new Map<string, Map<string, number>>()
  for (const [perkLabel, variants] of variantsOf) {
    for (const v of variants) {
      const byPerk = treeQty.get(v.label) ?? new Map<string, number>()
      byPerk.set(perkLabel, (byPerk.get(perkLabel) ?? 0) + v.units)
      treeQty.set(v.label, byPerk)
    }
  }
  // A perk's units are its variants' quantities added up (for a label only one perk carries).
  const alone = perks.filter((p) => perks.filter((q) => q.label === p.label).length === 1)
  const variantUnits = (label: string) =>
    (variantsOf.get(label) ?? []).reduce((s, v) => s + v.units, 0)
  expect(alone.map((p) => [p.label, variantUnits(p.label)])).toEqual(
    alone.map((p) => [p.label, p.units]),
  )

  await goTo(page, 'Pick list')
  await page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
  const pick = await readPickList(page)
  const totals = /^([\d,]+) variants? · ([\d,]+) units? · ([\d,]+) orders?$/.exec(pick.totals)
  expect(totals, pick.totals).not.toBeNull()
  const pickUnits = count(totals?.[2] ?? '')
  expect(count(totals?.[1] ?? '')).toBe(pick.rows.length)
  expect(pick.rows.reduce((s, r) => s + r.quantity, 0)).toBe(pickUnits)

  // The sum of the tree's unit counts over all perks is its "All orders" node's.
  expect(all?.units).toBe(treeUnits)
  // Every variant picked is in the tree, under the same perks, at most as many of it; each
  // row's per-perk breakdown adds up to its quantity.
  for (const row of pick.rows) {
    const inTree = treeQty.get(row.title)
    expect(inTree, row.title).toBeDefined()
    for (const [perkLabel, quantity] of row.perks) {
      expect(quantity, `${row.title} in ${perkLabel}`).toBeLessThanOrEqual(
        inTree?.get(perkLabel) ?? 0,
      )
    }
    expect([...row.perks.values()].reduce((s, q) => s + q, 0)).toBe(row.quantity)
  }
  return {
    units: pickUnits,
    variants: pick.rows.length,
    pickOrders: count(totals?.[3] ?? ''),
    orders: all?.orders ?? -1,
    treeUnits,
  }
}

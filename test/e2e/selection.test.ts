/**
 * One selection everywhere, in Chromium through the web harness: a SKU node picked in the
 * Orders tree is a chip in Orders, the Pick list and Print & export, each view covers the node's
 * orders, the chip clears it, and the pick list saved as PDF names the selection. Several nodes
 * are picked with Ctrl/Shift and the keyboard, a variant over every perk, and a pick-list row
 * opens exactly the orders it counts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import {
  acrossPerks,
  describeChoices,
  filterContributions,
  groupByPerk,
  perkLabel,
  perkOverlapText,
  shippedPickList,
  variantKey,
} from '../../src/shared/fulfillment'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import { count, goTo, screenshot, themedScreenshots, until, useE2eApp } from './support'
import { EVERY_PERK_GROUP } from './tree-and-pick-list'

const app = useE2eApp({
  name: 'selection',
  simulator: { contributions: 160, faults: { latencyMs: 0 } },
})
let synced: Promise<void> | null = null

/** Signed in, the campaign synced: once for the file, by whichever test runs first. */
function ready(): Promise<void> {
  synced ??= (async () => {
    await app.openAndSync()
    await app.page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
  })()
  return synced
}

const tree = () => app.page.getByRole('navigation', { name: 'Perks' })
const chip = () => app.page.getByTestId('selection-chip')
const NODE_RE = /^(.*) — ([\d,]+) orders? · ([\d,]+) units?$/

/** The Orders toolbar's "N orders". */
async function ordersShown(): Promise<number> {
  const text = await app.page.locator('.orders-filter-bar .count').innerText()
  return count(/([\d,]+) orders?/.exec(text)?.[1] ?? 'NaN')
}

/** "All orders" of the tree: what clearing the chip returns to. */
async function allOrdersCount(): Promise<number> {
  const node = tree().getByText(/^All orders — /)
  await node.waitFor()
  return count(NODE_RE.exec(await node.innerText())?.[2] ?? 'NaN')
}

/**
 * Clicks a SKU variant node (indented under its perk) held by more than one order and fewer
 * than all: its title as the tree draws it, its perk, and its order count.
 */
async function pickSkuNode(): Promise<{ title: string; perk: string; orders: number }> {
  const allOrders = await allOrdersCount()
  const texts = tree().locator('.n-tree-node-content__text')
  const nodes: { text: string; x: number }[] = []
  for (let i = 0; i < (await texts.count()); i++) {
    const box = await texts.nth(i).boundingBox()
    nodes.push({ text: (await texts.nth(i).innerText()).trim(), x: box?.x ?? 0 })
  }
  const left = Math.min(...nodes.map((n) => n.x))
  let perk = ''
  for (const node of nodes) {
    const match = NODE_RE.exec(node.text)
    if (!match) continue
    const orders = count(match[2]!)
    if (node.x <= left + 4) perk = match[1]!
    else if (orders > 1 && orders < allOrders) {
      await tree().getByText(node.text, { exact: true }).click()
      return { title: match[1]!, perk, orders }
    }
  }
  throw new Error(`no SKU node with more than one order: ${nodes.map((n) => n.text).join(' | ')}`)
}

/** The campaign's orders as synced, under the Orders view's default statuses. */
function shownRows(): CampaignContribution[] {
  return filterContributions(servedModels(servedListing(app.sim, app.campaignId, true)))
}

/** The tree's nodes as drawn: label (counts left off) and whether selected, top to bottom. */
async function treeNodes(): Promise<Array<{ label: string; selected: boolean }>> {
  return tree()
    .locator('.n-tree-node')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        label: (node.querySelector('.n-tree-node-content__text')?.textContent ?? '').split(
          ' — ',
        )[0]!,
        selected: node.classList.contains('n-tree-node--selected'),
      })),
    )
}

/** The drawn node labelled `label` exactly ("Core Game", not "Core Game + T-Shirt"). */
const nodeNamed = (label: string) => {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const text = new RegExp(`^${escaped}( — |$)`)
  return tree()
    .locator('.n-tree-node')
    .filter({ has: app.page.locator('.n-tree-node-content__text', { hasText: text }) })
    .first()
}

/** Orders on screen, every order of the other filters (no chip left by another test). */
async function allOrdersOnScreen(): Promise<void> {
  await ready()
  await goTo(app.page, 'Orders')
  await allOrdersCount()
  if ((await chip().count()) > 0) await chip().getByRole('button').click()
  await expect.poll(() => chip().count()).toBe(0)
}

describe('several perks and SKUs at once, and a pick-list row to its orders', () => {
  it('Ctrl+click, Shift+click and the keyboard pick several nodes; the orders are any of them', async () => {
    await allOrdersOnScreen()
    const rows = shownRows()
    const perks = groupByPerk(rows).filter((p) => p.perkId !== null)
    expect(perks.length).toBeGreaterThan(2)
    const [a, b] = perks
    const anyOf = (...labels: string[]) =>
      rows.filter((r) => r.order.perks.some((p) => labels.includes(perkLabel(p)))).length

    await nodeNamed(a!.label).click()
    await expect.poll(ordersShown).toBe(a!.orderCount)
    await nodeNamed(b!.label).click({ modifiers: ['Control'] })
    await expect.poll(ordersShown).toBe(anyOf(a!.label, b!.label))
    await expect
      .poll(() => chip().getAttribute('title'))
      .toBe(`Any of: Perk: ${a!.label}; Perk: ${b!.label}`)
    await screenshot(app.page, 'selection-two-perks')
    // Ctrl+click again takes it out.
    await nodeNamed(b!.label).click({ modifiers: ['Control'] })
    await expect.poll(ordersShown).toBe(a!.orderCount)

    // Shift+click: every node drawn from the one clicked last to this one.
    await nodeNamed(a!.label).click()
    await nodeNamed(b!.label).click({ modifiers: ['Shift'] })
    await expect
      .poll(async () => (await treeNodes()).filter((n) => n.selected).length)
      .toBeGreaterThan(2)
    const drawn = await treeNodes()
    const from = drawn.findIndex((n) => n.label === a!.label)
    const to = drawn.findIndex((n) => n.label === b!.label)
    expect(drawn.map((n) => n.selected)).toEqual(drawn.map((_, i) => i >= from && i <= to))
    await expect.poll(ordersShown).toBe(anyOf(a!.label, b!.label))

    // The keyboard: the arrows move, Enter picks one node, Space adds another.
    await tree().locator('.n-tree').focus()
    const pending = tree().locator('.n-tree-node--pending .n-tree-node-content__text')
    // The arrows go from the node clicked last (b), or from the top.
    for (let i = 0; i < 40; i++) {
      if ((await pending.count()) > 0 && (await pending.innerText()).startsWith(`${b!.label} — `))
        break
      await app.page.keyboard.press('ArrowDown')
    }
    await app.page.keyboard.press('Enter')
    const selected = async () => (await treeNodes()).filter((n) => n.selected).map((n) => n.label)
    await expect.poll(selected).toEqual([b!.label])
    await app.page.keyboard.press('ArrowUp')
    const above = (await pending.innerText()).split(' — ')[0]!
    await app.page.keyboard.press(' ')
    await expect.poll(selected).toEqual([above, b!.label])
    await app.page.keyboard.press('Control+Enter')
    await expect.poll(selected).toEqual([b!.label])
    expect(app.pageErrors).toEqual([])
  })

  it('a variant over every perk selects its orders in whatever perk, and the tree says why perks add up to more', async () => {
    await allOrdersOnScreen()
    const rows = shownRows()
    const tree0 = groupByPerk(rows)
    const across = acrossPerks(rows, tree0)
    // The variant held in the most perks: "in all perks" is more than any one of them.
    const spread = (key: string) => tree0.filter((p) => p.variants.some((v) => v.key === key))
    const variant = [...across.variants].sort(
      (x, y) => spread(y.key).length - spread(x.key).length || y.orderCount - x.orderCount,
    )[0]!
    expect(spread(variant.key).length).toBeGreaterThan(1)
    await nodeNamed(EVERY_PERK_GROUP).click()
    // The group is drawn last: its variant is the last node of that name.
    const title = [variant.skuCode, variant.itemName, describeChoices(variant.choices)]
      .filter((part, i) => part !== '' && (i !== 1 || part !== variant.skuCode))
      .join(' · ')
    const node = tree()
      .locator('.n-tree-node')
      .filter({ hasText: `${title} — ` })
      .last()
    await node.click()
    const expected = filterContributions(rows, { statuses: [], variant: variant.key }).length
    expect(expected).toBe(variant.orderCount)
    await expect.poll(ordersShown).toBe(expected)
    await expect.poll(() => chip().getAttribute('title')).toMatch(/^SKU: .* in all perks$/)

    const note = perkOverlapText(across.overlap, rows.length)
    expect(note).not.toBeNull()
    await expect.poll(() => app.page.getByTestId('perk-overlap').innerText()).toBe(note)
    await themedScreenshots(app.page, 'selection-every-perk', { width: 1280, height: 800 }, [
      [1280, 800],
      [1440, 900],
    ])
    await chip().getByRole('button').click()
    expect(app.pageErrors).toEqual([])
  })

  it('a pick-list row opens exactly its orders, which hold its units', async () => {
    await ready()
    await goTo(app.page, 'Orders')
    await allOrdersCount()
    if ((await chip().count()) > 0) await chip().getByRole('button').click()
    const list = shippedPickList(shownRows())
    // A variant picked for more than one perk, if the campaign has one: the row spans perks.
    const line = [...list.rows].sort(
      (x, y) => y.perks.length - x.perks.length || y.order_count - x.order_count,
    )[0]!
    const key = variantKey(line.sku_code, line.choices)
    await goTo(app.page, 'Pick list')
    const table = app.page.getByLabel('Pick list', { exact: true })
    await table.locator('tbody tr').first().waitFor()
    const rowOf = () =>
      table.locator('tbody tr').filter({
        has: app.page.locator('td[data-col-key="sku"]', { hasText: line.sku_code }),
      })
    const candidates = rowOf()
    let row = candidates.first()
    for (let i = 0; i < (await candidates.count()); i++) {
      const cells = await candidates.nth(i).locator('td').allInnerTexts()
      if (count(cells[3]!) === line.quantity && count(cells[4]!) === line.order_count) {
        row = candidates.nth(i)
        break
      }
    }
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim())
    expect([count(cells[3]!), count(cells[4]!)]).toEqual([line.quantity, line.order_count])
    await row.locator('td[data-col-key="orders"] button').click()

    // Orders: the orders whose parcels hold the variant, whatever perk holds it.
    await app.page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
    await expect.poll(ordersShown).toBe(line.order_count)
    await expect
      .poll(() => chip().getAttribute('title'))
      .toMatch(/^SKU: .* in all perks, orders that ship$/)
    const held = filterContributions(shownRows(), { variant: key, ships: true })
    expect(held).toHaveLength(line.order_count)

    // Back in the Pick list, the same selection: its row holds the same units and orders.
    await goTo(app.page, 'Pick list')
    await expect
      .poll(async () => (await app.page.getByTestId('pick-list-totals').innerText()).trim())
      .toMatch(new RegExp(` · ${line.order_count.toLocaleString('en-US')} orders?$`))
    const again = (await rowOf().allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim()))
    expect(
      again.some((c) => count(c[3]!) === line.quantity && count(c[4]!) === line.order_count),
    ).toBe(true)
    expect(
      shippedPickList(held).rows.find((l) => variantKey(l.sku_code, l.choices) === key),
    ).toMatchObject({
      quantity: line.quantity,
      order_count: line.order_count,
    })
    await screenshot(app.page, 'selection-pick-list-row')
    expect(app.pageErrors).toEqual([])
  })
})

describe('one selection in Orders, Pick list and Print & export', () => {
  it('a SKU node is a chip everywhere, each view covers its orders, and the chip clears it', async () => {
    await ready()
    await goTo(app.page, 'Orders')
    const allOrders = await allOrdersCount()
    const picked = await pickSkuNode()
    // The node names code, item and choices; the chip names it with its perk.
    expect(picked.title.split(' · ').length).toBeGreaterThan(1)
    const chipText = `SKU: ${picked.title} in ${picked.perk}`
    await expect.poll(() => chip().getAttribute('title')).toBe(chipText)
    await expect.poll(ordersShown).toBe(picked.orders)
    await screenshot(app.page, 'selection-orders-chip')

    await goTo(app.page, 'Pick list')
    await expect.poll(() => chip().getAttribute('title')).toBe(chipText)
    // It lists the node's orders that ship and counts the others as left out, like the paper.
    const coverage = app.page.getByTestId('pick-list-coverage')
    await expect
      .poll(async () => (await coverage.innerText()).startsWith(`Pick list for ${chipText}, `))
      .toBe(true)
    const covered = /, ([\d,]+) orders? that ship(?: \(([\d,]+) orders? left out)?/.exec(
      await coverage.innerText(),
    )
    const ship = count(covered?.[1] ?? 'NaN')
    expect(ship + count(covered?.[2] ?? '0')).toBe(picked.orders)
    const totals = await app.page.getByTestId('pick-list-totals').innerText()
    expect(count(/([\d,]+) orders?$/.exec(totals)?.[1] ?? 'NaN')).toBe(ship)
    // The picked variant is on the list (its orders may hold other items too).
    const skus = await app.page
      .getByLabel('Pick list', { exact: true })
      .locator('tbody tr')
      .allInnerTexts()
    expect(skus.some((row) => row.startsWith(picked.title.split(' · ')[0]!))).toBe(true)

    await goTo(app.page, 'Print & export')
    const summary = app.page.getByLabel('Selection', { exact: true })
    await expect
      .poll(() => summary.locator('.count').innerText())
      .toBe(`${picked.orders.toLocaleString('en-US')} orders selected`)
    await summary.getByRole('button', { name: `Clear ${chipText}: show all orders` }).click()
    await expect
      .poll(() => summary.locator('.count').innerText())
      .toBe(`${allOrders.toLocaleString('en-US')} orders selected`)
    expect(await chip().count()).toBe(0)

    // Orders follows: no chip, every order, the tree back on "All orders".
    await goTo(app.page, 'Orders')
    await expect.poll(ordersShown).toBe(allOrders)
    expect(await chip().count()).toBe(0)
    const selected = tree().locator('.n-tree-node--selected')
    await expect.poll(() => selected.innerText()).toMatch(/^All orders — /)
    expect(app.pageErrors).toEqual([])
  })

  it('the pick list saved as PDF covers the node and names it in its header', async () => {
    await ready()
    await goTo(app.page, 'Orders')
    const picked = await pickSkuNode()
    await goTo(app.page, 'Pick list')
    await expect.poll(() => chip().getAttribute('title')).toContain(picked.title)
    await app.page.getByRole('button', { name: 'Save as PDF' }).click()
    await app.page.getByText(/^Saved the pick list \(/).waitFor({ timeout: 60_000 })
    const exports = path.join(app.dataDir, 'exports')
    await until(async () => fs.readdirSync(exports).some((f) => /-pick-list-.*\.pdf$/.test(f)))
    const file = fs.readdirSync(exports).find((f) => /-pick-list-.*\.pdf$/.test(f))!
    const text = execFileSync('pdftotext', ['-layout', path.join(exports, file), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ')
    expect(text).toContain('Pick list')
    expect(text).toContain(`SKU: ${picked.title} in ${picked.perk}`)
    // The snapshot's time as the window writes a time (the desk's locale), not ISO.
    expect(text).toMatch(/Offline copy of [^·]*\b20\d\d\b[^·]*· printed /)
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    await screenshot(app.page, 'selection-pick-list-saved')
    expect(app.pageErrors).toEqual([])
  })
})

/**
 * One selection everywhere, in Chromium through the web harness: a SKU node picked in the
 * Orders tree is a chip in Orders, the Pick list and Print & export, each view covers the node's
 * orders, the chip clears it, and the pick list saved as PDF names the selection.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { count, goTo, screenshot, until, useE2eApp } from './support'

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

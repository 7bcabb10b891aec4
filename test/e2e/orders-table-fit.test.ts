/**
 * The Orders table at the window sizes people use, in the fonts of a machine that has only
 * DejaVu (the widest a desktop falls back to): the order number and the status, the two cells a
 * packer reads, are never cut short, and with the perk tree open at 1280x800 the backers' names
 * show whole.
 */
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/shared/api/schemas'
import { statusText } from '../../src/shared/fulfillment/display'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import { goTo, screenshot, themedScreenshots, useE2eApp } from './support'

const app = useE2eApp({
  name: 'orders-table-fit',
  simulator: { contributions: 40, faults: { latencyMs: 0 } },
})

/** Puts `text` in the first row's cell of `selector` and says whether it shows whole. */
async function fitsIn(selector: string, text: string): Promise<{ fits: boolean; text: string }> {
  const fits = await app.page
    .locator(`.order-row ${selector}`)
    .first()
    .evaluate((cell, sample) => {
      const target = cell.querySelector('.order-status') ?? cell
      target.textContent = sample
      return target.scrollWidth <= target.clientWidth && cell.scrollWidth <= cell.clientWidth
    }, text)
  return { fits, text }
}

let synced: Promise<void> | null = null

/** Signed in, the campaign synced, Orders on screen: once, by whichever test runs first. */
async function ordersOnScreen(): Promise<void> {
  synced ??= app.openAndSync().then(() => undefined)
  await synced
  await goTo(app.page, 'Orders')
  await app.page.locator('.order-row').first().waitFor()
}

/** The simulator's longest backer names (by characters), of this campaign's rows. */
function longestNames(count: number): string[] {
  const names = servedModels(servedListing(app.sim, app.campaignId, true))
    .map((row) => row.contributor_name ?? '')
    .filter((name) => name !== '')
  return [...new Set(names)].sort((a, b) => b.length - a.length).slice(0, count)
}

/** Every Backer name cell on screen: its width, and whether its text shows whole. */
async function backerCells(): Promise<Array<{ name: string; width: number; whole: boolean }>> {
  return app.page.locator('.order-row .orders-cell--backer .cell-text').evaluateAll((cells) =>
    cells.map((cell) => ({
      name: cell.textContent ?? '',
      width: cell.getBoundingClientRect().width,
      whole: cell.scrollWidth <= cell.clientWidth,
    })),
  )
}

describe('the Orders table with the perk tree open', () => {
  it('shows whole backer names and every column at 1280x800 and 1440x900', async () => {
    await ordersOnScreen()
    expect(await app.page.getByRole('navigation', { name: 'Perks' }).isVisible()).toBe(true)
    const longest = longestNames(8)
    expect(longest[0]!.length).toBeGreaterThan(14)
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await app.page.setViewportSize({ width, height })
      await screenshot(app.page, `orders-names-${width}x${height}`)
      const cells = await backerCells()
      expect(cells.length).toBeGreaterThan(8)
      // The name had about 64 pixels of text at 1280 with the tree open before.
      const narrowest = Math.min(...cells.map((c) => c.width))
      expect(narrowest, `${width}x${height}`).toBeGreaterThanOrEqual(150)
      expect(cells.filter((c) => !c.whole).map((c) => c.name)).toEqual([])
      // The longest names the simulator gives, planted in a row on screen, show whole too.
      const cut: string[] = []
      for (const name of longest) {
        const fits = await fitsIn('.orders-cell--backer .cell-text', name)
        if (!fits.fits) cut.push(fits.text)
      }
      expect(cut, `${width}x${height}`).toEqual([])
      // The order number and the status are whole; no column is off screen.
      expect((await fitsIn('.orders-cell--sequence', '#123456')).fits).toBe(true)
      const table = await app.page.locator('.orders-table').evaluate((t) => t.clientWidth)
      const header = await app.page
        .locator('.orders-grid')
        .first()
        .evaluate((h) => h.scrollWidth)
      expect(header).toBeLessThanOrEqual(table)
      await app.page.reload()
      await ordersOnScreen()
    }
    await themedScreenshots(app.page, 'orders-tree-open', { width: 1280, height: 800 }, [
      [1280, 800],
      [1440, 900],
    ])
  })
})

describe('the Orders table at 1280x720', () => {
  it('shows a six-digit order number and every status name whole, with no column off screen', async () => {
    await ordersOnScreen()
    await app.page.setViewportSize({ width: 1280, height: 720 })
    await themedScreenshots(app.page, 'orders-table-fit')
    await app.page.setViewportSize({ width: 1280, height: 720 })
    const samples = [
      await fitsIn('.orders-cell--sequence', '#123456'),
      ...(await Promise.all(
        ORDER_STATUSES.map((status) => fitsIn('.orders-cell--status', statusText(status))),
      )),
    ]
    expect(samples.filter((s) => !s.fits).map((s) => s.text)).toEqual([])
    // ...and every column is on screen: the table does not scroll sideways at this size.
    const widths = {
      table: await app.page.locator('.orders-table').evaluate((table) => table.clientWidth),
      header: await app.page
        .locator('.orders-grid')
        .first()
        .evaluate((header) => header.scrollWidth),
    }
    expect(widths.header).toBeLessThanOrEqual(widths.table)
  })

  it('folds the perk tree to give the names room, and keeps it folded after a reload', async () => {
    await ordersOnScreen()
    await app.page.setViewportSize({ width: 1280, height: 720 })
    const backerWidth = () =>
      app.page
        .locator('.order-row .orders-cell')
        .nth(1)
        .evaluate((cell) => cell.clientWidth)
    const before = await backerWidth()
    const fold = app.page.getByRole('button', { name: 'Hide the perk tree' })
    expect(await fold.getAttribute('aria-expanded')).toBe('true')
    await fold.click()
    const unfold = app.page.getByRole('button', { name: 'Show the perk tree' })
    expect(await unfold.getAttribute('aria-expanded')).toBe('false')
    expect(await app.page.getByRole('navigation', { name: 'Perks' }).isVisible()).toBe(false)
    // The columns that give way first get the tree's width: a name of about 20 characters.
    expect(await backerWidth()).toBeGreaterThan(before + 30)
    await themedScreenshots(app.page, 'orders-tree-folded')

    await app.page.reload()
    await goTo(app.page, 'Orders')
    await app.page.locator('.order-row').first().waitFor()
    await app.page.getByRole('button', { name: 'Show the perk tree' }).click()
    expect(await app.page.getByRole('navigation', { name: 'Perks' }).isVisible()).toBe(true)
  })
})

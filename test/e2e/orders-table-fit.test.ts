/**
 * The Orders table at the smallest window people use (1280x720), in the fonts of a machine that
 * has only DejaVu (the widest a desktop falls back to): the order number and the status, the two
 * cells a packer reads, are never cut short.
 */
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/shared/api/schemas'
import { statusText } from '../../src/shared/fulfillment/display'
import { goTo, themedScreenshots, useE2eApp } from './support'

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

describe('the Orders table at 1280x720', () => {
  it('shows a six-digit order number and every status name whole, with no column off screen', async () => {
    await app.openAndSync()
    await goTo(app.page, 'Orders')
    await app.page.locator('.order-row').first().waitFor()
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

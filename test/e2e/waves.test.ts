/**
 * Stock and waves in the window (issue 28), in Chromium through the web harness: stock imported
 * from a CSV, a wave proposed and saved, Orders and the Pick list filtered by it, its pick list
 * and labels printed from Print & export (exactly its orders), one of its orders packed at the
 * station, the stock of what went in the box down by its units, and a reship of that order
 * from its drawer taking the units again; then a wave shipping in part and its orders in part.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { describeChoices, shippableLines } from '../../src/shared/fulfillment'
import { toModel } from '../helpers/model'
import {
  count,
  goTo,
  pdfPicture,
  screenshot,
  storyTest,
  themedScreenshots,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'waves',
  simulator: { contributions: 120, faults: { latencyMs: 5 } },
})
const rows = (): CampaignContribution[] =>
  toModel(app.sim.dataset.contributions.get(app.campaignId) ?? [])
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`

/** Every variant at a third of what the orders need: some orders ship, some wait. */
function stockCsv(): string {
  const needed = new Map<string, { sku: string; choices: string; units: number }>()
  for (const row of rows())
    for (const line of shippableLines(row)) {
      const seen = needed.get(line.key)
      if (seen) seen.units += line.quantity
      else
        needed.set(line.key, {
          sku: line.skuCode,
          choices: describeChoices(line.choices),
          units: line.quantity,
        })
    }
  const lines = [...needed.values()].map(
    (v) => `${csvCell(v.sku)},${csvCell(v.choices)},${Math.floor(v.units / 3)}`,
  )
  return ['sku,choices,quantity', ...lines].join('\n')
}

/** The order numbers of the wave, as main holds them (through the window's own bridge). */
function waveNumbers(wave: string): Promise<number[]> {
  return app.page.evaluate(
    async ({ campaignId, wave }) => {
      type Answer<T> = { ok: true; value: T } | { ok: false }
      const bridge = (
        globalThis as unknown as { perkpack: Record<string, (a: unknown) => unknown> }
      ).perkpack
      const value = async <T>(answer: unknown) => {
        const got = (await answer) as Answer<T>
        if (!got.ok) throw new Error(JSON.stringify(got))
        return got.value
      }
      const query = await value<{ resultId: number; count: number }>(
        bridge.queryOrders!({ campaignId, filter: { wave } }),
      )
      const rows = await value<{ sequenceNumber: number | null }[]>(
        bridge.orderRows!({ campaignId, resultId: query.resultId, offset: 0, limit: query.count }),
      )
      return rows.map((row) => row.sequenceNumber ?? 0)
    },
    { campaignId: app.campaignId, wave },
  )
}

/** The orders of the wave the story saves, as its proposal counted them. */
let waveOrders = 0

const exportsDir = () => path.join(app.dataDir, 'exports')
const pdfsLike = (pattern: RegExp) =>
  fs.existsSync(exportsDir()) ? fs.readdirSync(exportsDir()).filter((f) => pattern.test(f)) : []
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-layout', path.join(exportsDir(), file), '-'], { encoding: 'utf8' })

/** What a scanner does: the code, fast, then Enter. */
async function scan(code: string): Promise<void> {
  await app.page.keyboard.type(code, { delay: 0 })
  await app.page.keyboard.press('Enter')
}

const levelOf = (sku: string, choices: string) =>
  app.page
    .getByLabel(`Units on hand of ${sku}${choices ? ` (${choices})` : ''}`, { exact: true })
    .inputValue()

/**
 * The first order the Orders view shows (the wave's), its first item, the units of that item in
 * the order, and the item's stock level now (read in the Waves view).
 */
async function firstOrderAndStock() {
  await goTo(app.page, 'Orders')
  const first = app.page.locator('.order-row .orders-cell--sequence').first()
  await first.waitFor()
  const number = Number((await first.innerText()).replace('#', ''))
  const row = rows().find((r) => r.order.sequence_number === number)!
  const [line] = shippableLines(row)
  const choices = describeChoices(line!.choices)
  const units = shippableLines(row)
    .filter((l) => l.key === line!.key)
    .reduce((n, l) => n + l.quantity, 0)
  await goTo(app.page, 'Waves')
  await app.page.getByTestId('stock-table').waitFor()
  const level = async () => count(await levelOf(line!.skuCode, choices))
  return { first, number, row, line: line!, units, before: await level(), level }
}

async function saveWave(): Promise<void> {
  await app.openAndSync()
  await app.page.getByText(/Synced \d+ orders in/).waitFor()
  await goTo(app.page, 'Waves')
  await app.page.getByTestId('stock-table').waitFor()
  await app.page.getByLabel('Stock file (CSV)').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stockCsv(), 'utf8'),
  })
  await expect
    .poll(() => app.page.getByTestId('stock-imported').innerText())
    .toMatch(/^Read \d+ stock levels from stock\.csv/)

  await app.page.getByRole('button', { name: 'Propose' }).click()
  const proposal = app.page.getByTestId('wave-proposal')
  await proposal.waitFor()
  waveOrders = count(/^([\d,]+) orders?/.exec(await proposal.innerText())?.[1] ?? '0')
  expect(waveOrders).toBeGreaterThan(1)
  expect(await app.page.getByTestId('wave-short').innerText()).toContain('Short')
  await themedScreenshots(app.page, 'waves-proposal', { width: 1280, height: 800 }, [
    [1280, 800],
    [1440, 900],
  ])

  await app.page.getByLabel('Wave name', { exact: true }).fill('March batch')
  await app.page.getByRole('button', { name: 'Save as wave' }).click()
  const list = app.page.getByTestId('wave-list')
  await expect.poll(() => list.innerText()).toContain('March batch')
  expect(await list.innerText()).toContain(`0 of ${waveOrders} orders packed`)
  await themedScreenshots(app.page, 'waves-view', { width: 1280, height: 800 }, [
    [1280, 800],
    [1440, 900],
  ])
}

async function narrowToWave(): Promise<void> {
  await goTo(app.page, 'Orders')
  await app.page.locator('.order-row').first().waitFor()
  await app.page.getByLabel('Wave', { exact: true }).click()
  await app.page.locator('.n-base-select-option', { hasText: 'March batch' }).click()
  await expect.poll(() => app.page.locator('.count').innerText()).toBe(`${waveOrders} orders`)
  await goTo(app.page, 'Pick list')
  await until(async () =>
    (await app.page.getByTestId('pick-list-totals').innerText()).includes(`${waveOrders} orders`),
  )
}

async function printWave(): Promise<void> {
  const inWave = await waveNumbers('March batch')
  expect(inWave).toHaveLength(waveOrders)
  const outside = rows()
    .map((row) => row.order.sequence_number ?? 0)
    .find((n) => n > 0 && !inWave.includes(n))!
  expect(outside).toBeDefined()

  // The Pick list view still shows the wave (the step before left it there).
  await app.page.getByRole('button', { name: 'Save as PDF' }).click()
  await app.page.getByText(/^Saved the pick list \(/).waitFor({ timeout: 60_000 })
  await until(async () => pdfsLike(/-pick-list-.*\.pdf$/).length === 1)
  const pickList = pdfText(pdfsLike(/-pick-list-.*\.pdf$/)[0]!).replace(/\s+/g, ' ')
  expect(pickList).toContain('Wave: March batch')
  expect(pickList).toContain(`${waveOrders} orders`)

  await goTo(app.page, 'Print & export')
  const selection = app.page.getByLabel('Selection', { exact: true })
  await expect.poll(() => selection.innerText()).toContain(`${waveOrders} orders selected`)
  expect(await selection.innerText()).toContain('March batch')
  await app.page.getByLabel('Show order line').check()
  const panel = app.page.locator('[aria-label="Shipping labels"]')
  await panel.getByRole('button', { name: 'Save labels as PDF' }).click()
  const proceed = app.page.getByRole('button', { name: 'Continue' })
  await until(async () => {
    if (await proceed.isVisible()) await proceed.click()
    return pdfsLike(/-labels-.*\.pdf$/).length === 1
  }, 60_000)
  const labels = pdfsLike(/-labels-.*\.pdf$/)[0]!
  const printed = [...pdfText(labels).matchAll(/#(\d+) ·/g)].map((m) => Number(m[1]))
  expect(printed.sort((a, b) => a - b)).toEqual([...inWave].sort((a, b) => a - b))
  expect(printed).not.toContain(outside)
  // For a person to look at: the first sheet as an image beside the screenshots.
  pdfPicture(path.join(exportsDir(), labels), 'waves-labels-pdf')
  await screenshot(app.page, 'waves-print-export')
}

async function packFromWave(): Promise<void> {
  const { number, row, units, before, level } = await firstOrderAndStock()

  await goTo(app.page, 'Pack station')
  await app.page.getByTestId('station-ready').waitFor()
  await scan(`#${number}`)
  for (const item of shippableLines(row))
    for (let unit = 0; unit < item.quantity; unit++) await scan(item.skuCode)
  await scan('')
  await expect.poll(() => app.page.getByTestId('station-packed').innerText()).toBe('1')

  await goTo(app.page, 'Waves')
  await expect.poll(level).toBe(before - units)
  await expect
    .poll(() => app.page.getByTestId('wave-list').innerText())
    .toContain(`1 of ${waveOrders} orders packed`)
}

async function reshipFromDrawer(): Promise<void> {
  const { first, line, units, before, level } = await firstOrderAndStock()

  await goTo(app.page, 'Orders')
  await first.click()
  const drawer = app.page.getByRole('dialog', { name: 'Order details' })
  await drawer.waitFor()
  await drawer.getByTestId('new-reship').click()
  await drawer.getByLabel('Reason for the reship').fill('lost in transit')
  await drawer.getByRole('form', { name: 'New reship' }).scrollIntoViewIfNeeded()
  await themedScreenshots(app.page, 'drawer-reship-form', { width: 1280, height: 800 }, [
    [1280, 800],
    [1440, 900],
  ])
  // A scanner ends every code with Enter: in the reason or a quantity it sends nothing.
  await drawer.getByLabel('Reason for the reship').press('Enter')
  await drawer
    .getByLabel(/^How many of /)
    .first()
    .press('Enter')
  await app.page.waitForTimeout(300)
  expect(await drawer.getByTestId('reship-list').count()).toBe(0)
  await expect.poll(() => drawer.getByTestId('confirm-reship').isVisible()).toBe(true)
  // A double click on the button: one reship.
  await drawer.getByTestId('confirm-reship').dblclick()
  const list = drawer.getByTestId('reship-list')
  await expect.poll(() => list.innerText()).toContain('lost in transit')
  expect(await list.locator(':scope > li').count()).toBe(1)
  await drawer.getByRole('button', { name: 'Save packing slip as PDF…' }).click()
  await expect.poll(() => drawer.getByTestId('reship-saved').innerText()).toContain('.pdf')
  const slip = pdfsLike(/^reship-\d+-order-.*-slip\.pdf$/)
  expect(slip).toHaveLength(1)
  const slipText = pdfText(slip[0]!)
  expect(slipText).toMatch(/Reship \d+/)
  expect(slipText).toContain(line.skuCode)
  await drawer.getByLabel(/^Tracking number of reship/).fill('1Z999AA10123456784')
  await drawer.getByLabel(/^Tracking number of reship/).press('Enter')
  await expect
    .poll(() => drawer.getByTestId('reship-tracking').innerText())
    .toContain('1Z999AA10123456784')
  await drawer.getByRole('region', { name: 'Reships' }).scrollIntoViewIfNeeded()
  await themedScreenshots(app.page, 'drawer-reship', { width: 1280, height: 800 }, [
    [1280, 800],
    [1440, 900],
  ])
  await app.page.keyboard.press('Escape')

  await goTo(app.page, 'Waves')
  await expect.poll(level).toBe(before - units)
}

async function closeWave(): Promise<void> {
  await app.page.getByRole('button', { name: 'Close…' }).click()
  const confirm = app.page.getByTestId('confirm-close-wave')
  await confirm.focus()
  await app.page.keyboard.press('Enter')
  expect(await app.page.getByTestId('wave-list').innerText()).toContain('Open')
  await confirm.click()
  await expect.poll(() => app.page.getByTestId('wave-list').innerText()).toContain('Closed')
}

/** A wave planned with partial shipments: its orders in part listed from the wave's row. */
async function partialWave(): Promise<void> {
  await app.page.getByLabel('Allow partial shipments').click()
  await app.page.getByRole('button', { name: 'Propose' }).click()
  await expect.poll(() => app.page.getByTestId('wave-proposal').innerText()).toMatch(/in part/)
  await app.page.getByLabel('Wave name', { exact: true }).fill('April part')
  await app.page.getByRole('button', { name: 'Save as wave' }).click()
  const list = app.page.getByTestId('wave-list')
  await expect.poll(() => list.innerText()).toContain('April part')
  const inPart = count(/· ([\d,]+) in part/.exec(await list.innerText())?.[1] ?? '0')
  expect(inPart).toBeGreaterThan(0)
  await list.scrollIntoViewIfNeeded()
  await themedScreenshots(app.page, 'waves-partial-list')

  await app.page.getByRole('button', { name: 'Orders in part…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Orders of “April part” shipping in part' })
  await dialog.getByTestId('wave-parcels').waitFor()
  expect(await dialog.getByTestId('wave-parcels-count').innerText()).toMatch(
    new RegExp(`^${inPart} orders? ships? in part\\.$`),
  )
  const rows = dialog.locator('tbody tr')
  expect(await rows.count()).toBe(inPart)
  const numbers = (await rows.locator('td:first-child').allInnerTexts()).map((t) =>
    count(t.slice(1)),
  )
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  expect(await rows.first().innerText()).toContain('To follow in a later parcel:')
  await themedScreenshots(app.page, 'waves-parcels', { width: 1280, height: 800 }, [
    [1280, 720],
    [1280, 800],
    [1440, 900],
  ])
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect.poll(() => dialog.count()).toBe(0)
}

describe('waves in the window', () => {
  storyTest('a wave from stock to the station, a reship, and its close', [
    ['imports stock, proposes a wave and saves it under a name', saveWave],
    ['narrows Orders and the Pick list to exactly the wave', narrowToWave],
    [
      "prints the wave's pick list and labels from Print & export: exactly its orders",
      printWave,
      120_000,
    ],
    ['packs an order of the wave at the station: its units come off the stock', packFromWave],
    [
      'reships the packed order from its drawer: not on Enter, once for a double click, its units off again',
      reshipFromDrawer,
    ],
    ['closes the wave only on a click of the question, never on Enter', closeWave],
    ['saves a wave shipping in part and lists its orders in part, what follows', partialWave],
  ])
})

/**
 * Stock and waves in the window (issue 28), in Chromium through the web harness: stock imported
 * from a CSV, a wave proposed and saved, Orders and the Pick list filtered by it, one of its
 * orders packed at the station, and the stock of what went in the box down by its units.
 */
import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { describeChoices, shippableLines } from '../../src/shared/fulfillment'
import { toModel } from '../helpers/model'
import { count, goTo, themedScreenshots, until, useE2eApp } from './support'

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

/** What a scanner does: the code, fast, then Enter. */
async function scan(code: string): Promise<void> {
  await app.page.keyboard.type(code, { delay: 0 })
  await app.page.keyboard.press('Enter')
}

const levelOf = (sku: string, choices: string) =>
  app.page
    .getByLabel(`Units on hand of ${sku}${choices ? ` (${choices})` : ''}`, { exact: true })
    .inputValue()

describe('waves in the window', () => {
  let waveOrders = 0

  it('imports stock, proposes a wave and saves it under a name', async () => {
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
  })

  it('narrows Orders and the Pick list to exactly the wave', async () => {
    await goTo(app.page, 'Orders')
    await app.page.locator('.order-row').first().waitFor()
    await app.page.getByLabel('Wave', { exact: true }).click()
    await app.page.locator('.n-base-select-option', { hasText: 'March batch' }).click()
    await expect.poll(() => app.page.locator('.count').innerText()).toBe(`${waveOrders} orders`)
    await goTo(app.page, 'Pick list')
    await until(async () =>
      (await app.page.getByTestId('pick-list-totals').innerText()).includes(`${waveOrders} orders`),
    )
  })

  it('packs an order of the wave at the station: its units come off the stock', async () => {
    await goTo(app.page, 'Orders')
    const first = app.page.locator('.order-row .orders-cell--sequence').first()
    await first.waitFor()
    const number = Number((await first.innerText()).replace('#', ''))
    const row = rows().find((r) => r.order.sequence_number === number)!
    const [line] = shippableLines(row)
    const choices = describeChoices(line!.choices)
    await goTo(app.page, 'Waves')
    await app.page.getByTestId('stock-table').waitFor()
    const before = count(await levelOf(line!.skuCode, choices))

    await goTo(app.page, 'Pack station')
    await app.page.getByTestId('station-ready').waitFor()
    await scan(`#${number}`)
    for (const item of shippableLines(row))
      for (let unit = 0; unit < item.quantity; unit++) await scan(item.skuCode)
    await scan('')
    await expect.poll(() => app.page.getByTestId('station-packed').innerText()).toBe('1')

    await goTo(app.page, 'Waves')
    const units = shippableLines(row)
      .filter((l) => l.key === line!.key)
      .reduce((n, l) => n + l.quantity, 0)
    await expect.poll(async () => count(await levelOf(line!.skuCode, choices))).toBe(before - units)
    await expect
      .poll(() => app.page.getByTestId('wave-list').innerText())
      .toContain(`1 of ${waveOrders} orders packed`)
  })

  it('closes the wave only on a click of the question, never on Enter', async () => {
    await app.page.getByRole('button', { name: 'Close…' }).click()
    const confirm = app.page.getByTestId('confirm-close-wave')
    await confirm.focus()
    await app.page.keyboard.press('Enter')
    expect(await app.page.getByTestId('wave-list').innerText()).toContain('Open')
    await confirm.click()
    await expect.poll(() => app.page.getByTestId('wave-list').innerText()).toContain('Closed')
  })
})

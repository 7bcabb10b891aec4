/**
 * The SKU catalogue in the window (issue 29), in Chromium through the web harness: the table
 * lists the variants of the orders with what they lack, a weight typed in the drawer is saved,
 * and a catalogue CSV imported through the open dialog fills in the rest, so no variant is
 * flagged any more.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { shippableLines } from '../../src/shared/fulfillment'
import { toModel } from '../helpers/model'
import { goTo, themedScreenshots, useE2eApp } from './support'

const app = useE2eApp({
  name: 'catalog',
  simulator: { contributions: 60, faults: { latencyMs: 5 } },
})
const rows = (): CampaignContribution[] =>
  toModel(app.sim.dataset.contributions.get(app.campaignId) ?? [])
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`
const SIZES = [
  [1280, 800],
  [1440, 900],
] as const

/** Every variant the orders ship, weighed and described for customs. */
function catalogCsv(): string {
  const lines = new Map<string, string>()
  for (const row of rows())
    for (const line of shippableLines(row)) {
      const bar = line.key.indexOf('|')
      const variant = bar < 0 ? '' : line.key.slice(bar + 1)
      lines.set(
        line.key,
        [line.skuCode, variant, '0.3 kg', '9503.00', 'China', 'Toy'].map(csvCell).join(','),
      )
    }
  return ['sku,variant,weight,hs_code,origin_country,customs_description', ...lines.values()].join(
    '\n',
  )
}

const summary = () => app.page.getByTestId('catalog-summary').innerText()

describe('the catalogue in the window', () => {
  it('edits a weight, imports a CSV, and the missing-data badges go', async () => {
    await app.openAndSync()
    await app.page.getByText(/Synced \d+ orders in/).waitFor()
    await goTo(app.page, 'Catalogue')
    const table = app.page.getByTestId('catalog-table')
    await table.getByTestId('catalog-missing').first().waitFor()
    expect(await summary()).toMatch(/^0 rows in the catalogue; \d+ variants of the orders lack/)
    await themedScreenshots(app.page, 'catalog-empty', { width: 1280, height: 800 }, SIZES)

    await table
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    const drawer = app.page.getByRole('dialog')
    await drawer.getByLabel('Weight (g)').fill('25 kg 5')
    await expect.poll(() => drawer.getByRole('alert').innerText()).toContain('Weight "25 kg 5"')
    expect(await drawer.getByTestId('catalog-save').isDisabled()).toBe(true)
    await drawer.getByLabel('Weight (g)').fill('0.25 kg')
    await drawer.getByLabel('HS code').fill('9503')
    await expect.poll(() => drawer.getByRole('alert').innerText()).toContain('it needs 6 to 10')
    await drawer.getByLabel('HS code').fill('950300')
    await themedScreenshots(app.page, 'catalog-drawer', { width: 1280, height: 800 }, SIZES)
    await drawer.getByTestId('catalog-save').click()
    await expect.poll(summary).toMatch(/^1 row in the catalogue/)
    expect(await table.innerText()).toContain('250 g')

    const imports = path.join(app.dataDir, 'imports')
    fs.mkdirSync(imports, { recursive: true })
    fs.writeFileSync(path.join(imports, 'catalog.csv'), catalogCsv())
    await app.page.getByRole('button', { name: 'Import CSV…' }).click()
    await expect
      .poll(() => app.page.getByTestId('catalog-transfer').innerText())
      .toMatch(/^Read \d+ rows and 0 boxes from catalog\.csv\.$/)
    await expect.poll(summary).toMatch(/; 0 variants of the orders lack/)
    expect(await table.getByTestId('catalog-missing').count()).toBe(0)
    await themedScreenshots(app.page, 'catalog-filled', { width: 1280, height: 800 }, SIZES)
  })
})

/**
 * Issue 15 in Chromium through the web harness, with no API reachable at all: a team without
 * API access imports the dashboard's contributions CSV from the sign-in screen (preview first),
 * then works on the campaign offline: orders, pick list, labels. Self-contained on purpose (the
 * shared e2e setup is being reworked); screenshots of the preview go to test-results/e2e.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { filterContributions, shippedPickList } from '../../src/shared/fulfillment'
import { dashboardExportCsv } from '../../src/simulator/dashboard-export'
import { generateDataset } from '../../src/simulator/data'
import { ensureRendererBuilt, startHarness } from '../../src/web/server'
import type { Harness } from '../../src/web/server'
import { toModel } from '../helpers/model'
import { failureScreenshot } from './screenshots'
import { launchBrowser, SCREENSHOTS, themedScreenshots } from './support'

const dataset = generateDataset({ seed: 15, contributions: 150 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])

let dataDir: string
let harness: Harness
const harnessLog: string[] = []
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-e2e-import-'))
  const imports = path.join(dataDir, 'imports')
  fs.mkdirSync(imports)
  fs.writeFileSync(path.join(imports, 'contributions.csv'), `\uFEFF${dashboardExportCsv(rows)}`)
  ensureRendererBuilt()
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  harness = await startHarness({
    env: {
      // Nothing listens there: every API request fails at once, as with no network at all.
      PERKPACK_BASE_URL: 'http://127.0.0.1:9',
      PERKPACK_AUTH_URL: 'http://127.0.0.1:9',
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_IMPORT_DIR: imports,
    },
    log: (line) => harnessLog.push(line),
    services: { retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } },
  })
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  page = await context.newPage()
  page.setDefaultTimeout(15_000)
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(harness.openUrl)
}, 120_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await harness?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

afterEach(async (test) => {
  if (test.task.result?.state !== 'fail') return
  if (page && !page.isClosed()) await failureScreenshot(page, 'dashboard-import')
  if (harnessLog.length) console.error(`harness log:\n${harnessLog.slice(-40).join('\n')}`)
})

describe('a dashboard file in the app, with no API reachable', () => {
  it('imports from the sign-in screen after a preview, then orders, pick list and labels work', async () => {
    await page.getByRole('button', { name: 'Import from a dashboard file…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import from a dashboard file' })
    await dialog.getByLabel('Campaign ID').fill(String(campaign.id))
    await dialog.getByLabel('Campaign name').fill('Spring run')
    await dialog.getByRole('button', { name: 'Choose file…' }).click()

    const preview = dialog.getByLabel('Dashboard file preview')
    await preview.waitFor()
    const figure = async (key: string) =>
      Number(
        (await preview.getByTestId(`dashboard-preview-${key}`).locator('dd').innerText()).replace(
          /,/g,
          '',
        ),
      )
    expect(await figure('orders')).toBe(rows.length)
    expect(await figure('problems')).toBe(0)
    expect(await figure('perks')).toBeGreaterThan(0)
    expect(await preview.getByTestId('dashboard-file-format').innerText()).toBe(
      'UTF-8 with BOM, comma (,)',
    )
    expect(await preview.innerText()).toContain(`Campaign ${campaign.id} has no offline copy yet`)

    // The preview as people see it, light and dark, at two window sizes (not committed).
    await themedScreenshots(page, 'dashboard-import-preview', { width: 1280, height: 720 })

    await dialog.getByRole('button', { name: 'Import the campaign’s orders' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The workspace, without any sign-in, on the Orders view of the imported campaign.
    const menu = page.getByRole('navigation', { name: 'PerkPack' })
    await menu.getByText('Not signed in: imported files').waitFor()
    const subtitle = page.locator('.orders-view .subtitle')
    await expect
      .poll(() => subtitle.innerText())
      .toMatch(
        new RegExp(
          `^Spring run · ${rows.length.toLocaleString('en-US')} orders in the offline copy · Imported from contributions\\.csv on `,
        ),
      )
    await page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1).waitFor()

    await menu.getByText('Pick list', { exact: true }).click()
    const pickRows = page.getByLabel('Pick list', { exact: true }).locator('tbody tr')
    const expected = shippedPickList(filterContributions(rows)).rows
    await expect.poll(() => pickRows.count()).toBe(expected.length)
    const shownSkus = await pickRows.evaluateAll((trs) =>
      trs.map((tr) => (tr.querySelector('td')?.textContent ?? '').trim()),
    )
    expect(new Set(shownSkus)).toEqual(new Set(expected.map((row) => row.sku_code)))

    await menu.getByText('Print & export', { exact: true }).click()
    await page.getByRole('button', { name: 'Save labels as PDF' }).click()
    const proceed = page.getByRole('button', { name: 'Continue' })
    const exports = path.join(dataDir, 'exports')
    const pdfs = () =>
      fs.existsSync(exports) ? fs.readdirSync(exports).filter((f) => f.endsWith('.pdf')) : []
    await expect
      .poll(
        async () => {
          if (await proceed.isVisible()) await proceed.click()
          return pdfs().length
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(1)
    const pdf = fs.readFileSync(path.join(exports, pdfs()[0]!))
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pageErrors).toEqual([])
  })
})

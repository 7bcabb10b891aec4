/**
 * Issue 12 in Chromium through the web harness: the Progress view's totals and bars, tracking
 * numbers in from a generic file (preview, then import, and "shipped" moves), and the dashboard's
 * contributions file filled and saved with nothing else changed. Issue 25's outputs: numbers of
 * orders no parcel went out for left apart until ticked, a saved PDF not counted printed until
 * marked, and the sign-ups saved as CSV and Excel.
 */
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { filterContributions } from '../../src/shared/fulfillment/filter'
import { ordersThatShip, shipmentRole } from '../../src/shared/fulfillment/shipping'
import { blankFloorState } from '../../src/shared/floor/order-state'
import type { OrderFloorState } from '../../src/shared/floor/order-state'
import { floorProgress, PROGRESS_STATUSES } from '../../src/shared/floor/progress'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import {
  count,
  expectNoMissingText,
  goTo,
  openCampaign,
  storyTest,
  themedScreenshots,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'progress',
  simulator: { contributions: 120, faults: { latencyMs: 5 } },
  signedIn: true,
})
let rows: CampaignContribution[]
/** Three orders the floor works on, each with a sequence number: they get tracking numbers. */
let shipped: CampaignContribution[]

const trackingOf = (row: CampaignContribution) =>
  `9400111899${String(row.order.id).padStart(12, '0')}`

beforeAll(() => {
  rows = servedModels(servedListing(app.sim, app.campaignId, true))
  const seen = new Set<number>()
  // The orders Progress counts (as src/shared/floor/progress.ts picks them), one row per order.
  shipped = filterContributions(rows, { statuses: PROGRESS_STATUSES })
    .filter((row) => shipmentRole(row) !== 'nothing-to-ship' && row.order.sequence_number != null)
    .filter((row) => !seen.has(row.order.id) && Boolean(seen.add(row.order.id)))
    .slice(0, 3)
})

const total = async (stage: string) =>
  count(await app.page.locator(`[data-testid="total-${stage}"] .number`).innerText())

const screenshots = (name: string) => themedScreenshots(app.page, name)

async function totalsAfterSync(): Promise<void> {
  expect(shipped).toHaveLength(3)
  // Opened for the first time: its sync starts by itself.
  await openCampaign(app.page, app.campaignId)
  await until(
    async () => (await app.page.locator('main').getAttribute('data-view')) === 'orders',
    60_000,
  )
  await goTo(app.page, 'Progress')
  const expected = floorProgress(rows, new Map())
  await until(async () => (await app.page.locator('[data-testid="total-toShip"]').count()) === 1)
  expect(await total('toShip')).toBe(expected.totals.toShip)
  expect([await total('printed'), await total('packed'), await total('shipped')]).toEqual([0, 0, 0])
  const table = app.page.getByRole('table', { name: 'Progress per perk and SKU variant' })
  const firstPerk = expected.perks[0]!
  const bar = table.getByRole('progressbar', { name: `Shipped: ${firstPerk.label}`, exact: true })
  expect(await bar.first().getAttribute('aria-valuetext')).toBe(`0 of ${firstPerk.toShip} · 0 %`)
  expect(await table.locator('[data-kind="perk"]').count()).toBe(expected.perks.length)
  expectNoMissingText(await app.page.locator('main').innerText(), 'Progress view')
}

async function trackingImport(): Promise<void> {
  const lines = [
    'Order_Number,Carrier,Tracking_Number',
    ...shipped.map((row) => `${row.order.sequence_number},USPS,${trackingOf(row)}`),
    '99999999,USPS,9400111899000000000001',
    `${shipped[0]!.order.sequence_number},USPS,`,
    '',
    `${shipped[1]!.order.sequence_number},USPS,${trackingOf(shipped[1]!)}`,
    ',,',
  ]
  await app.page.getByLabel('Tracking export file').setInputFiles({
    name: 'pirate-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  })
  const preview = app.page.getByLabel('Tracking import preview')
  await preview.waitFor()
  const figure = async (key: string) =>
    count(await preview.locator(`[data-testid="preview-${key}"] dd`).innerText())
  // Six data rows, each in one figure: three left apart (none was packed at a station), one
  // repeated, one unknown order, one without a tracking number.
  expect(await preview.innerText()).toContain(
    'pirate-export.csv · Generic CSV · 6 rows (1 empty line skipped)',
  )
  const figures = ['matched', 'held', 'alreadyStored', 'duplicates', 'unmatched', 'problems']
  const values = await Promise.all(figures.map(figure))
  expect(values).toEqual([0, 3, 0, 1, 1, 1])
  expect(await preview.innerText()).toContain(
    `#${shipped[0]!.order.sequence_number} (line 2): not packed at a station, ${trackingOf(shipped[0]!)}`,
  )
  expect(await preview.innerText()).toContain('Line 5: order number 99999999')
  expect(await preview.innerText()).toContain('Line 6, Tracking_Number')
  expect(await app.page.getByRole('button', { name: 'Nothing new to import' }).isDisabled()).toBe(
    true,
  )
  await screenshots('progress-preview')

  const include = app.page.getByRole('checkbox', {
    name: 'Also write the 3 tracking numbers of orders not packed at a station',
  })
  await include.click()
  await include.scrollIntoViewIfNeeded()
  await screenshots('progress-held-ticked')
  await app.page.getByRole('button', { name: 'Import 3 tracking numbers' }).click()
  await app.page.getByTestId('tracking-imported').getByText('3 tracking numbers added.').waitFor()
  await until(async () => (await total('shipped')) === 3)
  const states = new Map<number, OrderFloorState>(
    shipped.map((row) => [
      row.order.id,
      { ...blankFloorState(row.order.id), carrier: 'USPS', trackingNumbers: [trackingOf(row)] },
    ]),
  )
  expect(floorProgress(rows, states).totals.shipped).toBe(3)
  expect(await app.page.getByLabel('Tracking import preview').count()).toBe(0)
  await app.page.locator('main').evaluate((main) => main.scrollTo(0, 0))
  await screenshots('progress')
}

async function labelsMarkedPrinted(): Promise<void> {
  await goTo(app.page, 'Print & export')
  const panel = app.page.locator('[aria-label="Shipping labels"]')
  await panel.getByRole('button', { name: 'Save labels as PDF' }).click()
  const proceed = app.page.getByRole('button', { name: 'Continue' })
  const prompt = app.page.getByTestId('unprinted-labels')
  await until(async () => {
    if (await proceed.isVisible()) await proceed.click()
    return prompt.isVisible()
  }, 60_000)
  // The labels are the orders of the Orders view's filter that ship; Progress counts those of
  // them it counts to ship.
  const labelled = new Set(ordersThatShip(filterContributions(rows)).map((r) => r.order.id))
  const marks = new Map<number, OrderFloorState>(
    [...labelled].map((id) => [id, { ...blankFloorState(id), labelsPrintedAt: 'x' }]),
  )
  const expected = floorProgress(rows, marks).totals.printed
  expect(await prompt.innerText()).toContain(
    `The labels of ${labelled.size.toLocaleString('en-US')} orders are saved, not printed`,
  )
  await prompt.scrollIntoViewIfNeeded()
  await screenshots('print-unprinted-pdf')
  await goTo(app.page, 'Progress')
  await until(async () => (await app.page.locator('[data-testid="total-printed"]').count()) === 1)
  expect(await total('printed')).toBe(0)

  await goTo(app.page, 'Print & export')
  await prompt.getByRole('button', { name: 'Mark as printed' }).click()
  await app.page
    .getByTestId('marked-labels')
    .getByText(`Labels of ${labelled.size.toLocaleString('en-US')} orders marked as printed.`)
    .waitFor()
  await goTo(app.page, 'Progress')
  await until(async () => (await total('printed')) === expected)
}

async function dashboardFile(): Promise<void> {
  const header =
    'Order No.,Pledge ID,Referrer ID,Fulfillment Status,Name,Email,Amount,Perk,Shipping Country,Carrier,Tracking Number,Item SKU'
  const other = rows.find((row) => !shipped.some((s) => s.order.id === row.order.id))!
  const file = (filled: boolean) => {
    const line = (row: CampaignContribution, name: string) => {
      const hit = filled && shipped.some((s) => s.order.id === row.order.id)
      const carrier = hit ? 'USPS' : ''
      const tracking = hit ? trackingOf(shipped.find((s) => s.order.id === row.order.id)!) : ''
      return `${row.order.sequence_number ?? ''},${row.id},,unfulfilled,"${name}",a@example.com,"1,050.00",Core,US,${carrier},${tracking},SKU-1`
    }
    const body = [
      ...shipped.map((row, i) => line(row, `Backer, ${i}`)),
      line(other, 'Nobody "Yet"'.replace(/"/g, '""')),
      ',77777777,,unfulfilled,Gone,g@example.com,5.00,Core,US,,,SKU-1',
    ]
    return Buffer.from(`\uFEFF${[header, ...body].join('\r\n')}\r\n`, 'utf8')
  }
  await app.page.getByLabel('Dashboard contributions file').setInputFiles({
    name: 'contributions.csv',
    mimeType: 'text/csv',
    buffer: file(false),
  })
  const report = app.page.getByLabel('Dashboard file report')
  await report.waitFor()
  const saved = path.join(app.dataDir, 'exports', 'contributions-with-tracking.csv')
  const text = await report.innerText()
  expect(text).toContain(saved)
  expect(text).toContain('3 rows filled with tracking numbers (matched by Pledge ID), of 5.')
  expect(text).toContain('1 row of orders without a tracking number yet')
  expect(text).toContain('1 row not in the offline copy (line 6)')
  expect(fs.readFileSync(saved).equals(file(true))).toBe(true)

  await app.page.getByRole('button', { name: 'Watch the import job →' }).click()
  await until(async () => (await app.page.locator('main').getAttribute('data-view')) === 'jobs')
  expect(app.pageErrors).toEqual([])
}

async function signupsExport(): Promise<void> {
  await goTo(app.page, 'Sign-ups')
  await app.page
    .getByRole('status')
    .getByText(/\d+ sign-ups/)
    .waitFor()
  const exports = path.join(app.dataDir, 'exports')
  const saved = (ext: string) =>
    fs.existsSync(exports)
      ? fs.readdirSync(exports).filter((f) => f.endsWith(ext) && f.includes('-signups-'))
      : []
  await app.page.getByRole('button', { name: 'Export CSV' }).click()
  await until(async () => saved('.csv').length === 1)
  await app.page.getByRole('button', { name: 'Export Excel' }).click()
  await until(async () => saved('.xlsx').length === 1)
  expect(saved('.csv')[0]).toMatch(/-signups-\d{4}-\d\d-\d\d-\d{4}\.csv$/)
  const csv = fs.readFileSync(path.join(exports, saved('.csv')[0]!), 'utf8')
  const shown = await app.page
    .getByRole('status')
    .getByText(/sign-ups/)
    .innerText()
  const listed = count(/[\d,]+/.exec(shown)?.[0] ?? '')
  expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(listed + 1)
  await app.page
    .getByText(/^Saved \d+ sign-ups to /)
    .first()
    .waitFor()
  await screenshots('signups-export')
  expect(app.pageErrors).toEqual([])
}

async function pirateShipCsv(): Promise<void> {
  await goTo(app.page, 'Print & export')
  const panel = app.page.locator('[aria-label="Export"]')
  await panel.locator('[aria-label="CSV format"]').click()
  await app.page.locator('.n-base-select-option').getByText('Pirate Ship', { exact: true }).click()
  await screenshots('export-pirateship')
  await panel.getByRole('button', { name: 'Export CSV' }).click()
  const exports = path.join(app.dataDir, 'exports')
  const proceed = app.page.getByRole('button', { name: 'Continue' })
  // Not the file being written (`.<name>.<id>.tmp`), which is there first.
  const files = () =>
    fs.readdirSync(exports).filter((f) => f.includes('-pirateship-') && !f.startsWith('.'))
  await until(async () => {
    if (await proceed.isVisible()) await proceed.click()
    return files().length === 1
  }, 60_000)
  expect(files()[0]).toMatch(/-pirateship-\d{4}-\d\d-\d\d-\d{4}\.csv$/)
  const lines = fs.readFileSync(path.join(exports, files()[0]!), 'utf8').split('\r\n')
  expect(lines[0]).toBe(
    '\uFEFF"Order ID","Name","Address Line 1","Address Line 2","City","State","Zip Code","Country","Phone","Email","Rubber Stamp 1","Rubber Stamp 2",' +
      '"Weight (oz)","Length (in)","Width (in)","Height (in)","Customs Description","Customs Value"',
  )
  const parcels = new Set(ordersThatShip(filterContributions(rows)).map((r) => r.order.id))
  expect(lines.filter((line) => line !== '')).toHaveLength(parcels.size + 1)
  expect(app.pageErrors).toEqual([])
}

describe('the Progress view, tracking numbers in and the dashboard file out', () => {
  storyTest('totals after a sync, tracking numbers in, labels marked printed, and the files out', [
    [
      'after a sync, shows the campaign totals and a bar per stage for each perk, as the cache has them',
      totalsAfterSync,
      120_000,
    ],
    [
      'previews a generic tracking file, leaves unpacked orders apart until ticked, and "shipped" moves',
      trackingImport,
    ],
    [
      'a labels PDF saved is not printed: Printed moves only after "Mark as printed"',
      labelsMarkedPrinted,
      120_000,
    ],
    ['fills the dashboard file: tracking numbers in, every other byte as it was', dashboardFile],
    ['saves the sign-ups as CSV and Excel under dated names', signupsExport],
    ['exports the shipper CSV for Pirate Ship: a row per parcel, its column names', pirateShipCsv],
  ])
})

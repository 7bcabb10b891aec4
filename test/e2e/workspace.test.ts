/**
 * The workspace as fulfillment staff use it, in Chromium through the web harness, against the
 * simulator serving drifted rows the way a real campaign does (some of them unreadable): sign
 * in, open and sync a campaign, the problem rows, orders and pick list, the order drawer, labels
 * and the Excel export, a batch job, sign-ups, and the same screens again with the API gone.
 */
import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { isKnownStatus } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { shippedPickList, statusText } from '../../src/shared/fulfillment'
import {
  count,
  expectNoMissingText,
  expectSignedIn,
  fillSignIn,
  goTo,
  openCampaign,
  openPage,
  recentEntry,
  screenshot,
  signIn,
  themedScreenshots,
  until,
  storyTest,
  useE2eApp,
} from './support'
import { checkTreeAgainstPickList } from './tree-and-pick-list'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import type { ServedListing } from '../helpers/served-snapshot'

/**
 * A share of rows drifted as real payloads are: at this rate 45 of the 300, 5 of them unreadable
 * and one with a status PerkPack does not know (at 0.05 none of this campaign's has one).
 */
const DRIFT = 0.15

/** What the Status filter holds until someone changes it. */
const DEFAULT_STATUSES: string[] = ['captured', 'in_fulfillment']

// The scenarios below walk one signed-in page (app.page) through the workspace, in order.
const app = useE2eApp({
  name: 'workspace',
  // The demo team member's first campaign: the primary one, with 300 contributions.
  simulator: { contributions: 300, drift: DRIFT, faults: { latencyMs: 15 } },
})
/** What the listing serves: drifted rows as served, and which rows are broken. */
let served: ServedListing

beforeAll(() => {
  served = servedListing(app.sim, app.campaignId, true)
})

/**
 * The readable rows the simulator serves for the campaign, as the model reads them and in the
 * order the offline copy keeps them: the truth the screens are checked against.
 */
function simRows(): CampaignContribution[] {
  return servedModels(served)
}

/** The readable rows: the orders a sync keeps. */
const goodCount = () => served.good.size

/** The drawer's title for an order: its number, or its order id when the API sent none. */
function drawerTitle(row: CampaignContribution): string {
  const sequence = row.order.sequence_number
  return sequence == null ? `Order ID ${row.order.id}` : `Order #${sequence}`
}

/** The Orders table's rows on screen (the table scrolls virtually: not every order). */
function orderRows() {
  return app.page.getByLabel('Orders', { exact: true }).locator('.order-row')
}

async function signInToTheWorkspace(): Promise<void> {
  await app.open()
  await app.page.getByLabel('API token').waitFor()
  await themedScreenshots(app.page, 'sign-in')
  await signIn(app.page, app.sim.credentials)
  await expect
    .poll(() => app.page.getByRole('heading', { name: 'Campaigns', exact: true }).isVisible())
    .toBe(true)
  await expectSignedIn(app.page, app.sim.credentials.email)
}

async function openWithProgress(): Promise<void> {
  // 300 contributions are 10 pages; slow the API down so the progress can be watched.
  app.sim.setFaults({ latencyMs: 400 })
  try {
    // No "Sync now": a campaign opened without an offline copy syncs at once.
    await openCampaign(app.page, app.campaignId)
    const bar = app.page
      .getByRole('region', { name: 'Sync' })
      .getByRole('progressbar', { name: 'Sync progress' })
    await bar.waitFor()
    const numbers = app.page.getByTestId('sync-progress-text')
    // Pages and records counted, and the bar moved: read together while the sync runs.
    const seen = async () => {
      const [text, now] = await Promise.all([
        numbers.innerText({ timeout: 1000 }),
        bar.getAttribute('aria-valuenow', { timeout: 1000 }),
      ])
      return /pages [1-9]\d* of 10 · records [1-9][\d,]* of 300/.test(text) && Number(now) > 0
    }
    await expect.poll(seen, { interval: 50 }).toBe(true)
    await screenshot(app.page, 'campaigns-sync-progress')
  } finally {
    app.sim.setFaults({ latencyMs: 15 })
  }
  // Done: the app says so and opens Orders; Campaigns lists the campaign with its count.
  // The orders are the readable rows: 300 less the unreadable ones.
  expect(goodCount()).toBe(300 - served.plan.broken.length)
  await app.page.getByText(`Synced ${goodCount()} orders in`).waitFor()
  await app.page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
  await goTo(app.page, 'Campaigns')
  await expect
    .poll(() => recentEntry(app.page, app.campaignId).innerText())
    .toContain(`${goodCount()} orders`)
  expect(await app.page.getByRole('progressbar', { name: 'Sync progress' }).count()).toBe(0)
  await app.page.getByRole('button', { name: 'Sync now' }).waitFor()
  await screenshot(app.page, 'campaigns-synced')
}

async function problemRows(): Promise<void> {
  const { broken, nonNumericIds } = served.plan
  expect(broken.length).toBeGreaterThan(0)
  await goTo(app.page, 'Orders')
  const banner = app.page.getByTestId('problem-banner')
  await expect
    .poll(() => banner.innerText())
    .toContain(`${broken.length} contributions could not be read`)
  await banner.getByRole('button', { name: 'Show details' }).click()
  const list = app.page.getByRole('list', { name: 'Contributions that could not be read' })
  await list.waitFor()
  const names = await list
    .locator('li.problem-row')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
  expect(names).toHaveLength(broken.length)
  // Rows are named by their order number as served (else their id) and backer; the rest by
  // their place in the listing.
  const withId = broken.filter((id) => !nonNumericIds.includes(id))
  const expected = withId.map((id) => {
    const raw = served.broken.get(id) as { order?: { sequence_number?: unknown } | null }
    const sequence = Number(raw.order?.sequence_number ?? NaN)
    return Number.isInteger(sequence) ? `Order #${sequence}` : `Contribution ${id}`
  })
  const named = names.filter((name) => !/^Row \d+ \(no usable id\)/.test(name ?? ''))
  expect(named.map((name) => name?.split(',')[0]).sort()).toEqual(expected.sort())
  expect(await app.page.getByText(`${broken.length} of 300 contributions`).count()).toBe(1)
  await screenshot(app.page, 'problem-rows')
  await app.page.keyboard.press('Escape')
  await list.waitFor({ state: 'hidden' })
}

async function unknownStatuses(): Promise<void> {
  const unknown = new Map<string, number>()
  for (const row of simRows()) {
    const status = row.order.status
    if (!isKnownStatus(status)) unknown.set(status, (unknown.get(status) ?? 0) + 1)
  }
  const total = [...unknown.values()].reduce((sum, n) => sum + n, 0)
  expect(total).toBeGreaterThan(0)
  await goTo(app.page, 'Orders')
  const note = app.page.getByTestId('unknown-statuses')
  // The default filter leaves them out: the note says how many and offers to show them.
  await expect
    .poll(() => note.innerText())
    .toContain(`${total} order${total === 1 ? '' : 's'} with a status PerkPack does not know`)
  const title = (await note.getAttribute('title')) ?? ''
  for (const [status, n] of unknown) expect(title).toContain(`${statusText(status)} (${n})`)
  expectNoMissingText(await app.page.locator('body').innerText(), 'Orders')
}

async function treeAndPickList(): Promise<void> {
  const all = await checkTreeAgainstPickList(app.page)
  // And both are the simulator's data under the default filter (captured + in fulfillment):
  // the tree every order, the pick list the orders that ship (as printed).
  const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
  const units = shown.reduce(
    (sum, r) =>
      sum + r.order.perks.reduce((s, p) => s + p.items.reduce((t, i) => t + i.quantity, 0), 0),
    0,
  )
  expect(all.treeUnits).toBe(units)
  expect(all.orders).toBe(shown.length)
  const picked = shippedPickList(shown)
  expect(all.units).toBe(picked.totals.units)
  expect(all.pickOrders).toBe(picked.totals.orders)
  expect(all.variants).toBe(picked.rows.length)
  const status = await app.page.getByLabel('Status', { exact: true }).innerText()
  expect(status).toContain('Captured')
  expect(status).toContain('In fulfillment')

  // Narrow to the commonest country (on the pick list: the filter is shared with Orders).
  const tally = new Map<string, number>()
  for (const row of shown) {
    const code = row.order.shipping?.country
    if (code) tally.set(code, (tally.get(code) ?? 0) + 1)
  }
  const [chosen] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? ['']
  const country = app.page.getByLabel('Country', { exact: true })
  await country.click()
  await app.page.keyboard.type(chosen)
  await app.page.keyboard.press('Enter')
  // The filter names the country and its orders: "United States (103)".
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(chosen)
  await expect.poll(() => country.innerText()).toMatch(new RegExp(`^${name} \\([\\d,]+\\)$`))
  await until(async () => {
    const totals = await app.page.getByTestId('pick-list-totals').innerText()
    return count(/([\d,]+) units?/.exec(totals)?.[1] ?? '') < all.units
  })
  const one = await checkTreeAgainstPickList(app.page)
  expect(one.units).toBeGreaterThan(0)
  const inCountry = shown.filter((r) => r.order.shipping?.country === chosen)
  expect(one.orders).toBe(inCountry.length)
  expect(one.units).toBe(shippedPickList(inCountry).totals.units)
  // The Orders table is filtered too: every row ships to that country.
  await goTo(app.page, 'Orders')
  await until(async () => (await orderRows().count()) > 0)
  const countries = await orderRows().locator('[role="cell"]:last-child').allInnerTexts()
  expect(countries.length).toBeGreaterThan(0)
  expect(new Set(countries.map((c) => c.trim()))).toEqual(new Set([chosen]))
  await screenshot(app.page, 'orders-country-filter')

  // Back to every country for what follows.
  await country.hover()
  await country.locator('.n-base-clear').click()
  await until(async () =>
    (await app.page.getByRole('navigation', { name: 'Perks' }).innerText()).includes(
      `${all.units.toLocaleString('en-US')} units`,
    ),
  )
  await goTo(app.page, 'Pick list')
  await app.page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
  expectNoMissingText(await app.page.locator('body').innerText(), 'Pick list')
  await screenshot(app.page, 'pick-list')

  // The pick list's status menu is the Orders view's: orders per status, and the statuses
  // PerkPack does not know, selectable.
  await app.page.getByLabel('Status', { exact: true }).click()
  const menu = app.page.getByRole('listbox')
  await menu.getByText('Not known to PerkPack').waitFor()
  const captured = simRows().filter((r) => r.order.status === 'captured').length
  expect(await menu.innerText()).toContain(`Captured (${captured})`)
  await screenshot(app.page, 'pick-list-status-menu')
  await app.page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
}

async function drawerAddress(): Promise<void> {
  await goTo(app.page, 'Orders')
  // A captured order (shown by the default filter) with an address, found by its e-mail.
  // One served clean: its e-mail finds it alone, and its address has every part.
  const target = simRows().find(
    (row) =>
      !served.plan.rows.has(row.id) &&
      row.order.status === 'captured' &&
      row.order.shipping &&
      row.email,
  )
  expect(target).toBeDefined()
  const shipping = target?.order.shipping
  await app.page.getByLabel('Search orders').fill(target?.email ?? '')
  const rows = orderRows()
  await until(async () => (await rows.count()) === 1)
  await expect.poll(() => rows.first().innerText()).toContain(`#${target?.order.sequence_number}`)
  await rows.first().click()

  const drawer = app.page.getByRole('dialog', { name: 'Order details' })
  await drawer.waitFor()
  await expect.poll(() => drawer.innerText()).toContain(`Order #${target?.order.sequence_number}`)
  const address = drawer.getByTestId('shipping-address')
  const text = (await address.innerText()).toLowerCase()
  expect(text).toContain(shipping?.name?.toLowerCase())
  expect(text).toContain(shipping?.city?.toLowerCase())
  expect(text).toContain(shipping?.zipcode?.toLowerCase())
  // One line per part, the country spelled out last.
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  expect(lines.length).toBeGreaterThanOrEqual(3)
  expect(lines[0]).toBe(shipping?.name?.toLowerCase())
  expectNoMissingText(await drawer.innerText(), 'order drawer')
  await screenshot(app.page, 'orders-drawer')

  await app.page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'hidden' })
  await app.page.getByLabel('Search orders').fill('')
}

async function keyboardPaging(): Promise<void> {
  await goTo(app.page, 'Orders')
  // Main sends the first page with the answer; the rest arrive as the table scrolls to them.
  const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
  expect(shown.length).toBeGreaterThan(200)
  await expect.poll(() => app.page.locator('.count').innerText()).toBe(`${shown.length} orders`)
  const table = app.page.getByRole('table', { name: 'Orders' })
  expect(await table.getAttribute('aria-rowcount')).toBe(String(shown.length + 1))
  // Rows are named by contribution id: a drifted order may have come without its number.
  const first = orderRows().first()
  await expect.poll(() => first.getAttribute('data-order-id')).toBe(String(shown[0]!.id))
  await first.focus()

  await app.page.keyboard.press('End')
  const focused = app.page.locator('[role="row"]:focus')
  await expect.poll(() => focused.getAttribute('aria-rowindex')).toBe(String(shown.length + 1))
  await expect.poll(() => focused.getAttribute('data-order-id')).toBe(String(shown.at(-1)!.id))
  const scroller = table.locator('.orders-body')
  const bottom = await scroller.evaluate((el) => el.scrollTop)
  await app.page.keyboard.press('ArrowUp')
  await expect.poll(() => focused.getAttribute('data-order-id')).toBe(String(shown.at(-2)!.id))
  // The row above was on screen already: the list stays put, and Tab has one stop, this row.
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(bottom)
  const tabStops = table.locator('[role="row"][tabindex="0"]')
  expect(await tabStops.count()).toBe(1)
  expect(await tabStops.getAttribute('aria-rowindex')).toBe(String(shown.length))
  // Every row on screen is a real order by now, in the order main keeps them.
  expect(await table.locator('.order-placeholder').count()).toBe(0)
  const ids = await orderRows().evaluateAll((rows) => rows.map((r) => r.dataset.orderId))
  const expected = shown.map((r) => String(r.id))
  expect(ids.length).toBeGreaterThan(5)
  expect(expected.join(',')).toContain(ids.join(','))

  await app.page.keyboard.press('Enter')
  const drawer = app.page.getByRole('dialog', { name: 'Order details' })
  await expect.poll(() => drawer.innerText()).toContain(drawerTitle(shown.at(-2)!))
  await screenshot(app.page, 'orders-last-row')
  await app.page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'hidden' })
}

async function printAndExport(): Promise<void> {
  const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
  const { broken, nonNumericIds } = served.plan
  await goTo(app.page, 'Print & export')
  const labels = app.page.getByLabel('Shipping labels', { exact: true })
  const summary = labels.locator('.summary')
  await expect.poll(() => summary.innerText()).toMatch(/labels? on [\d,]+ sheets?/)
  // Every selected order is a label or is counted as left out (nothing to ship, or no address).
  const text = await summary.innerText()
  const printed = count(/^([\d,]+) labels?/.exec(text)?.[1] ?? '')
  const skipped = count(/([\d,]+) orders? left out/.exec(text)?.[1] ?? '0')
  expect(printed + skipped).toBe(shown.length)
  const sheet = app.page.frameLocator('iframe[title="Label preview"]').locator('body')
  expectNoMissingText(await sheet.innerText(), 'label preview')
  // The checks count the unreadable rows before anything ships.
  await app.page.getByText(`${broken.length} contributions could not be read`).first().waitFor()
  expectNoMissingText(await app.page.locator('body').innerText(), 'Print & export')
  await screenshot(app.page, 'print-export')

  const exports = path.join(app.dataDir, 'exports')
  await app.page.getByRole('button', { name: 'Export Excel' }).click()
  await until(async () => (await app.page.getByText(/\.xlsx/).count()) > 0, 60_000)
  const files = fs.readdirSync(exports).filter((name) => name.endsWith('.xlsx'))
  expect(files).toHaveLength(1)
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(path.join(exports, files[0]!))
  const problems = book.getWorksheet('Problems')
  expect(problems).toBeDefined()
  const header = (problems?.getRow(1).values as unknown[]).slice(1)
  const at = (name: string) => header.indexOf(name)
  const all: unknown[][] = []
  problems?.eachRow((row, n) => n > 1 && all.push((row.values as unknown[]).slice(1)))
  // A line per field of a problem row (they carry their row number); the lines after them are
  // the exported orders' items PerkPack cannot read.
  const lines = all.filter((line) => typeof line[at('Row')] === 'number')
  const withId = broken.filter((id) => !nonNumericIds.includes(id))
  const listed = new Set(
    lines.map((line) => Number(line[at('Contribution ID')])).filter((id) => id > 0),
  )
  expect([...listed].sort()).toEqual([...withId].sort())
  expect(new Set(lines.map((line) => line[at('Row')])).size).toBe(broken.length)
}

async function batchJob(): Promise<void> {
  const job = app.sim.dataset.jobs.find(
    (j) => j.campaignId === app.campaignId && j.outcome === 'completed' && j.total > 100,
  )
  expect(job).toBeDefined()
  const jobId = job?.jobId ?? ''
  await goTo(app.page, 'Batch jobs')
  await app.page.getByLabel('Job ID').fill(jobId)
  await app.page.getByRole('button', { name: 'Watch job' }).click()
  const card = app.page.getByLabel(`Batch job ${jobId}`, { exact: true })
  await card.waitFor()
  const tag = card.locator('.n-tag').first()
  await expect.poll(() => tag.innerText(), { timeout: 20_000 }).toBe('Completed')
  const bar = card.getByRole('progressbar', { name: `Progress of ${jobId}` })
  expect(await bar.getAttribute('aria-valuenow')).toBe('100')
  expect(await card.innerText()).toContain(`${job?.total} / ${job?.total}`)
  await expect.poll(() => card.innerText()).toContain('no longer polled')
  await screenshot(app.page, 'jobs')
}

async function signUps(): Promise<void> {
  const expected = app.sim.dataset.signups.get(app.campaignId)?.length ?? 0
  expect(expected).toBeGreaterThan(0)
  await goTo(app.page, 'Sign-ups')
  const status = app.page.getByRole('status').filter({ hasText: /sign-ups?$/ })
  await expect.poll(() => status.innerText()).toBe(`${expected.toLocaleString('en-US')} sign-ups`)
  const first = app.sim.dataset.signups.get(app.campaignId)?.[0]?.email ?? ''
  const table = app.page.getByLabel('Sign-ups', { exact: true })
  await table.getByText(first, { exact: true }).waitFor()
  // The e-mail search narrows the list.
  await app.page.getByLabel('Search e-mails').fill(first)
  await expect.poll(() => status.innerText()).toBe(`1 of ${expected} sign-ups`)
  await app.page.getByLabel('Search e-mails').fill('')
  await screenshot(app.page, 'signups')
}

async function settingsFields(): Promise<void> {
  await goTo(app.page, 'Settings')
  const station = app.page.getByLabel('Station name', { exact: true })
  await station.fill('Desk 7')
  for (const label of ['API base URL', 'Auth URL', 'Sync concurrency', 'Packing slip footer']) {
    await expect.poll(() => app.page.getByLabel(label, { exact: true }).isVisible()).toBe(true)
  }
  const account = app.page.locator('[aria-label="Account"]')
  await expect.poll(() => account.innerText()).toContain(app.sim.credentials.email)
  await themedScreenshots(app.page, 'settings')
  expect(await station.inputValue()).toBe('Desk 7')
  await station.fill('')
}

async function offline(): Promise<void> {
  const expectedSignups = app.sim.dataset.signups.get(app.campaignId)?.length ?? 0
  await app.sim.close()
  await app.page.reload()
  await expectSignedIn(app.page, app.sim.credentials.email)
  const offlineBadge = app.page
    .getByRole('navigation', { name: 'PerkPack' })
    .getByText('Offline', { exact: true })
  const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))

  await goTo(app.page, 'Orders')
  await app.page
    .getByRole('navigation', { name: 'Perks' })
    .getByText(`All orders — ${shown.length} orders`)
    .waitFor()
  await until(async () => (await orderRows().count()) > 0)

  await goTo(app.page, 'Pick list')
  await app.page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
  expect(await app.page.getByTestId('pick-list-totals').innerText()).toMatch(/[1-9][\d,]* units/)

  await goTo(app.page, 'Sign-ups')
  const status = app.page.getByRole('status').filter({ hasText: /sign-ups?$/ })
  await expect
    .poll(() => status.innerText())
    .toBe(`${expectedSignups.toLocaleString('en-US')} sign-ups`)
  const firstSignup = app.sim.dataset.signups.get(app.campaignId)?.[0]?.email ?? ''
  await app.page.getByLabel('Sign-ups', { exact: true }).getByText(firstSignup).waitFor()

  // Nothing has failed yet: no badge. A sync tries the API, fails, and the badge appears.
  expect(await offlineBadge.count()).toBe(0)
  await goTo(app.page, 'Campaigns')
  await app.page.getByRole('button', { name: 'Sync now' }).click()
  await offlineBadge.waitFor()
  const failed = app.page.getByRole('alert').filter({ hasText: 'Sync failed' })
  await failed.waitFor()
  expect(await failed.innerText()).toContain('The last complete offline copy is kept.')
  // The offline copy is still listed with its count.
  expect(await recentEntry(app.page, app.campaignId).innerText()).toContain(`${goodCount()} orders`)
  await screenshot(app.page, 'offline')

  await goTo(app.page, 'Orders')
  await until(async () => (await orderRows().count()) > 0)
  await screenshot(app.page, 'offline-orders')
  expect(app.pageErrors).toEqual([])
}

describe('the workspace in Chromium, through the web harness and the simulator', () => {
  it('a wrong password shows a clear message and no stack trace', async () => {
    // Its own context: nothing signed in yet, nothing left behind for the scenarios below.
    const own = await openPage(app.browser, app.harness.openUrl)
    try {
      const { page: signInPage } = own
      await fillSignIn(signInPage, { ...app.sim.credentials, password: 'not-the-password' })
      await signInPage.getByRole('button', { name: 'Sign in' }).click()
      const alert = signInPage.getByRole('alert')
      await alert.waitFor()
      const text = await alert.innerText()
      expect(text).toContain('Could not sign in')
      expect(text).toMatch(/e-mail/i)
      expect(text).toMatch(/password/i)
      // A message for a person: no error class names, no stack frames, no secrets.
      const body = await signInPage.locator('body').innerText()
      expect(body).not.toMatch(/\bat \S+ \(|\.ts:\d+|Error:|InvalidCredentials|stack/)
      expect(body).not.toContain('not-the-password')
      expect(body).not.toContain(app.sim.credentials.apiToken)
      // Still on the sign-in screen.
      await expect.poll(() => signInPage.getByLabel('API token').isVisible()).toBe(true)
      await screenshot(signInPage, 'sign-in-wrong-password')
      expect(own.pageErrors).toEqual([])
    } finally {
      await own.context.close()
    }
  })

  storyTest(
    'signs in, syncs with progress, works through every screen, then does without the API',
    [
      [
        'signs in with API token, e-mail and password: the workspace shows the e-mail',
        signInToTheWorkspace,
      ],
      [
        'opens a campaign, which starts its first sync at once, with a visible progress bar',
        openWithProgress,
      ],
      [
        'the contributions that could not be read: a banner with their number opens their list',
        problemRows,
      ],
      [
        'orders with a status PerkPack does not know are counted and named in words',
        unknownStatuses,
      ],
      [
        'the tree counts every order, the pick list the orders that ship, for the default and a country filter',
        treeAndPickList,
      ],
      ['clicking an order opens the drawer with its formatted shipping address', drawerAddress],
      [
        'the table pages through every order from the keyboard: End reaches the last one',
        keyboardPaging,
      ],
      [
        'Print & export: the label preview, the checks and an Excel file with a Problems sheet',
        printAndExport,
      ],
      ['a watched batch job reaches completed with its progress at 100%', batchJob],
      ['loads the sign-ups while online', signUps],
      [
        'Settings names every field by its label and keeps what was typed until saved',
        settingsFields,
      ],
      [
        'with the API gone, orders, pick list and sign-ups still show, and "Offline" appears',
        offline,
      ],
    ],
  )
})

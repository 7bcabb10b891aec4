/**
 * The workspace as fulfillment staff use it, in Chromium through the web harness, against the
 * simulator serving drifted rows the way a real campaign does (some of them unreadable): sign
 * in, open and sync a campaign, the problem rows, orders and pick list, the order drawer, labels
 * and the Excel export, a batch job, sign-ups, and the same screens again with the API gone.
 */
import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isKnownStatus } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import type { Harness } from '../../src/web/server'
import {
  count,
  expectNoMissingText,
  expectSignedIn,
  fillSignIn,
  goTo,
  launchBrowser,
  openCampaign,
  openPage,
  recentEntry,
  removeDir,
  screenshot,
  signIn,
  startAppHarness,
  tempDataDir,
  until,
} from './support'
import { checkTreeAgainstPickList } from './tree-and-pick-list'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import type { ServedListing } from '../helpers/served-snapshot'

let sim: Simulator
let harness: Harness
let harnessLog: string[] = []
let browser: Browser
let dataDir: string
/** The one signed-in page the scenarios below walk through, in order. */
let context: BrowserContext
let page: Page
let pageErrors: string[] = []
let campaignId: number
/** What the listing serves: drifted rows as served, and which rows are broken. */
let served: ServedListing

/**
 * A share of rows drifted as real payloads are: at this rate 45 of the 300, 5 of them unreadable
 * and one with a status PerkPack does not know (at 0.05 none of this campaign's has one).
 */
const DRIFT = 0.15

/** What the Status filter holds until someone changes it. */
const DEFAULT_STATUSES: string[] = ['captured', 'in_fulfillment']

beforeAll(async () => {
  sim = await startSimulator({ contributions: 300, drift: DRIFT, faults: { latencyMs: 15 } })
  // The demo team member's first campaign: the primary one, with 300 contributions.
  campaignId = sim.campaignIds[0] as number
  served = servedListing(sim, campaignId, true)
  dataDir = tempDataDir()
  ;({ harness, log: harnessLog } = await startAppHarness(sim, { dataDir }))
  browser = await launchBrowser()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await harness?.close()
  await sim?.close()
  removeDir(dataDir)
})

// What the screen looked like when a scenario failed: the first thing to look at in CI.
afterEach(async (test) => {
  if (test.task.result?.state !== 'fail') return
  if (page && !page.isClosed()) {
    await screenshot(page, `failed-${test.task.name.replace(/\W+/g, '-').slice(0, 60)}`)
  }
  if (harnessLog.length) console.error(`harness log:\n${harnessLog.slice(-40).join('\n')}`)
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
  return page.getByLabel('Orders', { exact: true }).locator('.order-row')
}

describe('the workspace in Chromium, through the web harness and the simulator', () => {
  it('a wrong password shows a clear message and no stack trace', async () => {
    // Its own context: nothing signed in yet, nothing left behind for the scenarios below.
    const own = await openPage(browser, harness.url)
    try {
      const { page: signInPage } = own
      await fillSignIn(signInPage, { ...sim.credentials, password: 'not-the-password' })
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
      expect(body).not.toContain(sim.credentials.apiToken)
      // Still on the sign-in screen.
      await expect.poll(() => signInPage.getByLabel('API token').isVisible()).toBe(true)
      await screenshot(signInPage, 'sign-in-wrong-password')
      expect(own.pageErrors).toEqual([])
    } finally {
      await own.context.close()
    }
  })

  it('signs in with API token, e-mail and password: the workspace shows the e-mail', async () => {
    ;({ context, page, pageErrors } = await openPage(browser, harness.url))
    await page.getByLabel('API token').waitFor()
    await screenshot(page, 'sign-in')
    await signIn(page, sim.credentials)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Campaigns', exact: true }).isVisible())
      .toBe(true)
    await expectSignedIn(page, sim.credentials.email)
  })

  it('opens a campaign and syncs it with a visible progress bar', async () => {
    await openCampaign(page, campaignId)
    // 300 contributions are 10 pages; slow the API down so the progress can be watched.
    sim.setFaults({ latencyMs: 400 })
    try {
      await page.getByRole('button', { name: 'Sync now' }).click()
      const bar = page
        .getByRole('region', { name: 'Sync' })
        .getByRole('progressbar', { name: 'Sync progress' })
      await bar.waitFor()
      const numbers = page.getByTestId('sync-progress-text')
      // Pages and records counted, and the bar moved: read together while the sync runs.
      const seen = async () => {
        const [text, now] = await Promise.all([
          numbers.innerText({ timeout: 1000 }),
          bar.getAttribute('aria-valuenow', { timeout: 1000 }),
        ])
        return /pages [1-9]\d* of 10 · records [1-9][\d,]* of 300/.test(text) && Number(now) > 0
      }
      await expect.poll(seen, { interval: 50 }).toBe(true)
      await screenshot(page, 'campaigns-sync-progress')
    } finally {
      sim.setFaults({ latencyMs: 15 })
    }
    // Done: the app says so and opens Orders; Campaigns lists the campaign with its count.
    // The orders are the readable rows: 300 less the unreadable ones.
    expect(goodCount()).toBe(300 - served.plan.broken.length)
    await page.getByText(`Synced ${goodCount()} orders in`).waitFor()
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
    await goTo(page, 'Campaigns')
    await expect
      .poll(() => recentEntry(page, campaignId).innerText())
      .toContain(`${goodCount()} orders`)
    expect(await page.getByRole('progressbar', { name: 'Sync progress' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Sync now' }).waitFor()
    await screenshot(page, 'campaigns-synced')
  })

  it('the contributions that could not be read: a banner with their number opens their list', async () => {
    const { broken, nonNumericIds } = served.plan
    expect(broken.length).toBeGreaterThan(0)
    await goTo(page, 'Orders')
    const banner = page.getByTestId('problem-banner')
    await expect
      .poll(() => banner.innerText())
      .toContain(`${broken.length} contributions could not be read`)
    await banner.getByRole('button', { name: 'Show details' }).click()
    const list = page.getByRole('list', { name: 'Contributions that could not be read' })
    await list.waitFor()
    const names = await list
      .locator('li.problem-row')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
    expect(names).toHaveLength(broken.length)
    // Rows with a usable id are named by it; the others by their place in the listing.
    const withId = broken.filter((id) => !nonNumericIds.includes(id))
    expect(names.filter((name) => !/no usable id/.test(name ?? '')).sort()).toEqual(
      withId.map((id) => `Contribution ${id}`).sort(),
    )
    expect(await page.getByText(`${broken.length} of 300 contributions`).count()).toBe(1)
    await screenshot(page, 'problem-rows')
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
  })

  it('orders with a status PerkPack does not know are counted and named as sent', async () => {
    const unknown = new Map<string, number>()
    for (const row of simRows()) {
      const status = row.order.status
      if (!isKnownStatus(status)) unknown.set(status, (unknown.get(status) ?? 0) + 1)
    }
    const total = [...unknown.values()].reduce((sum, n) => sum + n, 0)
    expect(total).toBeGreaterThan(0)
    await goTo(page, 'Orders')
    const note = page.getByTestId('unknown-statuses')
    // The default filter leaves them out: the note says how many and offers to show them.
    await expect
      .poll(() => note.innerText())
      .toContain(`${total} order${total === 1 ? '' : 's'} with a status PerkPack does not know`)
    const title = (await note.getAttribute('title')) ?? ''
    for (const [status, n] of unknown) expect(title).toContain(`${status} (${n})`)
    expectNoMissingText(await page.locator('body').innerText(), 'Orders')
  })

  it("the tree's counts equal the pick list's numbers, for the default and a country filter", async () => {
    const all = await checkTreeAgainstPickList(page)
    // And both are the simulator's data under the default filter (captured + in fulfillment).
    const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
    const units = shown.reduce(
      (sum, r) =>
        sum + r.order.perks.reduce((s, p) => s + p.items.reduce((t, i) => t + i.quantity, 0), 0),
      0,
    )
    expect(all.units).toBe(units)
    expect(all.orders).toBe(shown.length)
    const status = await page.getByLabel('Status', { exact: true }).innerText()
    expect(status).toContain('Captured')
    expect(status).toContain('In fulfillment')

    // Narrow to the commonest country (on the pick list: the filter is shared with Orders).
    const tally = new Map<string, number>()
    for (const row of shown) {
      const code = row.order.shipping?.country
      if (code) tally.set(code, (tally.get(code) ?? 0) + 1)
    }
    const [chosen] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? ['']
    const country = page.getByLabel('Country', { exact: true })
    await country.click()
    await page.keyboard.type(chosen)
    await page.keyboard.press('Enter')
    await expect.poll(() => country.innerText()).toBe(chosen)
    await until(async () => {
      const totals = await page.getByTestId('pick-list-totals').innerText()
      return count(/([\d,]+) units?/.exec(totals)?.[1] ?? '') < all.units
    })
    const one = await checkTreeAgainstPickList(page)
    expect(one.units).toBeGreaterThan(0)
    expect(one.orders).toBe(shown.filter((r) => r.order.shipping?.country === chosen).length)
    // The Orders table is filtered too: every row ships to that country.
    await goTo(page, 'Orders')
    await until(async () => (await orderRows().count()) > 0)
    const countries = await orderRows().locator('[role="cell"]:last-child').allInnerTexts()
    expect(countries.length).toBeGreaterThan(0)
    expect(new Set(countries.map((c) => c.trim()))).toEqual(new Set([chosen]))
    await screenshot(page, 'orders-country-filter')

    // Back to every country for what follows.
    await country.hover()
    await country.locator('.n-base-clear').click()
    await until(async () =>
      (await page.getByRole('navigation', { name: 'Perks' }).innerText()).includes(
        `${all.units.toLocaleString('en-US')} units`,
      ),
    )
    await goTo(page, 'Pick list')
    await page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
    expectNoMissingText(await page.locator('body').innerText(), 'Pick list')
    await screenshot(page, 'pick-list')
  })

  it('clicking an order opens the drawer with its formatted shipping address', async () => {
    await goTo(page, 'Orders')
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
    await page.getByLabel('Search orders').fill(target?.email ?? '')
    const rows = orderRows()
    await until(async () => (await rows.count()) === 1)
    await expect.poll(() => rows.first().innerText()).toContain(`#${target?.order.sequence_number}`)
    await rows.first().click()

    const drawer = page.getByRole('dialog', { name: 'Order details' })
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
    await screenshot(page, 'orders-drawer')

    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await page.getByLabel('Search orders').fill('')
  })

  it('the table pages through every order from the keyboard: End reaches the last one', async () => {
    await goTo(page, 'Orders')
    // Main sends the first page with the answer; the rest arrive as the table scrolls to them.
    const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
    expect(shown.length).toBeGreaterThan(200)
    await expect.poll(() => page.locator('.count').innerText()).toBe(`${shown.length} orders`)
    const table = page.getByRole('table', { name: 'Orders' })
    expect(await table.getAttribute('aria-rowcount')).toBe(String(shown.length + 1))
    // Rows are named by contribution id: a drifted order may have come without its number.
    const first = orderRows().first()
    await expect.poll(() => first.getAttribute('data-order-id')).toBe(String(shown[0]!.id))
    await first.focus()

    await page.keyboard.press('End')
    const focused = page.locator('[role="row"]:focus')
    await expect.poll(() => focused.getAttribute('aria-rowindex')).toBe(String(shown.length + 1))
    await expect.poll(() => focused.getAttribute('data-order-id')).toBe(String(shown.at(-1)!.id))
    const scroller = table.locator('.v-vl')
    const bottom = await scroller.evaluate((el) => el.scrollTop)
    await page.keyboard.press('ArrowUp')
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

    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Order details' })
    await expect.poll(() => drawer.innerText()).toContain(drawerTitle(shown.at(-2)!))
    await screenshot(page, 'orders-last-row')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
  })

  it('Print & export: the label preview, the checks and an Excel file with a Problems sheet', async () => {
    const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))
    const { broken, nonNumericIds } = served.plan
    await goTo(page, 'Print & export')
    const labels = page.getByLabel('Shipping labels', { exact: true })
    const summary = labels.locator('.summary')
    await expect.poll(() => summary.innerText()).toMatch(/labels? on [\d,]+ sheets?/)
    // Every selected order is a label or is named as skipped (no address to print).
    const text = await summary.innerText()
    const printed = count(/^([\d,]+) labels?/.exec(text)?.[1] ?? '')
    const skipped = count(/([\d,]+) orders? without an address/.exec(text)?.[1] ?? '0')
    expect(printed + skipped).toBe(shown.length)
    const sheet = page.frameLocator('iframe[title="Label preview"]').locator('body')
    expectNoMissingText(await sheet.innerText(), 'label preview')
    // The checks count the unreadable rows before anything ships.
    await page.getByText(`${broken.length} contributions could not be read`).first().waitFor()
    expectNoMissingText(await page.locator('body').innerText(), 'Print & export')
    await screenshot(page, 'print-export')

    const exports = path.join(dataDir, 'exports')
    await page.getByRole('button', { name: 'Export Excel' }).click()
    await until(async () => (await page.getByText(/\.xlsx/).count()) > 0, 60_000)
    const files = fs.readdirSync(exports).filter((name) => name.endsWith('.xlsx'))
    expect(files).toHaveLength(1)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(path.join(exports, files[0]!))
    const problems = book.getWorksheet('Problems')
    expect(problems).toBeDefined()
    const lines: unknown[][] = []
    problems?.eachRow((row, n) => n > 1 && lines.push((row.values as unknown[]).slice(1)))
    // A line per field: the broken rows with an id are the ids listed, each at least once.
    const withId = broken.filter((id) => !nonNumericIds.includes(id))
    const listed = new Set(lines.map(([id]) => Number(id)).filter((id) => id > 0))
    expect([...listed].sort()).toEqual([...withId].sort())
    expect(new Set(lines.map(([, row]) => row)).size).toBe(broken.length)
  })

  it('a watched batch job reaches completed with its progress at 100%', async () => {
    const job = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'completed' && j.total > 100,
    )
    expect(job).toBeDefined()
    const jobId = job?.jobId ?? ''
    await goTo(page, 'Batch jobs')
    await page.getByLabel('Job ID').fill(jobId)
    await page.getByRole('button', { name: 'Watch job' }).click()
    const card = page.getByLabel(`Batch job ${jobId}`, { exact: true })
    await card.waitFor()
    const tag = card.locator('.n-tag').first()
    await expect.poll(() => tag.innerText(), { timeout: 20_000 }).toBe('completed')
    const bar = card.getByRole('progressbar', { name: `Progress of ${jobId}` })
    expect(await bar.getAttribute('aria-valuenow')).toBe('100')
    expect(await card.innerText()).toContain(`${job?.total} / ${job?.total}`)
    await expect.poll(() => card.innerText()).toContain('no longer polled')
    await screenshot(page, 'jobs')
  })

  it('loads the sign-ups while online', async () => {
    const expected = sim.dataset.signups.get(campaignId)?.length ?? 0
    expect(expected).toBeGreaterThan(0)
    await goTo(page, 'Sign-ups')
    const status = page.getByRole('status').filter({ hasText: /sign-ups?$/ })
    await expect.poll(() => status.innerText()).toBe(`${expected.toLocaleString('en-US')} sign-ups`)
    const first = sim.dataset.signups.get(campaignId)?.[0]?.email ?? ''
    const table = page.getByLabel('Sign-ups', { exact: true })
    await table.getByText(first, { exact: true }).waitFor()
    // The e-mail search narrows the list.
    await page.getByLabel('Search e-mails').fill(first)
    await expect.poll(() => status.innerText()).toBe(`1 of ${expected} sign-ups`)
    await page.getByLabel('Search e-mails').fill('')
    await screenshot(page, 'signups')
  })

  it('with the API gone, orders, pick list and sign-ups still show, and "Offline" appears', async () => {
    const expectedSignups = sim.dataset.signups.get(campaignId)?.length ?? 0
    await sim.close()
    await page.reload()
    await expectSignedIn(page, sim.credentials.email)
    const offlineBadge = page
      .getByRole('navigation', { name: 'PerkPack' })
      .getByText('Offline', { exact: true })
    const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))

    await goTo(page, 'Orders')
    await page
      .getByRole('navigation', { name: 'Perks' })
      .getByText(`All orders — ${shown.length} orders`)
      .waitFor()
    await until(async () => (await orderRows().count()) > 0)

    await goTo(page, 'Pick list')
    await page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
    expect(await page.getByTestId('pick-list-totals').innerText()).toMatch(/[1-9][\d,]* units/)

    await goTo(page, 'Sign-ups')
    const status = page.getByRole('status').filter({ hasText: /sign-ups?$/ })
    await expect
      .poll(() => status.innerText())
      .toBe(`${expectedSignups.toLocaleString('en-US')} sign-ups`)
    const firstSignup = sim.dataset.signups.get(campaignId)?.[0]?.email ?? ''
    await page.getByLabel('Sign-ups', { exact: true }).getByText(firstSignup).waitFor()

    // Nothing has failed yet: no badge. A sync tries the API, fails, and the badge appears.
    expect(await offlineBadge.count()).toBe(0)
    await goTo(page, 'Campaigns')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await offlineBadge.waitFor()
    const failed = page.getByRole('alert').filter({ hasText: 'Sync failed' })
    await failed.waitFor()
    expect(await failed.innerText()).toContain('The last complete offline copy is kept.')
    // The offline copy is still listed with its count.
    expect(await recentEntry(page, campaignId).innerText()).toContain(`${goodCount()} orders`)
    await screenshot(page, 'offline')

    await goTo(page, 'Orders')
    await until(async () => (await orderRows().count()) > 0)
    await screenshot(page, 'offline-orders')
    expect(pageErrors).toEqual([])
  })
})

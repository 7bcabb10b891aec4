/**
 * The workspace as fulfillment staff use it, in Chromium through the web harness, against the
 * simulator: sign in, open and sync a campaign, orders and pick list, the order drawer, a batch
 * job, sign-ups, and the same screens again with the API gone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import type { Harness } from '../../src/web/server'
import {
  count,
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
import { toModel } from '../helpers/model'

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

/** What the Status filter holds until someone changes it. */
const DEFAULT_STATUSES: string[] = ['captured', 'in_fulfillment']

beforeAll(async () => {
  sim = await startSimulator({ contributions: 300, faults: { latencyMs: 15 } })
  // The demo team member's first campaign: the primary one, with 300 contributions.
  campaignId = sim.campaignIds[0] as number
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

/** Rows the simulator holds for the campaign: the truth the screens are checked against. */
function simRows(): CampaignContribution[] {
  return toModel(sim.dataset.contributions.get(campaignId) ?? [])
}

/** The Orders table's rows on screen (the table scrolls virtually: not every order). */
function orderRows() {
  return page.getByLabel('Orders', { exact: true }).locator('.order-row')
}

interface TreeNode {
  label: string
  orders: number
  units: number
  depth: number
}

/** The perk tree as drawn: each node's label and counts, and how far it is indented. */
async function readTree(): Promise<TreeNode[]> {
  const texts = page
    .getByRole('navigation', { name: 'Perks' })
    .locator('.n-tree-node-content__text')
  const n = await texts.count()
  const raw: { text: string; x: number }[] = []
  for (let i = 0; i < n; i++) {
    const text = texts.nth(i)
    const box = await text.boundingBox()
    raw.push({ text: (await text.innerText()).trim(), x: box?.x ?? 0 })
  }
  const left = Math.min(...raw.map((r) => r.x))
  return raw.map(({ text, x }) => {
    const match = /^(.*) — ([\d,]+) orders? · ([\d,]+) units?$/.exec(text)
    if (!match) throw new Error(`Unexpected tree node text: ${JSON.stringify(text)}`)
    return {
      label: match[1] as string,
      orders: count(match[2] as string),
      units: count(match[3] as string),
      depth: x > left + 4 ? 1 : 0,
    }
  })
}

interface PickRow {
  /** As the tree titles a variant: "SKU (Size: M, Colour: Black)", or the SKU alone. */
  title: string
  quantity: number
  orders: number
  /** Quantity per perk label, from the "Perks" column ("Core Game ×120 · Early Bird ×30"). */
  perks: Map<string, number>
}

async function readPickList(): Promise<{ totals: string; rows: PickRow[] }> {
  const table = page.getByLabel('Pick list', { exact: true })
  const rows = table.locator('tbody tr')
  const n = await rows.count()
  const result: PickRow[] = []
  for (let i = 0; i < n; i++) {
    const cells = (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim())
    const [sku, , choices, quantity, orders, perks] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const byPerk = new Map<string, number>()
    for (const part of perks.split(' · ')) {
      const match = /^(.*) ×([\d,]+)$/.exec(part)
      if (!match) throw new Error(`Unexpected perk breakdown: ${JSON.stringify(perks)}`)
      const label = match[1] as string
      byPerk.set(label, (byPerk.get(label) ?? 0) + count(match[2] as string))
    }
    result.push({
      title: choices === '—' ? sku : `${sku} (${choices})`,
      quantity: count(quantity),
      orders: count(orders),
      perks: byPerk,
    })
  }
  const totals = (await page.getByTestId('pick-list-totals').innerText()).trim()
  return { totals, rows: result }
}

/** Reads the Orders tree and the Pick list under the current filter and checks they agree. */
async function checkTreeAgainstPickList(): Promise<{
  units: number
  orders: number
  variants: number
}> {
  await goTo(page, 'Orders')
  await page
    .getByRole('navigation', { name: 'Perks' })
    .getByText(/^All orders — /)
    .waitFor()
  const tree = await readTree()
  const [all, ...rest] = tree
  expect(all?.label).toBe('All orders')
  const perks = rest.filter((node) => node.depth === 0)
  // Every perk with items must be expanded for its variants to be read.
  const variantsOf = new Map<string, TreeNode[]>()
  let perk: TreeNode | undefined
  for (const node of rest) {
    if (node.depth === 0) perk = node
    else if (perk) variantsOf.set(perk.label, [...(variantsOf.get(perk.label) ?? []), node])
  }
  for (const p of perks) {
    if (p.units > 0) expect(variantsOf.has(p.label), `variants of ${p.label} shown`).toBe(true)
  }
  const treeUnits = perks.reduce((sum, p) => sum + p.units, 0)
  // Per variant and perk label (two perks may share a label: add them up on both sides).
  const treeQty = new Map<string, Map<string, number>>()
  for (const [perkLabel, variants] of variantsOf) {
    for (const v of variants) {
      const byPerk = treeQty.get(v.label) ?? new Map<string, number>()
      byPerk.set(perkLabel, (byPerk.get(perkLabel) ?? 0) + v.units)
      treeQty.set(v.label, byPerk)
    }
  }
  // A perk's units are its variants' quantities added up.
  for (const p of perks) {
    const sum = (variantsOf.get(p.label) ?? []).reduce((s, v) => s + v.units, 0)
    if (perks.filter((q) => q.label === p.label).length === 1) expect(sum).toBe(p.units)
  }

  await goTo(page, 'Pick list')
  await page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
  const pick = await readPickList()
  const totals = /^([\d,]+) variants? · ([\d,]+) units? · ([\d,]+) orders?$/.exec(pick.totals)
  expect(totals, pick.totals).not.toBeNull()
  const pickUnits = count(totals?.[2] ?? '')
  expect(count(totals?.[1] ?? '')).toBe(pick.rows.length)
  expect(pick.rows.reduce((s, r) => s + r.quantity, 0)).toBe(pickUnits)

  // The sum of the tree's unit counts over all perks is the pick list's total.
  expect(treeUnits).toBe(pickUnits)
  expect(all?.units).toBe(pickUnits)
  // The same variants, and each variant's quantity under each perk is the pick list's.
  expect([...treeQty.keys()].sort()).toEqual(pick.rows.map((r) => r.title).sort())
  for (const row of pick.rows) {
    const inTree = treeQty.get(row.title)
    expect(Object.fromEntries(inTree ?? []), row.title).toEqual(Object.fromEntries(row.perks))
    expect([...(inTree?.values() ?? [])].reduce((s, q) => s + q, 0)).toBe(row.quantity)
  }
  return { units: pickUnits, orders: all?.orders ?? -1, variants: pick.rows.length }
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
    await page.getByText('Synced 300 orders in').waitFor()
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
    await goTo(page, 'Campaigns')
    await expect.poll(() => recentEntry(page, campaignId).innerText()).toContain('300 orders')
    expect(await page.getByRole('progressbar', { name: 'Sync progress' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Sync now' }).waitFor()
    await screenshot(page, 'campaigns-synced')
  })

  it("the tree's counts equal the pick list's numbers, for the default and a country filter", async () => {
    const all = await checkTreeAgainstPickList()
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
    const one = await checkTreeAgainstPickList()
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
    await screenshot(page, 'pick-list')
  })

  it('clicking an order opens the drawer with its formatted shipping address', async () => {
    await goTo(page, 'Orders')
    // A captured order (shown by the default filter) with an address, found by its e-mail.
    const target = simRows().find(
      (row) => row.order.status === 'captured' && row.order.shipping && row.email,
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
    const first = orderRows().first()
    await expect.poll(() => first.innerText()).toContain(`#${shown[0]!.order.sequence_number}`)
    await first.focus()

    await page.keyboard.press('End')
    const focused = page.locator('[role="row"]:focus')
    await expect.poll(() => focused.getAttribute('aria-rowindex')).toBe(String(shown.length + 1))
    const last = shown.at(-1)!
    await expect.poll(() => focused.innerText()).toContain(`#${last.order.sequence_number}`)
    const scroller = table.locator('.v-vl')
    const bottom = await scroller.evaluate((el) => el.scrollTop)
    await page.keyboard.press('ArrowUp')
    await expect
      .poll(() => focused.innerText())
      .toContain(`#${shown.at(-2)!.order.sequence_number}`)
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
    await expect
      .poll(() => drawer.innerText())
      .toContain(`Order #${shown.at(-2)!.order.sequence_number}`)
    await screenshot(page, 'orders-last-row')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
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
    expect(await recentEntry(page, campaignId).innerText()).toContain('300 orders')
    await screenshot(page, 'offline')

    await goTo(page, 'Orders')
    await until(async () => (await orderRows().count()) > 0)
    await screenshot(page, 'offline-orders')
    expect(pageErrors).toEqual([])
  })
})

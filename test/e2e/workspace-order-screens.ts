/**
 * The workspace story's steps on the screens of orders (workspace.test.ts), once the campaign is
 * synced: the problem rows, statuses PerkPack does not know, the perk tree against the pick list,
 * the order drawer, the table from the keyboard, and Print & export with its Excel file. Checked
 * against what the simulator served (`served`).
 */
import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { expect } from 'vitest'
import { isKnownStatus } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { shippedPickList, statusText } from '../../src/shared/fulfillment'
import { servedModels } from '../helpers/served-snapshot'
import type { ServedListing } from '../helpers/served-snapshot'
import { count, expectNoMissingText, goTo, screenshot, until } from './support'
import type { E2eApp } from './support'
import { checkTreeAgainstPickList } from './tree-and-pick-list'

/** What the Status filter holds until someone changes it. */
export const DEFAULT_STATUSES: string[] = ['captured', 'in_fulfillment']

/** The Orders table's rows on screen (the table scrolls virtually: not every order). */
export function orderRows(app: E2eApp) {
  return app.page.getByLabel('Orders', { exact: true }).locator('.order-row')
}

/** The drawer's title for an order: its number, or its order id when the API sent none. */
function drawerTitle(row: CampaignContribution): string {
  const sequence = row.order.sequence_number
  return sequence == null ? `Order ID ${row.order.id}` : `Order #${sequence}`
}

export async function problemRows(app: E2eApp, served: ServedListing): Promise<void> {
  const { broken, nonNumericIds } = served.plan
  expect(broken.length).toBeGreaterThan(0)
  await goTo(app.page, 'Orders')
  const banner = app.page.getByTestId('problem-banner')
  await expect
    .poll(() => banner.innerText())
    .toContain(`${broken.length} contributions could not be read`)
  await banner.getByRole('button', { name: 'Show details' }).click()
  const list = app.page.getByRole('list', {
    name: 'Contributions that could not be read',
  })
  await list.waitFor()
  const names = await list
    .locator('li.problem-row')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
  expect(names).toHaveLength(broken.length)
  // Rows are named by their order number as served (else their id) and backer; the rest by
  // their place in the listing.
  const withId = broken.filter((id) => !nonNumericIds.includes(id))
  const expected = withId.map((id) => {
    const raw = served.broken.get(id) as {
      order?: { sequence_number?: unknown } | null
    }
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

export async function unknownStatuses(app: E2eApp, served: ServedListing): Promise<void> {
  const unknown = new Map<string, number>()
  for (const row of servedModels(served)) {
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

export async function treeAndPickList(app: E2eApp, served: ServedListing): Promise<void> {
  const all = await checkTreeAgainstPickList(app.page)
  // And both are the simulator's data under the default filter (captured + in fulfillment):
  // the tree every order, the pick list the orders that ship (as printed).
  const shown = servedModels(served).filter((r) => DEFAULT_STATUSES.includes(r.order.status))
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
  await until(async () => (await orderRows(app).count()) > 0)
  const countries = await orderRows(app).locator('[role="cell"]:last-child').allInnerTexts()
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
  const captured = servedModels(served).filter((r) => r.order.status === 'captured').length
  expect(await menu.innerText()).toContain(`Captured (${captured})`)
  await screenshot(app.page, 'pick-list-status-menu')
  await app.page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
}

export async function drawerAddress(app: E2eApp, served: ServedListing): Promise<void> {
  await goTo(app.page, 'Orders')
  // A captured order (shown by the default filter) with an address, found by its e-mail.
  // One served clean: its e-mail finds it alone, and its address has every part.
  const target = servedModels(served).find(
    (row) =>
      !served.plan.rows.has(row.id) &&
      row.order.status === 'captured' &&
      row.order.shipping &&
      row.email,
  )
  expect(target).toBeDefined()
  const shipping = target?.order.shipping
  await app.page.getByLabel('Search orders').fill(target?.email ?? '')
  const rows = orderRows(app)
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

export async function keyboardPaging(app: E2eApp, served: ServedListing): Promise<void> {
  await goTo(app.page, 'Orders')
  // Main sends the first page with the answer; the rest arrive as the table scrolls to them.
  const shown = servedModels(served).filter((r) => DEFAULT_STATUSES.includes(r.order.status))
  expect(shown.length).toBeGreaterThan(200)
  await expect.poll(() => app.page.locator('.count').innerText()).toBe(`${shown.length} orders`)
  const table = app.page.getByRole('table', { name: 'Orders' })
  expect(await table.getAttribute('aria-rowcount')).toBe(String(shown.length + 1))
  // Rows are named by contribution id: a drifted order may have come without its number.
  const first = orderRows(app).first()
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
  const ids = await orderRows(app).evaluateAll((rows) => rows.map((r) => r.dataset.orderId))
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

export async function printAndExport(app: E2eApp, served: ServedListing): Promise<void> {
  const shown = servedModels(served).filter((r) => DEFAULT_STATUSES.includes(r.order.status))
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

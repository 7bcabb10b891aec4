/**
 * Items PerkPack cannot read and the problem rows, as a person on the desk sees them, in
 * Chromium through the web harness against a simulator serving drifted rows: an order whose
 * perk holds an item without a SKU is in Orders with the item flagged in its drawer and on the
 * pick list; the rows that could not be read are listed by order number and backer, in words.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { flaggedItemName, shippableFlaggedItems } from '../../src/shared/fulfillment'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import type { ServedListing } from '../helpers/served-snapshot'
import {
  expectNoMissingText,
  goTo,
  openCampaign,
  schemeScreenshots,
  screenshot,
  themedScreenshots,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'item-tolerance',
  simulator: { contributions: 240, drift: 0.4 },
  signedIn: true,
})
let served: ServedListing

/** Light and dark at 1280x800 (the desk's laptop), then the helper's other sizes. */
async function looks(name: string): Promise<void> {
  await schemeScreenshots(app.page, name)
  await themedScreenshots(app.page, name, { width: 1280, height: 800 })
}

beforeAll(() => {
  served = servedListing(app.sim, app.campaignId, true)
})

/** A flagged order the default filter shows, with a number to search for and an address. */
function flaggedOrder(): CampaignContribution {
  const flagged = new Set(served.plan.flagged)
  const found = servedModels(served).find(
    (row) =>
      flagged.has(row.id) &&
      ['captured', 'in_fulfillment'].includes(row.order.status) &&
      row.order.sequence_number != null &&
      shippableFlaggedItems(row).some(({ item }) => item.reason === 'no-sku') &&
      Boolean(row.order.shipping?.address),
  )
  if (!found) throw new Error('the simulator served no such order')
  return found
}

let synced: Promise<void> | null = null

/**
 * The campaign opened and synced: once for the file, by whichever test runs first. No "Sync
 * now": a campaign opened without an offline copy syncs at once, and keeps the readable rows.
 */
function ready(): Promise<void> {
  synced ??= (async () => {
    await openCampaign(app.page, app.campaignId)
    await app.page.getByText(`Synced ${served.good.size} orders in`).waitFor({ timeout: 30_000 })
  })()
  return synced
}

describe('items PerkPack cannot read, and problem rows in words', () => {
  it('syncs: orders holding such an item are orders, only the broken rows are problem rows', async () => {
    expect(served.plan.flagged.length).toBeGreaterThan(5)
    await ready()
    await goTo(app.page, 'Orders')
    const banner = app.page.getByTestId('problem-banner')
    await expect
      .poll(() => banner.innerText())
      .toContain(`${served.plan.broken.length} contributions could not be read`)
  })

  it('the order drawer flags the item without a SKU and keeps everything else', async () => {
    const target = flaggedOrder()
    const [first] = shippableFlaggedItems(target).filter(({ item }) => item.reason === 'no-sku')
    await ready()
    await goTo(app.page, 'Orders')
    await app.page.getByLabel('Search orders').fill(`#${target.order.sequence_number}`)
    const rows = app.page.getByLabel('Orders', { exact: true }).locator('.order-row')
    await until(async () => (await rows.count()) === 1)
    await rows.first().click()
    const drawer = app.page.getByRole('dialog', { name: 'Order details' })
    await drawer.waitFor()
    const text = await drawer.innerText()
    expect(text).toMatch(
      /\d+ items? (without a SKU|to check by hand)[^:]*: check by hand when packing/,
    )
    expect(text).toContain(flaggedItemName(first!.item))
    expect(text).toContain('no SKU')
    expectNoMissingText(text, 'order drawer')
    await looks('item-tolerance-drawer')
    await app.page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await app.page.getByLabel('Search orders').fill('')
  })

  it('the pick list lists the items without a SKU apart', async () => {
    await ready()
    await goTo(app.page, 'Pick list')
    const section = app.page.getByTestId('pick-list-by-hand')
    await section.waitFor()
    const text = await section.innerText()
    expect(text).toContain('To pick by hand: items PerkPack cannot pick by SKU')
    expect(text).toMatch(/no SKU\s+\S.*\(check by hand\)/)
    await screenshot(app.page, 'item-tolerance-pick-list')
  })

  it('the problem rows read as "Order #2041, María Nuñez: perk without an id"', async () => {
    await ready()
    await goTo(app.page, 'Orders')
    await app.page
      .getByTestId('problem-banner')
      .getByRole('button', { name: 'Show details' })
      .click()
    const list = app.page.getByRole('list', { name: 'Contributions that could not be read' })
    await list.waitFor()
    const titles = await list.locator('li.problem-row > .name').allInnerTexts()
    expect(titles).toHaveLength(served.plan.broken.length)
    expect(titles.filter((title) => /^Order #\d+, \S/.test(title)).length).toBeGreaterThan(0)
    const words = await list.locator('li.problem-row > .fields > li').allInnerTexts()
    // Words, not field paths; the paths wait under "Details for support".
    expect(words.filter((line) => /order\.perks\[|^order\.|^id:/.test(line))).toEqual([])
    expect(words.some((line) => /without an id|without an order|contribution id/.test(line))).toBe(
      true,
    )
    await looks('item-tolerance-problems')
    expect(app.pageErrors).toEqual([])
    // The list closed: the other tests use the menu it covers.
    await app.page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
  })
})

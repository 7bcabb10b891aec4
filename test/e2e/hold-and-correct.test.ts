/**
 * Holding an order and correcting its address from the order's drawer, in Chromium through the
 * web harness: the hold shows in the drawer and the table ("Held on the floor"), the station
 * then raises the red HELD band with the reason and Enter packs nothing; an address pasted from
 * an e-mail fills the form, and once saved the drawer and the table show the corrected address.
 */
import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { ordersThatShip } from '../../src/shared/fulfillment'
import { toModel } from '../helpers/model'
import {
  goTo,
  openCampaign,
  schemeScreenshots,
  screenshot,
  themedScreenshots,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'hold-and-correct',
  simulator: { contributions: 80 },
  signedIn: true,
})

async function looks(name: string): Promise<void> {
  await schemeScreenshots(app.page, name)
  await themedScreenshots(app.page, name, { width: 1280, height: 800 })
}

/** Orders the default filter shows, that ship, with a number to search for. */
function shipping(): CampaignContribution[] {
  return ordersThatShip(toModel(app.sim.dataset.contributions.get(app.campaignId) ?? [])).filter(
    (row) => row.order.status === 'captured' && row.order.sequence_number != null,
  )
}

async function openOrder(row: CampaignContribution) {
  await goTo(app.page, 'Orders')
  await app.page.getByLabel('Search orders').fill(`#${row.order.sequence_number}`)
  const rows = app.page.getByLabel('Orders', { exact: true }).locator('.order-row')
  // The row of this search, not the one row the last search left standing.
  await until(
    async () =>
      (await rows.count()) === 1 &&
      (await rows.first().innerText()).startsWith(`#${row.order.sequence_number}\n`),
  )
  await rows.first().click()
  const drawer = app.page.getByRole('dialog', { name: 'Order details' })
  await drawer.waitFor()
  return { drawer, rows }
}

/** What a scanner does: the code, fast, then Enter. */
async function scan(code: string): Promise<void> {
  await app.page.keyboard.type(code, { delay: 0 })
  await app.page.keyboard.press('Enter')
}

async function closeDrawer(): Promise<void> {
  await app.page.keyboard.press('Escape')
  await app.page.getByRole('dialog', { name: 'Order details' }).waitFor({ state: 'hidden' })
}

let synced: Promise<void> | null = null

/** The campaign opened and synced: once for the file, by whichever test runs first. */
function ready(): Promise<void> {
  synced ??= (async () => {
    await openCampaign(app.page, app.campaignId)
    await app.page.getByText(/Synced \d+ orders in/).waitFor({ timeout: 30_000 })
  })()
  return synced
}

describe('hold and correct from the drawer', () => {
  it('a held order reads "Held" in the drawer and the table, and the station will not pack it on Enter', async () => {
    await ready()
    const target = shipping()[0]!
    const { drawer, rows } = await openOrder(target)
    await drawer.getByTestId('hold-order').click()
    await drawer.getByLabel('Reason for the hold').fill('backer asked to combine')
    await drawer.getByTestId('confirm-hold').click()
    await expect
      .poll(() => drawer.getByTestId('order-held').innerText())
      .toContain('backer asked to combine')
    await expect.poll(() => rows.first().innerText()).toContain('Held on the floor')
    await looks('drawer-held')
    await closeDrawer()

    await goTo(app.page, 'Pack station')
    const packed = () => app.page.getByTestId('station-packed').innerText()
    const before = await packed()
    await scan(String(target.order.id))
    const band = app.page.getByRole('alert')
    await expect.poll(() => band.innerText()).toContain('HELD')
    expect(await band.innerText()).toContain('backer asked to combine')
    await screenshot(app.page, 'station-held-light-1280x800')
    // The scanner's Enter, again and again, never packs a held order.
    await scan('')
    await scan('')
    await scan('')
    expect(await packed()).toBe(before)
    await goTo(app.page, 'Orders')
    const again = await openOrder(target)
    expect(await again.drawer.innerText()).not.toContain('Packed at')
    await again.drawer.getByTestId('release-order').click()
    await again.drawer.getByTestId('order-held').waitFor({ state: 'detached' })
    await closeDrawer()
  })

  it('an address pasted from an e-mail fills the form; saved, the drawer and the table show it', async () => {
    await ready()
    const target = shipping()[1]!
    const { drawer, rows } = await openOrder(target)
    await drawer.getByTestId('correct-address').click()
    await drawer
      .getByLabel('Pasted address')
      .fill('Rowan Quayside\n12 Harbour Road\nPortsmouth\nPO1 3AA\nUnited Kingdom')
    await drawer.getByTestId('read-pasted').click()
    await expect.poll(() => drawer.getByLabel('City').inputValue()).toBe('Portsmouth')
    expect(await drawer.getByLabel('Postcode').inputValue()).toBe('PO1 3AA')
    expect(await drawer.getByTestId('save-correction').isDisabled()).toBe(true)
    await looks('drawer-correction-form')
    await drawer.getByLabel('Reason for the correction').fill('backer e-mailed a new address')
    // Enter in a field saves nothing: only the button does.
    await drawer.getByLabel('Reason for the correction').press('Enter')
    expect(await drawer.getByTestId('correct-address').count()).toBe(0)
    await drawer.getByTestId('save-correction').click()
    await expect
      .poll(() => drawer.getByTestId('shipping-address').innerText())
      .toContain('12 Harbour Road')
    expect(await drawer.getByTestId('correction-note').innerText()).toContain(
      'backer e-mailed a new address',
    )
    // The table's Country column follows the correction (the United Kingdom, GB).
    await expect.poll(() => rows.first().innerText()).toMatch(/\bGB\b/)
    await looks('drawer-corrected')
    await closeDrawer()
    expect(app.pageErrors).toEqual([])
  })
})

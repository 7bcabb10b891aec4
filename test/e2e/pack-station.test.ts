/**
 * The pack station in Chromium through the web harness, driven the way a keyboard-wedge scanner
 * drives it: a code typed fast and Enter. The happy path, each warning, undo, a reload mid-order,
 * and packing with the API gone.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { hasShippingAddress, shippableLines } from '../../src/shared/fulfillment'
import { toModel } from '../helpers/model'
import { goTo, screenshot, useE2eApp } from './support'

const app = useE2eApp({
  name: 'station',
  simulator: { contributions: 200, faults: { latencyMs: 5 } },
})
let rows: CampaignContribution[]

beforeAll(() => {
  rows = toModel(app.sim.dataset.contributions.get(app.campaignId) ?? [])
})

const shipping = (skip: number) => {
  const found = rows.filter(
    (r) =>
      r.order.status === 'captured' &&
      r.order.sequence_number != null &&
      shippableLines(r).length > 0 &&
      hasShippingAddress(r),
  )[skip]
  if (!found) throw new Error('the simulator made too few orders that ship')
  return found
}

/** What a scanner does: the code, fast, then Enter. */
async function scan(code: string): Promise<void> {
  await app.page.keyboard.type(code, { delay: 0 })
  await app.page.keyboard.press('Enter')
}

/** Every unit of the order's checklist, scanned by its SKU code. */
async function scanItems(row: CampaignContribution): Promise<void> {
  for (const line of shippableLines(row)) {
    for (let unit = 0; unit < line.quantity; unit++) await scan(line.skuCode)
  }
}

const alert = () => app.page.getByRole('alert')
const scanField = () => app.page.getByLabel('Scan', { exact: true })
const packedCount = () => app.page.getByTestId('station-packed').innerText()
const progress = () => app.page.getByTestId('station-progress').innerText()
const units = (row: CampaignContribution) =>
  shippableLines(row).reduce((sum, line) => sum + line.quantity, 0)

async function expectAlert(headline: string, words: string): Promise<void> {
  await expect.poll(() => alert().innerText()).toContain(headline)
  expect(await alert().innerText()).toContain(words)
}

describe('the pack station with a keyboard-wedge scanner', () => {
  it('opens on a synced campaign, ready for a slip', async () => {
    await app.openAndSync()
    await app.page.getByText(/Synced \d+ orders in/).waitFor()
    await goTo(app.page, 'Pack station')
    await app.page.getByTestId('station-ready').waitFor()
    expect(await app.page.getByTestId('station-ready').innerText()).toBe('Ready for the next order')
    expect(await scanField().evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    expect(await packedCount()).toBe('0')
    await screenshot(app.page, 'station-empty')
  })

  it('scan the slip, scan the items, Enter: packed, and the counter moves', async () => {
    const row = shipping(0)
    await scan(String(row.order.id))
    const card = app.page.getByRole('region', { name: 'Order on the station' })
    await expect.poll(() => card.innerText()).toContain(`#${row.order.sequence_number}`)
    expect(await card.innerText()).toContain(row.order.shipping?.country ?? '')
    expect(await progress()).toContain(`0 of ${units(row)}`)
    await scanItems(row)
    await expect.poll(progress).toContain(`${units(row)} of ${units(row)}`)
    await screenshot(app.page, 'station-order-complete')
    await scan('')
    const station = await app.page.getByTestId('station-name').innerText()
    await expect
      .poll(() => app.page.getByTestId('station-notice').innerText())
      .toBe(`Packed #${row.order.sequence_number} at ${station}.`)
    expect(await packedCount()).toBe('1')
    expect(await alert().count()).toBe(0)
  })

  it('warns of an order packed already, naming the station', async () => {
    const row = shipping(0)
    await scan(`#${row.order.sequence_number}`)
    const station = await app.page.getByTestId('station-name').innerText()
    await expectAlert('ALREADY PACKED', `Already packed at ${station}`)
    await scan('')
    expect(await packedCount()).toBe('1')
  })

  it('warns of an unknown order, a wrong item and one too many', async () => {
    // The packed order's slip goes aside; with no order open, a number is an order's.
    await app.page.getByRole('button', { name: 'Put aside' }).click()
    await app.page.getByTestId('station-ready').waitFor()
    await scan('999999999')
    await expectAlert('UNKNOWN ORDER', 'No order 999999999 in the offline copy')
    const row = shipping(1)
    await scan(String(row.order.id))
    await expect.poll(() => alert().count()).toBe(0)
    await scan('NOT-A-SKU-42')
    await expectAlert('WRONG ITEM', '"NOT-A-SKU-42" is not in this order')
    await scanItems(row)
    await expect.poll(() => alert().count()).toBe(0)
    const line = shippableLines(row)[0]!
    await scan(line.skuCode)
    await expectAlert('TOO MANY', `Too many: this order takes ${line.quantity} of`)
    await screenshot(app.page, 'station-warning-too-many')
    expect(await progress()).toContain(`${units(row)} of ${units(row)}`)
  })

  it('undo unticks, then unpacks the order just packed and puts it back', async () => {
    const row = shipping(1)
    await app.page.keyboard.press('Control+z')
    await expect.poll(progress).toContain(`${units(row) - 1} of ${units(row)}`)
    await scan(shippableLines(row).at(-1)!.skuCode)
    await scan('')
    await expect.poll(packedCount).toBe('2')
    await app.page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click()
    await expect.poll(packedCount).toBe('1')
    await expect
      .poll(() => app.page.getByTestId('station-notice').innerText())
      .toBe(`Unpacked #${row.order.sequence_number}: it is back on the station.`)
    expect(await progress()).toContain(`${units(row)} of ${units(row)}`)
    // The click on the button gave the focus back to the scan field.
    expect(await scanField().evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  })

  it('warns of a refunded order and of one with nothing to ship, and asks before packing', async () => {
    const refunded = rows.find((r) => r.order.status === 'refunded')!
    await scan(String(refunded.order.id))
    await expectAlert('REFUNDED', 'Refunded at the last sync: do not ship it.')
    await screenshot(app.page, 'station-warning-refunded')
    await scanItems(refunded)
    await scan('')
    await app.page.getByRole('alertdialog', { name: 'Pack this order anyway?' }).waitFor()
    await app.page.keyboard.press('Escape')
    await expect.poll(() => app.page.getByRole('alertdialog').count()).toBe(0)
    const digital = rows.find((r) => shippableLines(r).length === 0)!
    await scan(String(digital.order.id))
    await expectAlert('NOTHING TO SHIP', 'Nothing to ship')
  })

  it('a reload mid-order opens the same order with the same ticks', async () => {
    const row = shipping(2)
    await scan(String(row.order.id))
    await scan(shippableLines(row)[0]!.skuCode)
    await expect.poll(progress).toContain(`1 of ${units(row)}`)
    await app.page.reload()
    await goTo(app.page, 'Pack station')
    await expect.poll(progress).toContain(`1 of ${units(row)}`)
    expect(await packedCount()).toBe('1')
  })

  it('with the API gone, scans and packs from the offline copy', async () => {
    await app.sim.close()
    const row = shipping(2)
    await scanItems(row)
    // The first line was ticked before the reload: its last unit is one too many now.
    await scan('')
    await expect
      .poll(() => app.page.getByTestId('station-notice').innerText())
      .toContain(`Packed #${row.order.sequence_number}`)
    expect(await packedCount()).toBe('2')
    const next = shipping(3)
    await scan(`#${next.order.sequence_number}`)
    await expect.poll(progress).toContain(`0 of ${units(next)}`)
    expect(app.pageErrors).toEqual([])
  })
})

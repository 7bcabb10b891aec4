/**
 * The pack station in Chromium through the web harness, driven the way a keyboard-wedge scanner
 * drives it: a code typed fast and Enter. The happy path, each warning, undo, a reload mid-order,
 * packing with the API gone, and what must never ship: a status PerkPack does not know, a short
 * box confirmed by Enter, a box packed before.
 */
import { beforeAll, describe, expect } from 'vitest'
import { isKnownStatus, readCampaignContribution } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { hasShippingAddress, shippableLines } from '../../src/shared/fulfillment'
import { driftedCampaignRow } from '../../src/simulator/drift'
import { toModel } from '../helpers/model'
import { goTo, schemeScreenshots, screenshot, storyTest, useE2eApp } from './support'

/**
 * Rows served as real payloads come (docs/simulator.md): at this rate, with the default seed
 * and 200 contributions, one order arrives `partially_refunded`, a status PerkPack does not know.
 */
const DRIFT = 0.15
const app = useE2eApp({
  name: 'station',
  simulator: { contributions: 200, drift: DRIFT, faults: { latencyMs: 5 } },
})
let rows: CampaignContribution[]

/** The campaign's rows as the sync reads them: drifted where served so, unreadable ones out. */
beforeAll(() => {
  rows = []
  for (const row of app.sim.dataset.contributions.get(app.campaignId) ?? []) {
    const served = driftedCampaignRow(app.sim.dataset.seed, DRIFT, row)
    if (served === undefined) rows.push(...toModel([row]))
    else {
      const read = readCampaignContribution(served)
      if (read.ok) rows.push(read.value)
    }
  }
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

/** Light and dark at 1280x800, the size a packing desk's screen often is: for a person to look at. */
const shots = (name: string) => schemeScreenshots(app.page, `station-${name}`)

/** Text compared as words: letter case, underscores and spacing aside. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()
const question = () => app.page.getByRole('alertdialog', { name: 'Pack this order anyway?' })
const notice = () => app.page.getByTestId('station-notice').innerText()

async function openReady(): Promise<void> {
  await app.openAndSync()
  await app.page.getByText(/Synced \d+ orders in/).waitFor()
  await goTo(app.page, 'Pack station')
  await app.page.getByTestId('station-ready').waitFor()
  expect(await app.page.getByTestId('station-ready').innerText()).toBe('Ready for the next order')
  expect(await scanField().evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  expect(await packedCount()).toBe('0')
  await screenshot(app.page, 'station-empty')
}

async function packFirst(): Promise<void> {
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
}

async function packedReadOnly(): Promise<void> {
  const row = shipping(0)
  await scan(`#${row.order.sequence_number}`)
  const station = await app.page.getByTestId('station-name').innerText()
  await expectAlert('ALREADY PACKED', `Already packed at ${station}`)
  const summary = app.page.getByTestId('station-packed-summary')
  await summary.waitFor()
  expect(await app.page.getByTestId('station-packed-by').innerText()).toBe(station)
  // The date, not only the time: a box packed last week is not one packed this morning.
  const year = String(new Date().getFullYear())
  expect(await app.page.getByTestId('station-packed-at').innerText()).toContain(year)
  for (const line of shippableLines(row)) expect(await summary.innerText()).toContain(line.skuCode)
  expect(await app.page.getByTestId('station-progress').count()).toBe(0)
  expect(await app.page.getByRole('button', { name: 'Packed (Enter)' }).isDisabled()).toBe(true)
  await shots('packed-read-only')

  // Its items tick nothing, Enter packs nothing, and a code that is no order stays unknown.
  await scan(shippableLines(row)[0]!.skuCode)
  await scan('')
  expect(await packedCount()).toBe('1')
  await scan('NOT-A-CODE-7')
  await expectAlert('UNKNOWN CODE', '"NOT-A-CODE-7" is no order')
  expect(await alert().innerText()).not.toContain('WRONG ITEM')
  await shots('unknown-code')
}

async function warnings(): Promise<void> {
  // The packed order is closed; with no order open, a number is an order's.
  await app.page.getByRole('button', { name: 'Close' }).click()
  await app.page.getByTestId('station-ready').waitFor()
  await scan('999999999')
  await expectAlert('UNKNOWN ORDER', 'No order 999999999 in the offline copy')
  const row = shipping(1)
  await scan(String(row.order.id))
  await expect.poll(() => alert().count()).toBe(0)
  await scan('NOT-A-SKU-42')
  await expectAlert('WRONG ITEM', '"NOT-A-SKU-42" is not in this order')
  await shots('wrong-item')
  await scanItems(row)
  await expect.poll(() => alert().count()).toBe(0)
  const line = shippableLines(row)[0]!
  await scan(line.skuCode)
  await expectAlert('TOO MANY', `Too many: this order takes ${line.quantity} of`)
  await screenshot(app.page, 'station-warning-too-many')
  expect(await progress()).toContain(`${units(row)} of ${units(row)}`)
}

async function undo(): Promise<void> {
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
}

async function refundedAndDigital(): Promise<void> {
  const refunded = rows.find((r) => r.order.status === 'refunded')!
  await scan(String(refunded.order.id))
  await expectAlert('REFUNDED', 'Refunded at the last sync: do not ship it.')
  await screenshot(app.page, 'station-warning-refunded')
  await scanItems(refunded)
  await scan('')
  await question().waitFor()
  await app.page.keyboard.press('Escape')
  await expect.poll(() => app.page.getByRole('alertdialog').count()).toBe(0)
  const digital = rows.find((r) => shippableLines(r).length === 0)!
  await scan(String(digital.order.id))
  await expectAlert('NOTHING TO SHIP', 'Nothing to ship')
}

async function reloadMidOrder(): Promise<void> {
  const row = shipping(2)
  await scan(String(row.order.id))
  await scan(shippableLines(row)[0]!.skuCode)
  await expect.poll(progress).toContain(`1 of ${units(row)}`)
  await app.page.reload()
  await goTo(app.page, 'Pack station')
  await expect.poll(progress).toContain(`1 of ${units(row)}`)
  expect(await packedCount()).toBe('1')
}

async function offlinePacking(): Promise<void> {
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
}

async function unknownStatus(): Promise<void> {
  const odd = rows.find(
    (r) =>
      !isKnownStatus(r.order.status) &&
      r.order.sequence_number != null &&
      shippableLines(r).length > 0,
  )
  expect(odd, 'the simulator served no order of a status PerkPack does not know').toBeDefined()
  const before = await packedCount()
  await scan(`#${odd!.order.sequence_number}`)
  // The status in words ("partially_refunded" may read "Partially refunded"), on the card too.
  const status = words(odd!.order.status)
  await expect.poll(async () => words(await alert().innerText())).toContain('money in question')
  expect(words(await alert().innerText())).toContain(`status "${status}" at the last sync`)
  expect(words(await app.page.getByTestId('station-status').innerText())).toBe(status)
  await scanItems(odd!)
  await expect.poll(progress).toContain(`${units(odd!)} of ${units(odd!)}`)
  // A full box still asks; the scanner's Enter after Enter only asks again.
  await scan('')
  await question().waitFor()
  await scan('')
  await scan('')
  await expect.poll(notice).toContain('Still not packed: Enter alone never answers')
  expect(await packedCount()).toBe(before)
  await shots('unknown-status')
  // The deliberate yes, with the mouse: the campaign team cleared this one.
  await app.page.getByRole('button', { name: 'Pack anyway' }).click()
  await expect.poll(packedCount).toBe(String(Number(before) + 1))
}

async function shortBox(): Promise<void> {
  // Two units or more, so one scanned still leaves the box short.
  const row = [4, 5, 6, 7, 8].map(shipping).find((r) => units(r) >= 2)!
  const before = await packedCount()
  await scan(String(row.order.id))
  await expect.poll(progress).toContain(`0 of ${units(row)}`)
  await scan('')
  await scan('')
  await scan('')
  await question().waitFor()
  expect(await question().innerText()).toContain(`${units(row)} unit`)
  expect(await packedCount()).toBe(before)
  expect(await progress()).toContain(`0 of ${units(row)}`)
  await shots('short-box-asked')

  // The packer scans an item instead: the question goes, the item ticks, it says so.
  await scan(shippableLines(row)[0]!.skuCode)
  await expect.poll(() => question().count()).toBe(0)
  await expect
    .poll(notice)
    .toBe(
      `#${row.order.sequence_number} not packed: the scan of "${shippableLines(row)[0]!.skuCode}" cancelled "Pack it anyway?".`,
    )
  expect(await progress()).toContain(`1 of ${units(row)}`)

  // The deliberate yes: the typed word, then Enter.
  await scan('')
  await question().waitFor()
  await scan('PACK')
  await expect.poll(packedCount).toBe(String(Number(before) + 1))
  expect(await notice()).toContain(`Packed #${row.order.sequence_number}`)
  expect(app.pageErrors).toEqual([])
}

describe('the pack station with a keyboard-wedge scanner', () => {
  storyTest('packs, warns, undoes, reloads, packs offline, and never packs what must not ship', [
    ['opens on a synced campaign, ready for a slip', openReady],
    ['scan the slip, scan the items, Enter: packed, and the counter moves', packFirst],
    [
      'opens an order packed already read-only: who, when with the date, what went in; nothing ticks',
      packedReadOnly,
    ],
    ['warns of an unknown order, a wrong item and one too many', warnings],
    ['undo unticks, then unpacks the order just packed and puts it back', undo],
    [
      'warns of a refunded order and of one with nothing to ship, and asks before packing',
      refundedAndDigital,
    ],
    ['a reload mid-order opens the same order with the same ticks', reloadMidOrder],
    ['with the API gone, scans and packs from the offline copy', offlinePacking],
    [
      'a status PerkPack does not know: a red band, the status shown, and Enter never packs it',
      unknownStatus,
    ],
    [
      'a short box: Enter, Enter, Enter packs nothing; a scan withdraws the question; PACK packs',
      shortBox,
    ],
  ])
})

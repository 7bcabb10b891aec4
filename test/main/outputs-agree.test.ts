import { Writable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { OrdersWorkspace } from '../../src/main/core/orders/workspace'
import { buildView } from '../../src/main/core/orders/view-store'
import { writeShipperCsv } from '../../src/main/core/export/csv'
import {
  leftOutPlan,
  orderTable,
  pickListPlan,
  shippingPlan,
  splitShipments,
  uniqueOrdersBySequence,
} from '../../src/main/core/export/excel-sheets'
import { renderLabels, renderPackingSlips } from '../../src/main/core/print'
import { planPickList } from '../../src/main/core/print/picklist'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type { ContributionFilter } from '../../src/shared/fulfillment'
import type { OrdersFilter } from '../../src/shared/ipc'
import { isKnownStatus, readCampaignContribution } from '../../src/shared/api/schemas'
import { runPrePrintChecks } from '../../src/shared/export/checks'
import {
  byHandSkuText,
  countShipments,
  describeChoices,
  filterContributions,
  hasFlaggedItems,
  hasShippingAddress,
  shippedPickList,
  statusShips,
  stopReasonText,
} from '../../src/shared/fulfillment'
import { isOrderToShip } from '../../src/shared/floor/progress'
import { generateDataset } from '../../src/simulator/data'
import { driftedCampaignRow } from '../../src/simulator/drift'

// Labels, packing slips and the shipper CSV answer one question (which parcels go out), so they
// are held against each other here, not each against itself: on the simulator's campaign served
// with drift, as a real one comes, and on every selection the app offers.

const SEED = 21
const DRIFT = 0.2
const dataset = generateDataset({ seed: SEED, contributions: 400 })
const campaignId = dataset.campaigns[0]!.id

/** The campaign's rows as a drifted sync reads them; rows broken beyond the model drop out. */
function driftedRows(): CampaignContribution[] {
  const rows: CampaignContribution[] = []
  for (const row of dataset.contributions.get(campaignId) ?? []) {
    const read = readCampaignContribution(driftedCampaignRow(SEED, DRIFT, row) ?? row)
    if (read.ok) rows.push(read.value)
  }
  return rows
}

const rows = driftedRows()

/** A stream keeping what is written to it, as text. */
function collect(): Writable & { text(): string } {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk)
      done()
    },
  })
  return Object.assign(sink, { text: () => Buffer.concat(chunks).toString('utf8') })
}

interface Covered {
  /** Order ids, sorted, of each output. */
  labels: number[]
  slips: number[]
  csvOrders: number[]
  shippingSheet: number[]
  csv: number
  csvLeftOut: number
  pickListOrders: number
}

const sortedIds = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b)

async function covered(selection: readonly CampaignContribution[]): Promise<Covered> {
  const labels = renderLabels(selection, { layout: 'avery5160', maxSheets: 0 })
  const slipDoc = renderPackingSlips(selection, { paper: 'letter', campaignTitle: 'T' })
  const csvOut = collect()
  const csv = await writeShipperCsv({ contributions: selection, format: 'generic', out: csvOut })
  const csvRows = parse(csvOut.text(), { bom: true, columns: true }) as Record<string, string>[]
  const orders = uniqueOrdersBySequence(selection)
  const sheet = shippingPlan(orderTable(orders), splitShipments(orders))
  const sheetIdColumn = sheet.headers.indexOf('Order ID')
  const pickList = planPickList(selection, {
    paper: 'letter',
    campaignTitle: 'T',
    selection: 'S',
    syncedAt: '2026-03-01T00:00:00Z',
  })
  const skippedLabels = new Set(labels.skipped.map((s) => s.contributionId))
  const skippedSlips = new Set(slipDoc.skipped.map((s) => s.contributionId))
  expect(labels.labels + labels.skipped.length).toBe(selection.length)
  expect(slipDoc.slips + slipDoc.skipped.length).toBe(selection.length)
  return {
    labels: sortedIds(selection.filter((r) => !skippedLabels.has(r.id)).map((r) => r.order.id)),
    slips: sortedIds(selection.filter((r) => !skippedSlips.has(r.id)).map((r) => r.order.id)),
    csvOrders: sortedIds(csvRows.map((r) => Number(r['order_id']))),
    shippingSheet: sortedIds([...sheet.rows()].map((r) => Number(r[sheetIdColumn]))),
    csv: csv.orders,
    csvLeftOut: csv.stoppedOrders + csv.skippedOrders + csv.noAddressOrders,
    pickListOrders: pickList.orders,
  }
}

describe('labels, packing slips, the shipper CSV and the Shipping sheet cover the same orders', () => {
  it('the drifted campaign holds every kind of order these outputs must agree on', () => {
    const counts = countShipments(rows)
    expect(rows.length).toBeGreaterThan(330)
    expect(counts.ships).toBeGreaterThan(200)
    expect(counts.nothingToShip).toBeGreaterThan(10)
    expect(counts.noAddress).toBeGreaterThan(0)
    expect(counts.stopped).toBeGreaterThan(10)
    // Drifted rows carry statuses PerkPack does not know (chargeback, disputed, ...).
    expect(rows.filter((r) => !isKnownStatus(r.order.status)).length).toBeGreaterThan(2)
    // Orders holding an item PerkPack cannot read ship like the others: labels, slips, CSV.
    const flagged = rows.filter((row) => hasFlaggedItems(row.order))
    expect(flagged.length).toBeGreaterThan(5)
    expect(countShipments(flagged).ships).toBeGreaterThan(2)
    expect(shippedPickList(rows).byHand.length).toBeGreaterThan(2)
  })

  it.each<[string, ContributionFilter]>([
    ['every order', { statuses: [] }],
    ['captured and in fulfillment (the default)', {}],
    ['one perk, every status', { statuses: [], perkId: rows.flatMap((r) => r.order.perks)[0]!.id }],
    ['one country', { statuses: [], country: 'US' }],
  ])('%s', async (_, filter) => {
    const selection = filterContributions(rows, filter)
    expect(selection.length).toBeGreaterThan(0)
    const got = await covered(selection)
    const counts = countShipments(selection)
    expect(got.labels).toEqual(got.slips)
    expect(got.labels).toHaveLength(counts.ships)
    expect(got.csvOrders).toEqual(got.labels)
    // A warehouse mail-merging the Shipping sheet makes exactly the labels PerkPack prints.
    expect(got.shippingSheet).toEqual(got.labels)
    expect(got.pickListOrders).toBe(counts.ships)
    expect(got.csv).toBe(counts.ships)
    expect(got.csvLeftOut).toBe(counts.stopped + counts.nothingToShip + counts.noAddress)

    // The checks name every order left out, and only those.
    const checks = runPrePrintChecks(selection, {
      now: new Date('2026-03-01T00:00:00Z'),
      lastSyncedAt: '2026-03-01T00:00:00Z',
      privileged: true,
    })
    const listed = (id: string) => checks.find((c) => c.id === id)?.contributionIds ?? []
    const leftOut = new Set([
      ...listed('stop-status'),
      ...listed('nothing-to-ship'),
      ...listed('missing-address'),
    ])
    const shipped = new Set(got.labels)
    expect(leftOut.size + shipped.size).toBe(selection.length)
    for (const id of leftOut) expect(shipped.has(id)).toBe(false)
  })
})

// Orders whose status does not ship (refunded, a dispute, a status nobody named) can be shown and
// selected in Orders ("show them" adds the unknown ones to the filter); no output sends them out.
describe('orders whose status does not ship are left out of every output alike', () => {
  const stopped = rows.filter((r) => !statusShips(r.order.status))

  it('a selection of only them gets no label, slip, CSV row, Shipping row or pick', async () => {
    const statuses = [...new Set(stopped.map((r) => r.order.status))]
    expect(statuses).toEqual(expect.arrayContaining(['refunded', 'pending', 'on_hold']))
    expect(statuses.some((status) => !isKnownStatus(status))).toBe(true)
    const selection = filterContributions(rows, { statuses })
    expect(selection).toHaveLength(stopped.length)

    const got = await covered(selection)
    expect(got).toMatchObject({
      labels: [],
      slips: [],
      csvOrders: [],
      shippingSheet: [],
      csv: 0,
      csvLeftOut: stopped.length,
      pickListOrders: 0,
    })

    // The "Left out" sheet names each with why, in the words of the shared rule.
    const orders = uniqueOrdersBySequence(selection)
    const sheet = leftOutPlan(orderTable(orders), splitShipments(orders))
    const reasons = new Map([...sheet.rows()].map((r) => [Number(r[1]), String(r[3])]))
    expect(reasons.size).toBe(orders.length)
    for (const row of orders) {
      expect(reasons.get(row.order.id)).toBe(stopReasonText(row.order.status))
    }
  })

  it('the pre-print check names them all, and Progress does not count them to ship', () => {
    const checks = runPrePrintChecks(rows, {
      now: new Date('2026-03-01T00:00:00Z'),
      lastSyncedAt: '2026-03-01T00:00:00Z',
      privileged: true,
    })
    const check = checks.find((c) => c.id === 'stop-status')
    expect(new Set(check?.contributionIds)).toEqual(new Set(stopped.map((r) => r.id)))
    expect(check?.detail).toContain('in dispute or chargeback, or with a refund under way')
    expect(stopped.filter(isOrderToShip)).toEqual([])
  })
})

// What is picked is what ships: the app's Pick list view, the Excel "Pick list" sheet and the
// printed pick list list the same units of each variant for the same orders, those with a label.
describe('the pick list on screen, in Excel and on paper covers the orders that ship', () => {
  const syncedAt = '2026-03-01T00:00:00Z'
  const workspace = new OrdersWorkspace(campaignId, syncedAt, buildView(rows, syncedAt).rows)
  const firstPerk = rows.flatMap((r) => r.order.perks)[0]!.id
  const withoutAddress = rows.filter((r) => !hasShippingAddress(r)).map((r) => r.id)

  /** Units per "SKU · choices", in the order listed ("?" when not known). */
  type Units = [string, string][]

  /** The orders a filter selects, as the export desk hands them to every output. */
  function select({ ids, ...filter }: OrdersFilter): CampaignContribution[] {
    const found = filterContributions(rows, filter)
    return ids === undefined ? found : found.filter((r) => ids.includes(r.id))
  }

  it.each<[string, OrdersFilter]>([
    ['captured and in fulfillment (the default)', {}],
    ['every order', { statuses: [] }],
    ['one perk (a tree node)', { statuses: [], perkId: firstPerk }],
    ['one country', { statuses: [], country: 'US' }],
    // A pre-print check's "Open list": orders that have no address, so nothing to pick.
    ['the missing-address list', { statuses: [], ids: withoutAddress }],
  ])('%s', (_, viewFilter) => {
    const selection = select(viewFilter)
    expect(selection.length).toBeGreaterThan(0)
    const counts = countShipments(selection)

    const view = workspace.pickList(workspace.match(viewFilter))
    // The variants, then the items to pick by hand ("no SKU"), as the sheet and paper list them.
    const viewUnits: Units = [
      ...view.rows.map((r): [string, string] => [
        `${r.sku_code} · ${describeChoices(r.choices)}`,
        String(r.quantity),
      ]),
      ...view.byHand.map((r): [string, string] => [
        `${byHandSkuText(r)} · ${describeChoices(r.choices)}`,
        r.quantity === null ? '?' : String(r.quantity),
      ]),
    ]

    const sheet = pickListPlan(uniqueOrdersBySequence(selection))
    const sheetUnits: Units = [...sheet.rows()].map((r) => [
      `${r[0]} · ${r[2]}`,
      r[3] === null ? '?' : String(r[3]),
    ])

    const printed = planPickList(selection, {
      paper: 'letter',
      campaignTitle: 'T',
      selection: 'S',
      syncedAt,
    })
    const text = (cell: { parts: { text: string }[] }) => cell.parts.map((p) => p.text).join(' ')
    const printedUnits: Units = printed.pages
      .flat()
      .map(({ cells }) => [
        `${text(cells[0])} · ${text(cells[2])}`,
        text(cells[3]).replace(/,/g, ''),
      ])

    expect(sheetUnits).toEqual(viewUnits)
    expect(printedUnits).toEqual(viewUnits)
    expect(view.totals.orders).toBe(counts.ships)
    expect(printed.orders).toBe(counts.ships)
    expect(view.totals.units).toBe(printed.units)
    expect(view.leftOut).toEqual({
      stopped: counts.stopped,
      nothingToShip: counts.nothingToShip,
      noAddress: counts.noAddress,
    })
  })
})

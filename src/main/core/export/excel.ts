import type { OrderFloorState } from '../../../shared/floor/order-state'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { flaggedItemLines } from '../../../shared/problems/report'
import type { ProblemLine } from '../../../shared/problems/report'
import { shippingCoverageText } from '../../../shared/fulfillment'
import { formatDateTime } from '../../../shared/format/locale-format'
import { deskTimeZone } from './excel-dates'
import { SheetNamer } from './excel-layout'
import { problemsPlan } from './excel-problems'
import { campaignName, cancelled } from './excel-sheet-writer'
import { writeWorkbook } from './excel-workbook'
import { CATALOG_SHEET, catalogSheetPlans } from '../../core/catalog/excel-catalog-sheets'
import type { CatalogSheetsContext } from '../../core/catalog/excel-catalog-sheets'
import type { PackingListCampaign } from './excel-sheet-writer'
import {
  checksPlan,
  orderTable,
  ordersPlan,
  pickListPlan,
  leftOutPlan,
  SHEET,
  shippingPlan,
  splitShipments,
  uniqueOrdersBySequence,
} from './excel-sheets'
import type { PackingListCheck, SheetPlan } from './excel-sheets'

export type { PackingListCampaign, PackingListCheck }

export interface PackingListOptions {
  /** Already filtered (status, perk, variant, country, search), in any order. */
  contributions: readonly CampaignContribution[]
  campaign: PackingListCampaign
  /**
   * A file path (written to a temporary file beside it, renamed into place at the end), or a
   * stream the workbook is piped to (ended when done).
   */
  out: string | NodeJS.WritableStream
  /** Rows written so far over all sheets, and the total; throttled. */
  onProgress?: (done: number, total: number) => void
  signal?: AbortSignal
  /** Pre-print checks; a "Checks" sheet is added when given (even empty). */
  checks?: readonly PackingListCheck[]
  /**
   * Fields of the campaign's problem rows; a "Problems" sheet is added when there are any, or
   * when an exported order holds an item PerkPack cannot read (listed there too).
   */
  problems?: readonly ProblemLine[]
  /** The SKU catalogue: a Parcels sheet (weight per order) and a Customs sheet. */
  catalog?: CatalogSheetsContext
  /** The packing floor's record by order id: the Floor, Carrier and Tracking columns. */
  floor?: ReadonlyMap<number, OrderFloorState>
  /**
   * The IANA time zone "Packed at" is shown in (and named in its header); default the computer's,
   * the desk's. Tests pin it.
   */
  timeZone?: string
  /** The desk's locale the page header's "Synced" time is written in (default: this process's). */
  locale?: string
  /** The workbook's creation time; tests pin it. */
  now?: Date
  /**
   * Uncompressed XML allowed to wait for the compressor before writing pauses (default 4 MB).
   * Tests lower it to exercise the pause on a small workbook.
   */
  backlogBytes?: number
}

export interface PackingListResult {
  /** The file written, absolute; `null` when writing to a stream. */
  path: string | null
  orders: number
  sheets: number
  bytes: number
}

/**
 * Writes the Excel packing list with exceljs's streaming writer: "Pick list", "Orders", one
 * sheet per perk, "Shipping" (the orders that ship, as labels and the shipper CSV), "Left out"
 * (the others, and why) when there are any, when checks are given "Checks", and when the campaign has problem
 * rows "Problems". Memory stays bounded by the order table (one array of cell values per order)
 * plus a few MB of XML in flight.
 *
 * A failed or cancelled export (`signal`) leaves nothing behind: the workbook is written to a
 * hidden temporary file beside the target and renamed into place only when complete.
 */
export async function writePackingList(options: PackingListOptions): Promise<PackingListResult> {
  const { campaign, signal } = options
  if (signal?.aborted) throw cancelled()
  const orders = uniqueOrdersBySequence(options.contributions)
  const table = orderTable(orders, options.floor, options.timeZone)
  const namer = new SheetNamer()
  for (const name of Object.values(SHEET)) namer.reserve(name)
  // Reserved whether or not they are written: a perk's sheet keeps its name either way.
  for (const name of Object.values(CATALOG_SHEET)) namer.reserve(name)
  const split = splitShipments(orders)
  const plans: SheetPlan[] = [
    pickListPlan(orders),
    ordersPlan(SHEET.orders, table, null),
    ...table.perks.map((perk) => ordersPlan(namer.perk(perk.label, perk.id), table, perk.rows)),
    shippingPlan(table, split),
  ]
  if (split.leftOut.length > 0) plans.push(leftOutPlan(table, split))
  if (options.catalog) plans.push(...catalogSheetPlans(orders, options.catalog))
  if (options.checks) plans.push(checksPlan(options.checks))
  const problems = [...(options.problems ?? []), ...flaggedItemLines(orders)]
  if (problems.length > 0) plans.push(problemsPlan(problems))
  const name = campaignName(campaign)
  const written = await writeWorkbook({
    out: options.out,
    plans,
    campaign,
    properties: {
      title: `${name} packing list`,
      subject: `Packing list of campaign ${campaign.id}`,
      keywords: `PerkPack packing list; campaign ${campaign.id}; synced ${campaign.lastSyncedAt}`,
      category: 'Fulfillment',
      description:
        `Campaign ${campaign.id} (${name}), data synced ${campaign.lastSyncedAt}. ` +
        `${orders.length} orders; Shipping lists ${shippingCoverageText(split.ships.length, split.leftOut)}.` +
        (campaign.privileged
          ? ''
          : ' Synced without team access: e-mails and addresses are hidden.'),
    },
    syncedText: `Synced ${formatDateTime(campaign.lastSyncedAt, options.locale, options.timeZone ?? deskTimeZone())}`,
    onProgress: options.onProgress,
    signal,
    now: options.now,
    backlogBytes: options.backlogBytes,
  })
  return { ...written, orders: orders.length }
}

import type { CampaignContribution } from '../api/schemas'
import { orderNumberText } from '../fulfillment/orders'
import { plural } from '../format/counts'
import { ordersCheck } from '../export/pre-print-check'
import type { PrePrintCheck } from '../export/pre-print-check'
import { hasShippableItems } from '../fulfillment/shipping'
import { indexCatalog } from './catalog-index'
import type { Catalog } from './catalog-model'
import { leavesCustomsArea } from './customs-rules'
import { orderParcel } from './parcel'
import type { ParcelLine } from './parcel'

// The catalogue's pre-print checks: parcels whose weight cannot be worked out, and parcels
// leaving the sender's customs area whose declaration would have a gap. A catalogue with no
// item raises neither: a campaign that weighs its parcels in the shipper's tool is not nagged.

/** Orders and SKUs named in a sentence; the rest are counted. */
const NAMED = 10

export interface CatalogCheckContext {
  catalog: Catalog
  /** ISO code (or name) of the country parcels leave from. */
  senderCountry: string
  currency: string
}

function namedList(names: readonly string[]): string {
  const more = names.length > NAMED ? ` and ${names.length - NAMED} more` : ''
  return `${names.slice(0, NAMED).join(', ')}${more}`
}

/** What customs needs of a line that the catalogue does not give. */
export function customsGaps(line: ParcelLine): string[] {
  const gaps: string[] = []
  if (line.fields.hsCode === undefined) gaps.push('HS code')
  if (line.fields.originCountry === undefined) gaps.push('country of origin')
  if (line.fields.customsDescription === undefined) gaps.push('customs description')
  if (line.unitValue === null) gaps.push('value')
  return gaps
}

export function catalogChecks(
  rows: readonly CampaignContribution[],
  context: CatalogCheckContext,
): PrePrintCheck[] {
  const index = indexCatalog(context.catalog)
  if (!index.inUse) return []
  const noWeight: number[] = []
  const noWeightOrders: string[] = []
  const noWeightSkus = new Set<string>()
  const noCustoms: number[] = []
  const noCustomsOrders: string[] = []
  const noCustomsParts = new Set<string>()
  for (const row of rows) {
    if (!hasShippableItems(row)) continue
    const parcel = orderParcel(row, context.catalog, index, context)
    if (parcel.weightG === null) {
      noWeight.push(row.id)
      noWeightOrders.push(orderNumberText(row.order))
      for (const line of parcel.lines)
        if (line.fields.weightG === undefined) noWeightSkus.add(line.sku)
    }
    if (!leavesCustomsArea(context.senderCountry, row.order.shipping?.country)) continue
    const gaps = parcel.lines.flatMap(customsGaps)
    if (gaps.length === 0 && parcel.value !== null) continue
    noCustoms.push(row.id)
    noCustomsOrders.push(orderNumberText(row.order))
    for (const gap of gaps) noCustomsParts.add(gap)
    if (gaps.length === 0) noCustomsParts.add('one currency for all values')
  }
  const found: (PrePrintCheck | null)[] = [
    ordersCheck(
      { id: 'missing-weight', title: 'Items without a weight', severity: 'warning' },
      noWeight,
      (n) =>
        `${plural(n, 'order')} (${namedList(noWeightOrders)}) cannot be weighed: ${namedList([...noWeightSkus])} ${
          noWeightSkus.size === 1 ? 'has' : 'have'
        } no weight in the catalogue. Add the weight under Catalogue, or weigh ${n === 1 ? 'the parcel' : 'those parcels'} by hand.`,
    ),
    ordersCheck(
      { id: 'missing-customs', title: 'Customs data missing', severity: 'warning' },
      noCustoms,
      (n) =>
        `${plural(n, 'order')} leaving the customs area (${namedList(noCustomsOrders)}) ${
          n === 1 ? 'has' : 'have'
        } items without ${[...noCustomsParts].join(', ')}. Fill them in under Catalogue before printing customs forms.`,
    ),
  ]
  return found.filter((check): check is PrePrintCheck => check !== null)
}

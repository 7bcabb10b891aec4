import type { CampaignContribution } from '../api/schemas'
import { hasShippableItems } from '../fulfillment/shipping'
import { customsGaps } from './catalog-checks'
import type { CatalogCheckContext } from './catalog-checks'
import { indexCatalog } from './catalog-index'
import { leavesCustomsArea } from './customs-rules'
import { orderParcel } from './parcel'

// The catalogue table's "missing" badge: per variant seen in the campaign's orders, what the
// pre-print checks would miss of it (catalog-checks.ts: the same parcel lines and the same
// customs gaps), so the table names the rows to fill before a check names the orders.

export interface VariantGap {
  /** The variant key of the orders' items (shared/fulfillment variantKey). */
  key: string
  sku: string
  /** The variant as the catalogue writes it; null: an item without choices (the SKU's row). */
  variant: string | null
  /** The item's name in the orders, to tell rows apart. */
  name: string
  /** Orders that ship it. */
  orders: number
  /** What is missing: 'weight' and the customs parts (customsGaps), in that order. */
  missing: string[]
  /** Orders shipping it abroad: customs data is asked only for those. */
  abroad: number
}

/** Every variant that ships in `rows`, with what the catalogue lacks of it (may be nothing). */
export function variantGaps(
  rows: readonly CampaignContribution[],
  context: CatalogCheckContext,
): VariantGap[] {
  const index = indexCatalog(context.catalog)
  const found = new Map<string, VariantGap & { parts: Set<string> }>()
  for (const row of rows) {
    if (!hasShippableItems(row)) continue
    const abroad = leavesCustomsArea(context.senderCountry, row.order.shipping?.country)
    for (const line of orderParcel(row, context.catalog, index, context).lines) {
      let gap = found.get(line.key)
      if (!gap) {
        const bar = line.key.indexOf('|')
        gap = {
          key: line.key,
          sku: line.sku,
          variant: bar < 0 ? null : line.key.slice(bar + 1),
          name: line.name,
          orders: 0,
          abroad: 0,
          missing: [],
          parts: new Set(),
        }
        found.set(line.key, gap)
      }
      gap.orders++
      if (line.fields.weightG === undefined) gap.parts.add('weight')
      if (!abroad) continue
      gap.abroad++
      for (const part of customsGaps(line)) gap.parts.add(part)
    }
  }
  return [...found.values()]
    .map(({ parts, ...gap }) => ({ ...gap, missing: [...parts] }))
    .sort((a, b) => a.key.localeCompare(b.key, 'en'))
}

import type { Catalog, CatalogItem } from '../../shared/catalog'
import { DEFAULT_PLEDGE_SHARE } from '../../shared/catalog'
import type { SimDataset } from '../../simulator/model'
import type { OfflineCache } from '../core/cache'

// The demo's catalogue: the primary campaign's SKUs weighed and mostly described for customs,
// and three boxes, so the Catalogue view, the parcel weights of the shipper CSV and the customs
// forms have something to show from the first click. One SKU is left without customs data and
// one without a weight: the view's badges and the pre-print checks show what a gap looks like.

/** HS codes by a word of the item's name; the rest are toys and games (chapter 95). */
const HS_BY_WORD: readonly [RegExp, string, string][] = [
  [/shirt|tee|hoodie/i, '610910', 'Cotton T-shirt'],
  [/pin/i, '711719', 'Enamel pin'],
  [/coin/i, '830629', 'Metal tokens'],
  [/book|guide|art/i, '490199', 'Printed book'],
  [/poster|print/i, '491191', 'Printed poster'],
  [/mug/i, '691200', 'Ceramic mug'],
]

const PACKAGING: Catalog['packaging'] = [
  { name: 'Mailer', weightG: 40, lengthCm: 35, widthCm: 25, heightCm: 4, maxWeightG: 500, perkIds: [] },
  { name: 'Box S', weightG: 150, lengthCm: 30, widthCm: 22, heightCm: 10, maxWeightG: 3000, perkIds: [] },
  { name: 'Box L', weightG: 320, lengthCm: 42, widthCm: 32, heightCm: 18, perkIds: [] },
] // prettier-ignore

function demoItem(sku: string, name: string, at: number): CatalogItem {
  const [, hsCode, description] = HS_BY_WORD.find(([word]) => word.test(name)) ?? [
    null,
    '950490',
    `Board game part: ${name}`.slice(0, 80),
  ]
  return {
    sku,
    variant: null,
    weightG: 60 + ((at * 137) % 900),
    hsCode,
    originCountry: at % 3 === 0 ? 'DE' : 'CN',
    customsDescription: description,
  }
}

/** Saves the demo catalogue of `campaignId` unless the demo cache holds one already. */
export function seedDemoCatalog(
  cache: OfflineCache,
  dataset: SimDataset,
  campaignId: number,
): void {
  const store = cache.catalog()
  if (store.load(campaignId).updatedAt !== null) return
  const names = new Map<string, string>()
  for (const row of dataset.contributions.get(campaignId) ?? [])
    for (const perk of row.order?.perks ?? [])
      for (const item of perk.items ?? []) names.set(item.sku.code, item.name)
  const items = [...names].sort().map(([sku, name], at) => demoItem(sku, name, at))
  // The gaps the view and the checks show: one SKU without a weight, one without customs data.
  if (items.length > 2) {
    delete items[items.length - 1]!.weightG
    const { sku, variant, weightG } = items[items.length - 2]!
    items[items.length - 2] = { sku, variant, ...(weightG === undefined ? {} : { weightG }) }
  }
  store.save(campaignId, { items, packaging: PACKAGING, pledgeShare: DEFAULT_PLEDGE_SHARE })
}

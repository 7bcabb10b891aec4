import { variantKey } from '../fulfillment/variant'
import type { Catalog, CatalogItem, ItemFields } from './catalog-model'
import { parseVariant } from './customs-rules'

// Looking an order's item up in the catalogue: its variant's entry, with the SKU's default
// filling in what the variant's entry leaves out.

const FIELDS = [
  'weightG',
  'lengthCm',
  'widthCm',
  'heightCm',
  'ownBox',
  'hsCode',
  'originCountry',
  'customsDescription',
  'customsValue',
  'customsCurrency',
] as const satisfies readonly (keyof ItemFields)[]

export interface CatalogIndex {
  /** The fields of the variant `key` (shared/fulfillment variantKey) of SKU `sku`; {} if none. */
  fields(sku: string, key: string): ItemFields
  /** Whether the catalogue has any item at all: an unused catalogue raises no checks. */
  readonly inUse: boolean
}

/** The key an item is stored under: its variant key, or the SKU code and `*` for a default. */
export function catalogItemKey(item: Pick<CatalogItem, 'sku' | 'variant'>): string {
  return item.variant === null
    ? `*${variantKey(item.sku, [])}`
    : variantKey(item.sku, parseVariant(item.variant))
}

function merged(base: ItemFields | undefined, own: ItemFields | undefined): ItemFields {
  if (!base) return own ?? {}
  if (!own) return base
  const out: ItemFields = { ...base }
  for (const field of FIELDS) {
    const value = own[field]
    if (value !== undefined) (out as Record<string, unknown>)[field] = value
  }
  return out
}

export function indexCatalog(catalog: Pick<Catalog, 'items'>): CatalogIndex {
  const byKey = new Map<string, CatalogItem>()
  for (const item of catalog.items) byKey.set(catalogItemKey(item), item)
  // One merge per variant, not per order line: 100,000 orders name a few dozen variants.
  const resolved = new Map<string, ItemFields>()
  return {
    inUse: byKey.size > 0,
    fields(sku, key) {
      let fields = resolved.get(key)
      if (fields === undefined) {
        fields = merged(byKey.get(`*${variantKey(sku, [])}`), byKey.get(key))
        resolved.set(key, fields)
      }
      return fields
    },
  }
}

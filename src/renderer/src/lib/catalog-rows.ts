import { catalogItemKey, parseVariant } from '@shared/catalog'
import { describeChoices } from '@shared/fulfillment/variant'
import type { CatalogItem, CatalogRowText, PackagingPreset } from '@shared/catalog'
import type { VariantGap } from '@shared/catalog/catalog-gaps'
import type { CatalogView } from '@shared/ipc'

// The catalogue table's rows: the catalogue's own rows, and the variants the campaign's orders
// ship that have no row of their own yet (so a new campaign's table is a list to fill in).

export interface CatalogTableRow {
  /** The catalogue's key for the row (catalogItemKey): unique in the table. */
  key: string
  sku: string
  variant: string | null
  /** The item's name in the orders; null for a row no order ships. */
  name: string | null
  /** The catalogue's row; null: a variant of the orders without a row of its own. */
  item: CatalogItem | null
  /** What the pre-print checks would miss of it ([] when complete or shipped by no order). */
  missing: string[]
  orders: number
}

function gapItemKey(gap: VariantGap): string {
  return catalogItemKey({ sku: gap.sku, variant: gap.variant })
}

export function catalogTableRows(view: CatalogView | null): CatalogTableRow[] {
  if (view === null) return []
  const gaps = new Map(view.gaps.map((gap) => [gapItemKey(gap), gap]))
  const rows: CatalogTableRow[] = view.catalog.items.map((item) => {
    const key = catalogItemKey(item)
    const gap = gaps.get(key)
    gaps.delete(key)
    return {
      key,
      sku: item.sku,
      variant: item.variant,
      name: gap?.name ?? null,
      item,
      missing: gap?.missing ?? [],
      orders: gap?.orders ?? 0,
    }
  })
  for (const [key, gap] of gaps)
    rows.push({
      key,
      sku: gap.sku,
      variant: gap.variant,
      name: gap.name,
      item: null,
      missing: gap.missing,
      orders: gap.orders,
    })
  return rows.sort((a, b) => a.sku.localeCompare(b.sku, 'en') || a.key.localeCompare(b.key, 'en'))
}

const text = (value: number | boolean | string | undefined) =>
  value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)

/** A row as the drawer's fields show it: the CSV's columns, in the catalogue's units. */
export function itemText(row: Pick<CatalogTableRow, 'sku' | 'variant' | 'item'>): CatalogRowText {
  const item = row.item
  return {
    sku: row.sku,
    variant: row.variant ?? '',
    weight_g: text(item?.weightG),
    length_cm: text(item?.lengthCm),
    width_cm: text(item?.widthCm),
    height_cm: text(item?.heightCm),
    own_box: item?.ownBox ? 'yes' : '',
    hs_code: text(item?.hsCode),
    origin_country: text(item?.originCountry),
    customs_description: text(item?.customsDescription),
    customs_value: text(item?.customsValue),
    customs_currency: text(item?.customsCurrency),
  }
}

export function packagingText(box: PackagingPreset | null): CatalogRowText {
  return {
    name: box?.name ?? '',
    weight_g: text(box?.weightG),
    length_cm: text(box?.lengthCm),
    width_cm: text(box?.widthCm),
    height_cm: text(box?.heightCm),
    max_weight_g: text(box?.maxWeightG),
    perk_ids: box?.perkIds.join(', ') ?? '',
  }
}

/** "30 × 25 × 2 cm", or '' without all three sides. */
export function sizeText(f: { lengthCm?: number; widthCm?: number; heightCm?: number }): string {
  return f.lengthCm && f.widthCm && f.heightCm
    ? `${f.lengthCm} × ${f.widthCm} × ${f.heightCm} cm`
    : ''
}

/** "Missing: weight, HS code" for a person; '' when nothing is missing. */
export function missingText(missing: readonly string[]): string {
  return missing.length === 0 ? '' : `Missing ${missing.join(', ')}`
}

/** "Color: Black, Size: L" as the pick list writes choices; the SKU default says so. */
export function variantText(variant: string | null): string {
  if (variant === null) return 'Every variant (SKU default)'
  return describeChoices(parseVariant(variant)) || variant
}

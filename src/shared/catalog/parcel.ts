import type { CampaignContribution } from '../api/schemas'
import { perkShips } from '../fulfillment/shipping'
import { itemName, variantKey } from '../fulfillment/variant'
import type { CatalogIndex } from './catalog-index'
import type { Catalog, ItemFields, PackagingPreset } from './catalog-model'

// An order's parcel worked out from its items and the catalogue: weight, size, box, and the
// customs lines with their values. Pure; the shipper CSV, the Excel sheet, the customs forms
// and the pre-print checks all read it, so their figures agree.

export interface ParcelLine {
  key: string
  sku: string
  name: string
  quantity: number
  fields: ItemFields
  /** Customs value of one unit; null when neither the catalogue nor the perk gives one. */
  unitValue: number | null
  currency: string
}

export interface ParcelBox {
  weightG: number | null
  lengthCm: number | null
  widthCm: number | null
  heightCm: number | null
  /** The packaging preset, or null: an own-box item, or no preset fits. */
  packaging: string | null
}

export interface OrderParcel {
  lines: ParcelLine[]
  /** Own-box units first, one box each, then the box of everything else (if anything is left). */
  boxes: ParcelBox[]
  /** Sum of every box's weight; null when an item's weight is not known. */
  weightG: number | null
  /** Sum of the lines' values; null when a line has none or the lines mix currencies. */
  value: number | null
  currency: string
  /** Keys of the lines without a weight. */
  missingWeight: string[]
}

export interface ParcelContext {
  /** The campaign's currency, for values taken from the pledge. */
  currency: string
}

const volume = (f: { lengthCm?: number; widthCm?: number; heightCm?: number }) =>
  (f.lengthCm ?? 0) * (f.widthCm ?? 0) * (f.heightCm ?? 0)
const longestSide = (f: { lengthCm?: number; widthCm?: number; heightCm?: number }) =>
  Math.max(f.lengthCm ?? 0, f.widthCm ?? 0, f.heightCm ?? 0)
const hasSize = (f: ItemFields) =>
  f.lengthCm !== undefined && f.widthCm !== undefined && f.heightCm !== undefined

/** The order's lines: items of the perks that ship, merged per variant, with their values. */
function parcelLines(
  row: CampaignContribution,
  index: CatalogIndex,
  share: number,
  context: ParcelContext,
): ParcelLine[] {
  const lines = new Map<string, ParcelLine>()
  for (const perk of row.order.perks) {
    if (!perkShips(perk)) continue
    let units = 0
    for (const item of perk.items) units += item.quantity
    const pledgeUnit =
      typeof perk.amount === 'number' && units > 0 ? (perk.amount * share) / units : null
    for (const item of perk.items) {
      if (item.quantity === 0) continue
      const key = variantKey(item.sku.code, item.sku.choices)
      const fields = index.fields(item.sku.code, key)
      const own = fields.customsValue
      const unitValue = own ?? pledgeUnit
      const currency =
        own !== undefined ? (fields.customsCurrency ?? context.currency) : context.currency
      const line = lines.get(key)
      if (line) {
        // The same variant from two perks: one line, its value the average of both prices.
        line.unitValue =
          line.unitValue === null || unitValue === null
            ? null
            : (line.unitValue * line.quantity + unitValue * item.quantity) /
              (line.quantity + item.quantity)
        line.quantity += item.quantity
        continue
      }
      lines.set(key, {
        key,
        sku: item.sku.code,
        name: itemName(item),
        quantity: item.quantity,
        fields,
        unitValue,
        currency,
      })
    }
  }
  return [...lines.values()]
}

/** The box an order's loose items go in (PACKAGING_RULE), or null. */
export function choosePackaging(
  packaging: readonly PackagingPreset[],
  perkIds: readonly number[],
  contents: { weightG: number; volumeCm3: number; longestCm: number },
): PackagingPreset | null {
  const chosen = packaging.filter((box) => box.perkIds.some((id) => perkIds.includes(id)))
  if (chosen.length > 0) return chosen.reduce((a, b) => (volume(b) > volume(a) ? b : a))
  let best: PackagingPreset | null = null
  for (const box of packaging) {
    if (volume(box) < contents.volumeCm3 || longestSide(box) < contents.longestCm) continue
    if (box.maxWeightG !== undefined && box.maxWeightG < contents.weightG) continue
    if (best === null || volume(box) < volume(best)) best = box
  }
  return best
}

function looseBox(
  lines: readonly ParcelLine[],
  catalog: Pick<Catalog, 'packaging'>,
  perkIds: number[],
): ParcelBox {
  let weight: number | null = 0
  let volumeCm3 = 0
  let longestCm = 0
  let sized = true
  for (const line of lines) {
    const f = line.fields
    weight = weight === null || f.weightG === undefined ? null : weight + f.weightG * line.quantity
    if (!hasSize(f)) sized = false
    volumeCm3 += volume(f) * line.quantity
    longestCm = Math.max(longestCm, longestSide(f))
  }
  const box = choosePackaging(catalog.packaging, perkIds, {
    weightG: weight ?? 0,
    volumeCm3: sized ? volumeCm3 : 0,
    longestCm,
  })
  if (box) {
    return {
      weightG: weight === null ? null : weight + box.weightG,
      lengthCm: box.lengthCm,
      widthCm: box.widthCm,
      heightCm: box.heightCm,
      packaging: box.name,
    }
  }
  // No box: one unit of one sized item is its own parcel size; anything else is not known.
  const only = lines.length === 1 && lines[0]!.quantity === 1 ? lines[0]!.fields : null
  return {
    weightG: weight,
    lengthCm: only?.lengthCm ?? null,
    widthCm: only?.widthCm ?? null,
    heightCm: only?.heightCm ?? null,
    packaging: null,
  }
}

function ownBox(fields: ItemFields): ParcelBox {
  return {
    weightG: fields.weightG ?? null,
    lengthCm: fields.lengthCm ?? null,
    widthCm: fields.widthCm ?? null,
    heightCm: fields.heightCm ?? null,
    packaging: null,
  }
}

export function orderParcel(
  row: CampaignContribution,
  catalog: Pick<Catalog, 'packaging' | 'pledgeShare'>,
  index: CatalogIndex,
  context: ParcelContext,
): OrderParcel {
  const lines = parcelLines(row, index, catalog.pledgeShare, context)
  const boxes: ParcelBox[] = []
  const loose: ParcelLine[] = []
  for (const line of lines) {
    if (line.fields.ownBox === true) {
      for (let unit = 0; unit < line.quantity; unit++) boxes.push(ownBox(line.fields))
    } else loose.push(line)
  }
  const perkIds = row.order.perks.filter(perkShips).map((perk) => perk.id)
  if (loose.length > 0) boxes.push(looseBox(loose, catalog, perkIds))
  let weightG: number | null = 0
  for (const box of boxes)
    weightG = weightG === null || box.weightG === null ? null : weightG + box.weightG
  let value: number | null = 0
  for (const line of lines)
    value =
      value === null || line.unitValue === null ? null : value + line.unitValue * line.quantity
  const currencies = new Set(lines.map((line) => line.currency))
  return {
    lines,
    boxes,
    weightG,
    value: value === null || currencies.size > 1 ? null : Math.round(value * 100) / 100,
    currency: currencies.size === 1 ? [...currencies][0]! : context.currency,
    missingWeight: lines
      .filter((line) => line.fields.weightG === undefined)
      .map((line) => line.key),
  }
}

import type { CampaignContribution } from '../../../shared/api/schemas'
import { indexCatalog, leavesCustomsArea, orderParcel } from '../../../shared/catalog'
import type { Catalog } from '../../../shared/catalog'
import type { ColumnKind } from '../../../shared/export/order-rows'
import { orderNumberText } from '../../../shared/fulfillment/orders'
import { shipmentRole } from '../../../shared/fulfillment/shipping'
import { ColumnWidths } from '../export/excel-layout'
import type { CellValue, SheetPlan } from '../export/excel-sheets'

// The packing list's catalogue sheets: the weight, size and box of each parcel, and the
// customs lines of the parcels that leave the sender's customs area. Figures come from the
// shared parcel rule, so they agree with the shipper CSV.

export const CATALOG_SHEET = { parcels: 'Parcels', customs: 'Customs' } as const

export interface CatalogSheetsContext {
  catalog: Catalog
  currency: string
  senderCountry: string
}

function plan(
  name: string,
  headers: readonly string[],
  kinds: readonly ColumnKind[],
  rows: CellValue[][],
): SheetPlan {
  const widths = new ColumnWidths(headers)
  for (const row of rows) for (let c = 0; c < row.length; c++) widths.see(c, row[c])
  return {
    name,
    headers,
    kinds,
    wrap: headers.map(() => false),
    widths: widths.final(),
    rowCount: rows.length,
    rows: () => rows,
  }
}

/** Empty cells, not zeros, where the catalogue does not know a figure. */
const known = (value: number | null | undefined): CellValue => value ?? null

export function catalogSheetPlans(
  orders: readonly CampaignContribution[],
  context: CatalogSheetsContext,
): SheetPlan[] {
  const index = indexCatalog(context.catalog)
  const parcels: CellValue[][] = []
  const customs: CellValue[][] = []
  for (const row of orders) {
    if (shipmentRole(row) !== 'ships') continue
    const parcel = orderParcel(row, context.catalog, index, context)
    const box = parcel.boxes.length === 1 ? parcel.boxes[0]! : null
    const order = orderNumberText(row.order)
    parcels.push([
      order,
      String(row.order.id),
      known(parcel.weightG),
      known(box?.lengthCm),
      known(box?.widthCm),
      known(box?.heightCm),
      parcel.boxes.length,
      parcel.boxes.map((b) => b.packaging ?? 'own box').join(', '),
      known(parcel.value),
      parcel.value === null ? null : parcel.currency,
    ])
    const country = row.order.shipping?.country ?? ''
    if (!leavesCustomsArea(context.senderCountry, country)) continue
    for (const line of parcel.lines) {
      customs.push([
        order,
        country.trim(),
        line.sku,
        line.fields.customsDescription ?? null,
        line.fields.hsCode ?? null,
        line.fields.originCountry ?? null,
        line.quantity,
        known(line.fields.weightG),
        known(line.unitValue === null ? null : Math.round(line.unitValue * 100) / 100),
        line.unitValue === null ? null : line.currency,
      ])
    }
  }
  return [
    plan(
      CATALOG_SHEET.parcels,
      ['Order', 'Order ID', 'Weight (g)', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Boxes', 'Packaging', 'Value', 'Currency'],
      ['text', 'id', 'number', 'number', 'number', 'number', 'number', 'text', 'number', 'text'],
      parcels,
    ),
    // HS codes are text cells: a code is an identifier, and a number cell would drop a
    // leading zero (chapter 01 to 09).
    plan(
      CATALOG_SHEET.customs,
      ['Order', 'Country', 'SKU', 'Customs description', 'HS code', 'Origin', 'Quantity', 'Unit weight (g)', 'Unit value', 'Currency'],
      ['text', 'text', 'text', 'text', 'text', 'text', 'number', 'number', 'number', 'text'],
      customs,
    ),
  ] // prettier-ignore
}

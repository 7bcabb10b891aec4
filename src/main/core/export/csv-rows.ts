import type { CampaignContribution } from '../../../shared/api/schemas'
import { addressParts } from '../../../shared/address'
import { neutralizeFormula } from '../../../shared/export/formula'
import {
  checkByHandNote,
  describeChoices,
  flaggedItemName,
  shipmentRole,
  shippableFlaggedItems,
  shippableLines,
} from '../../../shared/fulfillment'
import { FLOOR_STAGE_WORDS, floorStage } from '../../../shared/floor/order-state'
import type { OrderFloorState } from '../../../shared/floor/order-state'
import type { ShipperCsvFormat } from '../../../shared/ipc'
import {
  NO_LINE_FIGURES,
  NO_PARCEL_FIGURES,
  lineFigures,
  orderParcel,
  parcelFigures,
} from '../../../shared/catalog'
import type { Catalog, CatalogIndex, LineFigures, ParcelFigures } from '../../../shared/catalog'

/**
 * One line item of one order: what every format is cut from. Raw values, nothing escaped. The
 * parcel's and the line's catalogue figures ('' where not known) come from src/shared/catalog.
 */
export interface ShipperLine extends ParcelFigures, LineFigures {
  /**
   * The sequence number; the order id when the API sent none, since shippers merge rows by this
   * column and an empty one would merge every such order into one parcel.
   */
  orderNumber: number
  orderId: number
  orderDate: string
  recipient: string
  address1: string
  address2: string
  city: string
  state: string
  postalCode: string
  /** ISO 3166-1 alpha-2 when the API's value could be read as a country, else its text. */
  countryCode: string
  phone: string
  email: string
  sku: string
  itemName: string
  choices: string
  quantity: number
  /** The packing floor's word for the order ("Packed"), its carrier and tracking numbers. */
  floor: string
  carrier: string
  tracking: string
  /** "#1204" (or "ID 1873221"): the order as its packing slip names it. */
  orderLabel: string
  /** Every line of the order, "2x TEE-BLK-M, 1x MUG": one row per parcel says what is in it. */
  items: string
}

type ShipperLineKey = keyof ShipperLine

export interface ShipperCsvColumn {
  key: ShipperLineKey
  header: string
}

// The catalogue's columns, after each format's own (docs/exports.md, "Weights, sizes and
// customs"): a script reading the older columns by name or position is not disturbed.
const GENERIC_PARCEL_COLUMNS: readonly ShipperCsvColumn[] = [
  { key: 'parcelWeightG', header: 'parcel_weight_g' },
  { key: 'parcelLengthCm', header: 'parcel_length_cm' },
  { key: 'parcelWidthCm', header: 'parcel_width_cm' },
  { key: 'parcelHeightCm', header: 'parcel_height_cm' },
  { key: 'itemWeightG', header: 'product_weight_g' },
  { key: 'hsCode', header: 'product_hs_code' },
  { key: 'originCountry', header: 'product_origin_country' },
  { key: 'customsDescription', header: 'product_customs_description' },
  { key: 'customsValue', header: 'product_customs_value' },
  { key: 'customsCurrency', header: 'product_customs_currency' },
]

const SHIPSTATION_PARCEL_COLUMNS: readonly ShipperCsvColumn[] = [
  { key: 'parcelWeightOz', header: 'Weight (oz)' },
  { key: 'parcelLengthIn', header: 'Length (in)' },
  { key: 'parcelWidthIn', header: 'Width (in)' },
  { key: 'parcelHeightIn', header: 'Height (in)' },
  { key: 'itemWeightOz', header: 'Item Weight (oz)' },
  { key: 'hsCode', header: 'Item HS Tariff' },
  { key: 'originCountry', header: 'Item Country of Origin' },
  { key: 'customsDescription', header: 'Item Customs Description' },
  { key: 'customsValue', header: 'Item Customs Value' },
]

const PIRATESHIP_PARCEL_COLUMNS: readonly ShipperCsvColumn[] = [
  { key: 'parcelWeightOz', header: 'Weight (oz)' },
  { key: 'parcelLengthIn', header: 'Length (in)' },
  { key: 'parcelWidthIn', header: 'Width (in)' },
  { key: 'parcelHeightIn', header: 'Height (in)' },
  { key: 'contentsDescription', header: 'Customs Description' },
  { key: 'declaredValue', header: 'Customs Value' },
]

/**
 * Column names are the importers' own, so no mapping is needed on their side (docs/exports.md
 * names each and where it comes from).
 *
 * generic: the crowdfunding warehouse format of api-notes, every header in snake_case (that
 * importer's own spelling of the first is "order id": renamed order_id, docs/exports.md), plus
 * product_options and order_number (its importer ignores columns it does not know, and people
 * read them).
 *
 * shipstation: ShipStation's CSV import field names. Rows with one Order Number merge into one
 * order there, which is what one row per line item needs. The order id rides in Custom Field 1
 * so a parcel can be traced back to the platform.
 *
 * pirateship: Pirate Ship's spreadsheet upload makes one label per row, so one row per order
 * (SHIPPER_CSV_ROWS); the box's content rides in its Rubber Stamp fields, printed on the
 * label. Order ID is what its shipment export gives back, which `tracking import` matches. A
 * package's weight, size and customs lines are order-level keys of ShipperLine to add here.
 */
export const SHIPPER_CSV_COLUMNS: Readonly<Record<ShipperCsvFormat, readonly ShipperCsvColumn[]>> =
  {
    generic: [
      { key: 'orderId', header: 'order_id' },
      { key: 'recipient', header: 'ship_name' },
      { key: 'address1', header: 'ship_address_1' },
      { key: 'address2', header: 'ship_address_2' },
      { key: 'city', header: 'ship_city' },
      { key: 'state', header: 'ship_state' },
      { key: 'postalCode', header: 'ship_zipcode' },
      { key: 'countryCode', header: 'ship_country' },
      { key: 'phone', header: 'ship_phone' },
      { key: 'email', header: 'ship_email' },
      { key: 'sku', header: 'product_sku' },
      { key: 'quantity', header: 'product_qty' },
      { key: 'itemName', header: 'product_name' },
      { key: 'choices', header: 'product_options' },
      { key: 'orderNumber', header: 'order_number' },
      { key: 'floor', header: 'floor_state' },
      { key: 'carrier', header: 'carrier' },
      { key: 'tracking', header: 'tracking_number' },
      ...GENERIC_PARCEL_COLUMNS,
    ],
    shipstation: [
      { key: 'orderNumber', header: 'Order Number' },
      { key: 'orderDate', header: 'Order Date' },
      { key: 'recipient', header: 'Recipient Full Name' },
      { key: 'address1', header: 'Address Line 1' },
      { key: 'address2', header: 'Address Line 2' },
      { key: 'city', header: 'City' },
      { key: 'state', header: 'State' },
      { key: 'postalCode', header: 'Postal Code' },
      { key: 'countryCode', header: 'Country Code' },
      { key: 'phone', header: 'Recipient Phone' },
      { key: 'email', header: 'Buyer Email' },
      { key: 'sku', header: 'Item SKU' },
      { key: 'itemName', header: 'Item Name' },
      { key: 'choices', header: 'Item Options' },
      { key: 'quantity', header: 'Item Quantity' },
      { key: 'orderId', header: 'Custom Field 1' },
      // ShipStation shows custom fields on the order: where it stands on PerkPack's floor.
      { key: 'floor', header: 'Custom Field 2' },
      { key: 'tracking', header: 'Custom Field 3' },
      ...SHIPSTATION_PARCEL_COLUMNS,
    ],
    pirateship: [
      { key: 'orderNumber', header: 'Order ID' },
      { key: 'recipient', header: 'Name' },
      { key: 'address1', header: 'Address Line 1' },
      { key: 'address2', header: 'Address Line 2' },
      { key: 'city', header: 'City' },
      { key: 'state', header: 'State' },
      { key: 'postalCode', header: 'Zip Code' },
      { key: 'countryCode', header: 'Country' },
      { key: 'phone', header: 'Phone' },
      { key: 'email', header: 'Email' },
      { key: 'orderLabel', header: 'Rubber Stamp 1' },
      { key: 'items', header: 'Rubber Stamp 2' },
      ...PIRATESHIP_PARCEL_COLUMNS,
    ],
  }

/**
 * A row per line item (the shipper merges rows of one order number into one order) or a row
 * per parcel (every order-level column once, the lines summed up in `items`).
 */
export const SHIPPER_CSV_ROWS: Readonly<Record<ShipperCsvFormat, 'item' | 'parcel'>> = {
  generic: 'item',
  shipstation: 'item',
  pirateship: 'parcel',
}

/**
 * "2024-03-01 10:15:00", the wall-clock time of the API's timestamp: the order date as the
 * platform shows it. Year first with a time is what ShipStation's importer reads unambiguously;
 * anything unexpected passes through as it came.
 */
function shipperOrderDate(timestamp: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(timestamp)
  return match ? `${match[1]} ${match[2]}` : timestamp
}

/**
 * The lines of one order, or an empty array when it does not ship (a status that does not ship,
 * nothing to ship, or no street address: a shipper's importer rejects the row or, worse, buys
 * postage for it): `shipmentRole`, the rule labels and slips follow.
 */
export interface ShipperCatalog {
  catalog: Catalog
  index: CatalogIndex
  /** The campaign's currency, for customs values taken from the pledge. */
  currency: string
}

export function shipperLines(
  row: CampaignContribution,
  floor?: OrderFloorState | null,
  catalog?: ShipperCatalog,
): ShipperLine[] {
  if (shipmentRole(row) !== 'ships') return []
  const parcel = catalog ? orderParcel(row, catalog.catalog, catalog.index, catalog) : null
  const figures = parcel ? parcelFigures(parcel) : NO_PARCEL_FIGURES
  const parcelLines = new Map(parcel?.lines.map((line) => [line.key, line]))
  const lines = shippableLines(row)
  const flagged = shippableFlaggedItems(row)
  const ship = addressParts(row.order.shipping)
  const base = {
    orderLabel:
      row.order.sequence_number == null ? `ID ${row.order.id}` : `#${row.order.sequence_number}`,
    items: lines.map((line) => `${line.quantity}x ${line.skuCode}`).join(', '),
    orderNumber: row.order.sequence_number ?? row.order.id,
    orderId: row.order.id,
    orderDate: row.created_at ? shipperOrderDate(row.created_at) : '',
    recipient: ship.name,
    address1: ship.address1,
    address2: ship.address2,
    city: ship.city,
    state: ship.state,
    postalCode: ship.postalCode,
    countryCode: ship.countryCode,
    phone: ship.phone,
    email: (row.email ?? '').trim(),
    floor: FLOOR_STAGE_WORDS[floorStage(floor)],
    carrier: floor?.carrier ?? '',
    tracking: floor?.trackingNumbers.join(' ') ?? '',
    ...figures,
  }
  const items = lines.map((line) => ({
    ...base,
    ...lineFigures(parcelLines.get(line.key)),
    sku: line.skuCode,
    itemName: line.itemName,
    choices: describeChoices(line.choices),
    quantity: line.quantity,
  }))
  // An item PerkPack cannot read goes in the parcel too: its row says so in the item name, with
  // no SKU to match and one unit when the API sent no quantity (a shipper needs a number).
  for (const { item } of flagged) {
    items.push({
      ...base,
      ...NO_LINE_FIGURES,
      sku: item.sku_code ?? '',
      itemName: `${flaggedItemName(item)} (${checkByHandNote(item)})`,
      choices: describeChoices(item.choices),
      quantity: item.quantity ?? 1,
    })
  }
  return items
}

export type ShipperRecord = Record<string, string | number>

/**
 * A line as the CSV writer takes it: keyed by column key, every text cell neutralised against
 * formula injection (OWASP), numbers left as numbers.
 */
export function shipperRecord(
  line: ShipperLine,
  columns: readonly ShipperCsvColumn[],
): ShipperRecord {
  const record: ShipperRecord = {}
  for (const { key } of columns) {
    const value = line[key]
    record[key] = typeof value === 'number' ? value : neutralizeFormula(value)
  }
  return record
}

import { addressParts } from '../address'
import type { AddressParts } from '../address'
import { calendarDayIso } from '../format/locale-format'
import type { CampaignContribution, Perk } from '../api/schemas'
import {
  describeChoices,
  flaggedItemLine,
  flaggedItems,
  hasFlaggedItems,
  itemName,
  orderLines,
  paymentMethodText,
  perkLabel,
  statusText,
} from '../fulfillment'
import type { OrderLine } from '../fulfillment'
import { FLOOR_STAGE_WORDS, floorStage } from '../floor/order-state'
import type { OrderFloorState } from '../floor/order-state'

/**
 * How a column's values are stored. `id` is text that looks like a number to a spreadsheet
 * (order ids, SKU and postal codes, phone numbers): it must stay text, or Excel drops leading
 * zeros and shows 4006381333931 as 4.00638E+12. `day` ("2026-01-13") and `instant` (ISO 8601
 * with a time zone) are dates a spreadsheet should sort and compute with.
 */
export type ColumnKind = 'number' | 'text' | 'id' | 'day' | 'instant'

export interface ExportColumn<K extends string> {
  key: K
  header: string
  kind: ColumnKind
}

/**
 * The address part of an order: `addressParts`, so the columns and the label of one order hold
 * the same text, with the name as `shipName` (the sheet has the backer's name too) and the
 * country as sent only.
 */
export type ShippingValues = Omit<AddressParts, 'name' | 'countryCode'> & { shipName: string }

/** One order as the Orders sheet (and any per-order export) shows it. Raw text: no escaping. */
export interface OrderRowValues extends ShippingValues {
  sequence: number | null
  orderId: string
  backer: string
  email: string
  /** The pledge's calendar day, as the drawer and the slip say it ("2026-01-13"). */
  pledged: string
  /** In words ("In fulfillment"); the API's code beside it, for a machine or a formula. */
  status: string
  statusCode: string
  payment: string
  paymentCode: string
  perks: string
  items: string
  /** The packing floor: "Packed", when and where, and every parcel's tracking number. */
  floor: string
  /** ISO 8601, as the packing floor recorded it. */
  packedAt: string
  station: string
  carrier: string
  tracking: string
}

export type OrderRowKey = keyof OrderRowValues
export type ShippingRowKey = 'sequence' | 'orderId' | keyof ShippingValues

const SHIPPING_COLUMN_LIST: ExportColumn<keyof ShippingValues>[] = [
  { key: 'shipName', header: 'Ship to', kind: 'text' },
  { key: 'address1', header: 'Address line 1', kind: 'text' },
  { key: 'address2', header: 'Address line 2', kind: 'text' },
  { key: 'city', header: 'City', kind: 'text' },
  { key: 'state', header: 'State / region', kind: 'text' },
  { key: 'postalCode', header: 'Postal code', kind: 'id' },
  { key: 'country', header: 'Country', kind: 'id' },
  { key: 'phone', header: 'Phone', kind: 'id' },
]

/** Columns of the Orders sheet and of each per-perk sheet, in order. */
export const ORDER_COLUMNS: readonly ExportColumn<OrderRowKey>[] = [
  { key: 'sequence', header: 'Seq #', kind: 'number' },
  { key: 'orderId', header: 'Order ID', kind: 'id' },
  { key: 'backer', header: 'Backer', kind: 'text' },
  { key: 'email', header: 'E-mail', kind: 'text' },
  { key: 'pledged', header: 'Pledged on', kind: 'day' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'statusCode', header: 'Status code', kind: 'text' },
  { key: 'payment', header: 'Payment method', kind: 'text' },
  { key: 'paymentCode', header: 'Payment code', kind: 'text' },
  { key: 'perks', header: 'Perks', kind: 'text' },
  { key: 'items', header: 'Items', kind: 'text' },
  ...SHIPPING_COLUMN_LIST,
  // The packing floor last, so the address columns stay where warehouse macros expect them.
  { key: 'floor', header: 'Floor', kind: 'text' },
  { key: 'packedAt', header: 'Packed at', kind: 'instant' },
  { key: 'station', header: 'Packed by', kind: 'text' },
  { key: 'carrier', header: 'Carrier', kind: 'text' },
  // Text, always: a spreadsheet would show 9400111899223856728493 as 9.40011E+21.
  { key: 'tracking', header: 'Tracking number', kind: 'id' },
]

/** Columns of the Shipping sheet: what a shipping tool imports, nothing else. */
export const SHIPPING_COLUMNS: readonly ExportColumn<ShippingRowKey>[] = [
  { key: 'sequence', header: 'Seq #', kind: 'number' },
  { key: 'orderId', header: 'Order ID', kind: 'id' },
  ...SHIPPING_COLUMN_LIST,
]

const text = (value: string | null | undefined): string => (value ?? '').trim()

/** The backer's name; `by` (the public display name, maybe "Anonymous") only as a fallback. */
export function backerName(row: CampaignContribution): string {
  return text(row.contributor_name) || text(row.by)
}

/** Address fields of an order; all '' when the order has no shipping (digital, or no access). */
export function shippingValues(row: CampaignContribution): ShippingValues {
  const parts = addressParts(row.order.shipping)
  return {
    shipName: parts.name,
    address1: parts.address1,
    address2: parts.address2,
    city: parts.city,
    state: parts.state,
    postalCode: parts.postalCode,
    country: parts.country,
    phone: parts.phone,
  }
}

/**
 * Perk labels in the order given, a perk held twice written once with "× 2" (a backer can claim
 * the same perk more than once; "A; A" reads like a data error).
 */
export function perkSummary(perks: readonly Perk[]): string {
  // Nearly every order holds one perk; 100,000 exported rows should not build 100,000 Maps.
  if (perks.length <= 1) return perks[0] ? perkLabel(perks[0]) : ''
  const counts = new Map<number, { label: string; count: number }>()
  for (const perk of perks) {
    const seen = counts.get(perk.id)
    if (seen) seen.count++
    else counts.set(perk.id, { label: perkLabel(perk), count: 1 })
  }
  const parts: string[] = []
  for (const { label, count } of counts.values()) {
    parts.push(count === 1 ? label : `${label} × ${count}`)
  }
  return parts.join('; ')
}

/**
 * "2 × Tidepool T-Shirt (Color: Black, Size: M) [00871-TEE-BLK-M]; 1 × …". Quantity first so a
 * packer reads the count before the name, SKU last in brackets to match against the pick list.
 */
export function itemSummary(lines: readonly OrderLine[]): string {
  const parts: string[] = []
  for (const line of lines) {
    const choices = describeChoices(line.choices)
    const name = choices === '' ? line.itemName : `${line.itemName} (${choices})`
    parts.push(`${line.quantity} × ${name} [${line.skuCode}]`)
  }
  return parts.join('; ')
}

/**
 * `itemSummary(orderLines(row))`, without the merging and sorting when there is one item; then
 * the items PerkPack cannot read ("1 × Enamel pin (no SKU: check by hand)").
 */
export function orderItemsText(row: CampaignContribution): string {
  const perks = row.order.perks
  if (perks.length === 0) return ''
  if (hasFlaggedItems(row.order)) {
    const flagged = flaggedItems(row.order).map(({ item }) => flaggedItemLine(item))
    return [itemSummary(orderLines(row)), ...flagged].filter((part) => part !== '').join('; ')
  }
  if (perks.length === 1) {
    const items = (perks[0] as Perk).items
    if (items.length === 0) return ''
    if (items.length === 1) {
      const item = items[0] as Perk['items'][number]
      return itemSummary([
        {
          key: '',
          skuCode: item.sku.code,
          itemName: itemName(item),
          choices: item.sku.choices,
          quantity: item.quantity,
        },
      ])
    }
  }
  return itemSummary(orderLines(row))
}

/** Everything the Orders sheet shows for one order, as plain values. */
export function orderRowValues(
  row: CampaignContribution,
  floor?: OrderFloorState | null,
): OrderRowValues {
  const order = row.order
  // The fields written out rather than spread: 100,000 rows should not copy 100,000 objects.
  const ship = addressParts(order.shipping)
  return {
    sequence: order.sequence_number ?? null,
    orderId: String(order.id),
    backer: backerName(row),
    email: text(row.email),
    pledged: calendarDayIso(row.created_at),
    status: statusText(order.status),
    statusCode: order.status,
    payment: paymentMethodText(row.payment_method),
    paymentCode: text(row.payment_method),
    perks: perkSummary(order.perks),
    items: orderItemsText(row),
    shipName: ship.name,
    address1: ship.address1,
    address2: ship.address2,
    city: ship.city,
    state: ship.state,
    postalCode: ship.postalCode,
    country: ship.country,
    phone: ship.phone,
    floor: FLOOR_STAGE_WORDS[floorStage(floor)],
    packedAt: floor?.packedAt ?? '',
    station: floor?.station ?? '',
    carrier: floor?.carrier ?? '',
    tracking: floor?.trackingNumbers.join(', ') ?? '',
  }
}

/** `values` laid out in `columns` order, for writers that take arrays. */
export function rowInColumns<K extends string>(
  values: Readonly<Record<K, string | number | null>>,
  columns: readonly ExportColumn<K>[],
): (string | number | null)[] {
  const out: (string | number | null)[] = new Array<string | number | null>(columns.length)
  for (let i = 0; i < columns.length; i++) out[i] = values[(columns[i] as ExportColumn<K>).key]
  return out
}

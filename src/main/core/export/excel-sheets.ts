import type { OrderFloorState } from '../../../shared/floor/order-state'
import type { CampaignContribution } from '../../../shared/api/schemas'
import {
  ORDER_COLUMNS,
  SHIPPING_COLUMNS,
  orderRowValues,
  rowInColumns,
} from '../../../shared/export/order-rows'
import type { ColumnKind, OrderRowKey } from '../../../shared/export/order-rows'
import {
  compareBySequence,
  describeChoices,
  byHandItemText,
  byHandSkuText,
  notShipping,
  shippedPickList,
} from '../../../shared/fulfillment'
import type { NotShipping } from '../../../shared/fulfillment'
import { dayCell, deskTimeZone, minuteCell } from './excel-dates'
import { ColumnWidths } from './excel-layout'

// What goes on each sheet of the packing list, as plans of rows the sheet writer streams out.

/** The packing list's own sheets; a sheet per perk gets a name of its own beside them. */
export const SHEET = {
  pickList: 'Pick list',
  orders: 'Orders',
  shipping: 'Shipping',
  leftOut: 'Left out',
  checks: 'Checks',
  problems: 'Problems',
} as const

export type CellValue = string | number | Date | null

export interface SheetPlan {
  name: string
  headers: readonly string[]
  kinds: readonly ColumnKind[]
  /** Columns whose long text wraps (items, perks, details) rather than widening the sheet. */
  wrap: readonly boolean[]
  widths: readonly number[]
  rowCount: number
  rows: () => Iterable<readonly CellValue[]>
}

/** One pre-print check, as computed elsewhere; rendered as given. */
export interface PackingListCheck {
  title: string
  detail: string
  count: number
}

export function uniqueOrdersBySequence(
  rows: readonly CampaignContribution[],
): readonly CampaignContribution[] {
  const seen = new Set<number>()
  const unique: CampaignContribution[] = []
  for (const row of rows) {
    if (seen.has(row.order.id)) continue
    seen.add(row.order.id)
    unique.push(row)
  }
  // The cache lists newest first; a packer works through orders in sequence.
  return unique.sort(compareBySequence)
}

/** The pick list of the orders that ship, as printed and as the app shows it. */
export function pickListPlan(rows: readonly CampaignContribution[]): SheetPlan {
  const { rows: pickList, byHand } = shippedPickList(rows)
  const perkLabels = new Map<number, string>()
  for (const line of pickList) {
    for (const perk of line.perks)
      if (!perkLabels.has(perk.perk_id)) perkLabels.set(perk.perk_id, perk.perk_label)
  }
  const perkIds = [...perkLabels.keys()].sort((a, b) => a - b)
  const labelCounts = new Map<string, number>()
  for (const label of perkLabels.values()) labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1)
  // Two perks may share a label; the id tells their columns apart.
  const perkHeaders = perkIds.map((id) => {
    const label = perkLabels.get(id) ?? ''
    return (labelCounts.get(label) ?? 0) > 1 || label.trim() === ''
      ? `${label} (${id})`.trim()
      : label
  })
  const headers = ['SKU', 'Item', 'Choices', 'Quantity', 'Orders', ...perkHeaders]
  const kinds: ColumnKind[] = [
    'id',
    'text',
    'text',
    'number',
    'number',
    ...perkIds.map(() => 'number' as const),
  ]
  const perkColumn = new Map(perkIds.map((id, i) => [id, 5 + i]))

  const values: CellValue[][] = []
  const widths = new ColumnWidths(headers)
  for (const line of pickList) {
    const row: CellValue[] = new Array<CellValue>(headers.length).fill(null)
    row[0] = line.sku_code
    row[1] = line.item_name
    row[2] = describeChoices(line.choices)
    row[3] = line.quantity
    row[4] = line.order_count
    for (const perk of line.perks) row[perkColumn.get(perk.perk_id) as number] = perk.quantity
    for (let c = 0; c < row.length; c++) widths.see(c, row[c])
    values.push(row)
  }
  // Items PerkPack cannot pick by SKU, after the variants: "no SKU" in the SKU column, the
  // quantity empty when the API sent none.
  for (const line of byHand) {
    const row: CellValue[] = new Array<CellValue>(headers.length).fill(null)
    row[0] = byHandSkuText(line)
    row[1] = byHandItemText(line)
    row[2] = describeChoices(line.choices)
    row[3] = line.quantity
    row[4] = line.order_count
    for (let c = 0; c < row.length; c++) widths.see(c, row[c])
    values.push(row)
  }
  return {
    name: SHEET.pickList,
    headers,
    kinds,
    wrap: headers.map(() => false),
    widths: widths.final(),
    rowCount: values.length,
    rows: () => values,
  }
}

export interface OrderTable {
  /** `ORDER_COLUMNS`' headers, "Packed at" naming the time zone its times are in. */
  headers: string[]
  /** One row per order in `ORDER_COLUMNS` order, computed once and shared by several sheets. */
  rows: CellValue[][]
  /**
   * Over all orders. The per-perk sheets use them too: the same columns line up on every order
   * sheet, and measuring each perk's subset again would cost a scan of every string per sheet.
   */
  widths: ColumnWidths
  /** Perks by id, each with the indexes of the orders holding it. */
  perks: { id: number; label: string; rows: number[] }[]
}

const columnsOfKind = (kind: ColumnKind): number[] =>
  ORDER_COLUMNS.flatMap((c, i) => (c.kind === kind ? [i] : []))
const DAY_COLUMNS = columnsOfKind('day')
const INSTANT_COLUMNS = columnsOfKind('instant')

/**
 * The order rows, dates as date cells: days as they are, instants in `timeZone` (the desk's,
 * named in the header), since a spreadsheet has no time zones. Text that is no date stays text.
 */
export function orderTable(
  orders: readonly CampaignContribution[],
  floor?: ReadonlyMap<number, OrderFloorState>,
  timeZone = deskTimeZone(),
): OrderTable {
  const headers = ORDER_COLUMNS.map((c) =>
    c.kind === 'instant' ? `${c.header} (${timeZone})` : c.header,
  )
  const rows: CellValue[][] = []
  const widths = new ColumnWidths(headers)
  const perks = new Map<number, OrderTable['perks'][number]>()
  for (let i = 0; i < orders.length; i++) {
    const contribution = orders[i] as CampaignContribution
    const row: CellValue[] = rowInColumns(
      orderRowValues(contribution, floor?.get(contribution.order.id)),
      ORDER_COLUMNS,
    )
    for (const c of DAY_COLUMNS) row[c] = dayCell(row[c] as string) ?? row[c] ?? null
    for (const c of INSTANT_COLUMNS)
      row[c] = minuteCell(row[c] as string, timeZone) ?? row[c] ?? null
    rows.push(row)
    for (let c = 0; c < row.length; c++) widths.see(c, row[c])
    for (const perk of contribution.order.perks) {
      let entry = perks.get(perk.id)
      if (entry === undefined) {
        entry = { id: perk.id, label: perk.label, rows: [] }
        perks.set(perk.id, entry)
      }
      // A perk held twice lists the order once.
      if (entry.rows[entry.rows.length - 1] !== i) entry.rows.push(i)
    }
  }
  return { headers, rows, widths, perks: [...perks.values()].sort((a, b) => a.id - b.id) }
}

const ORDER_KINDS = ORDER_COLUMNS.map((c) => c.kind)
const WRAPPED_KEYS: ReadonlySet<OrderRowKey> = new Set(['perks', 'items'])
const ORDER_WRAP = ORDER_COLUMNS.map((c) => WRAPPED_KEYS.has(c.key))

export function ordersPlan(name: string, table: OrderTable, indexes: number[] | null): SheetPlan {
  return {
    name,
    headers: table.headers,
    kinds: ORDER_KINDS,
    wrap: ORDER_WRAP,
    widths: table.widths.final(),
    rowCount: indexes === null ? table.rows.length : indexes.length,
    rows: () => (indexes === null ? table.rows : indexes.map((i) => table.rows[i] as CellValue[])),
  }
}

/** Which orders ship (the same rule as labels, slips and the shipper CSV) and why others do not. */
export interface ShipmentSplit {
  /** Indexes into the order table of the orders that ship. */
  ships: number[]
  /** The others, each with its index into the order table. */
  leftOut: (NotShipping & { index: number })[]
}

export function splitShipments(orders: readonly CampaignContribution[]): ShipmentSplit {
  const split: ShipmentSplit = { ships: [], leftOut: [] }
  orders.forEach((order, index) => {
    const skip = notShipping(order)
    if (skip === null) split.ships.push(index)
    else split.leftOut.push({ ...skip, index })
  })
  return split
}

/**
 * The orders that ship, with what a shipping tool or a mail merge imports: one row per parcel,
 * nothing else (a note row would become a label too; the orders left out have their own sheet).
 */
export function shippingPlan(table: OrderTable, split: ShipmentSplit): SheetPlan {
  const at = SHIPPING_COLUMNS.map((c) => ORDER_COLUMNS.findIndex((o) => o.key === c.key))
  return {
    name: SHEET.shipping,
    headers: SHIPPING_COLUMNS.map((c) => c.header),
    kinds: SHIPPING_COLUMNS.map((c) => c.kind),
    wrap: SHIPPING_COLUMNS.map(() => false),
    widths: table.widths.pick(at).final(),
    rowCount: split.ships.length,
    *rows() {
      for (const i of split.ships) {
        const row = table.rows[i] as CellValue[]
        yield at.map((c) => row[c] ?? null)
      }
    },
  }
}

const LEFT_OUT_KEYS: readonly OrderRowKey[] = ['sequence', 'orderId', 'backer']

/** The orders of the selection the Shipping sheet leaves out, each with the reason. */
export function leftOutPlan(table: OrderTable, split: ShipmentSplit): SheetPlan {
  const at = LEFT_OUT_KEYS.map((key) => ORDER_COLUMNS.findIndex((o) => o.key === key))
  const widths = table.widths.pick(at)
  const headers = [...at.map((c) => table.headers[c] as string), 'Why it does not ship']
  widths.widths.push(headers[3]!.length)
  const rows = split.leftOut.map((skip): CellValue[] => {
    const row = table.rows[skip.index] as CellValue[]
    widths.see(3, skip.reason)
    return [...at.map((c) => row[c] ?? null), skip.reason]
  })
  return {
    name: SHEET.leftOut,
    headers,
    kinds: [...at.map((c) => ORDER_KINDS[c] as ColumnKind), 'text'],
    wrap: headers.map(() => false),
    widths: widths.final(),
    rowCount: rows.length,
    rows: () => rows,
  }
}

export function checksPlan(checks: readonly PackingListCheck[]): SheetPlan {
  const headers = ['Check', 'Orders', 'Detail']
  const widths = new ColumnWidths(headers)
  const rows = checks.map((check): CellValue[] => [check.title, check.count, check.detail])
  for (const row of rows) for (let c = 0; c < row.length; c++) widths.see(c, row[c])
  return {
    name: SHEET.checks,
    headers,
    kinds: ['text', 'number', 'text'],
    wrap: [false, false, true],
    widths: widths.final(),
    rowCount: rows.length,
    rows: () => rows,
  }
}

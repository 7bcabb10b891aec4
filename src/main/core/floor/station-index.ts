import type { CampaignContribution } from '../../../shared/api/schemas'
import type { ScanCode, StationLine } from '../../../shared/floor/station-scan'
import {
  checkByHandNote,
  describeChoices,
  flaggedItemName,
  shippableFlaggedItems,
  shippableLines,
} from '../../../shared/fulfillment'
import type { OrdersWorkspace, ViewRow } from '../orders/workspace'

/** What an order is found by: its id and its number (`#12`). */
interface ScannableRow {
  order: { id: number; sequence_number?: number | null | undefined }
}

/** A snapshot's orders by the two numbers a packer scans or types. */
export interface StationIndex<Row extends ScannableRow = ViewRow> {
  byOrderId: ReadonlyMap<number, Row>
  bySequence: ReadonlyMap<number, Row>
}

// Keyed by the workspace, so an index lives exactly as long as its snapshot is held: a sync
// (a new workspace) builds the next one on its first scan, and nothing has to be invalidated.
const indexes = new WeakMap<OrdersWorkspace, StationIndex>()

/** Built once per snapshot (a loop over rows already parsed), then every scan is a Map.get. */
export function stationIndex(workspace: OrdersWorkspace): StationIndex {
  let index = indexes.get(workspace)
  if (index) return index
  index = indexScannable(workspace.rows)
  indexes.set(workspace, index)
  return index
}

/** Rows (newest first) by order id and order number: the station's and `perkpack pack`'s. */
export function indexScannable<Row extends ScannableRow>(rows: readonly Row[]): StationIndex<Row> {
  const byOrderId = new Map<number, Row>()
  const bySequence = new Map<number, Row>()
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row
    // Newest first: should drifted data repeat a number, the newest order keeps it.
    if (!byOrderId.has(row.order.id)) byOrderId.set(row.order.id, row)
    const sequence = row.order.sequence_number
    if (typeof sequence === 'number' && !bySequence.has(sequence)) bySequence.set(sequence, row)
  }
  return { byOrderId, bySequence }
}

export function findScanned<Row extends ScannableRow>(
  index: StationIndex<Row>,
  code: ScanCode,
): Row | undefined {
  if (code.kind === 'sequence') return index.bySequence.get(code.sequenceNumber)
  if (code.kind !== 'order-id') return undefined
  // A bare number is the slip's order id; typed by hand it may be the order number without "#".
  return index.byOrderId.get(code.orderId) ?? index.bySequence.get(code.orderId)
}

/** The core reads only the fields a ViewRow keeps (see workspace.ts); one cast, here. */
export const asContribution = (row: ViewRow) => row as unknown as CampaignContribution

/**
 * The box's checklist: what ships of the order, merged per variant, then the items PerkPack
 * cannot read, a line each to check by hand (keys no variant key can be: no SKU code is blank).
 */
export function stationLines(row: ViewRow): StationLine[] {
  const order = asContribution(row)
  const lines: StationLine[] = shippableLines(order).map((line) => ({
    key: line.key,
    skuCode: line.skuCode,
    itemName: line.itemName,
    choices: describeChoices(line.choices),
    quantity: line.quantity,
  }))
  for (const { perkIndex, item } of shippableFlaggedItems(order)) {
    lines.push({
      key: `|by-hand|${perkIndex}|${item.index ?? 'items'}`,
      skuCode: item.sku_code ?? '',
      itemName: flaggedItemName(item),
      choices: [describeChoices(item.choices), checkByHandNote(item)].filter(Boolean).join(' · '),
      quantity: item.quantity ?? 1,
      byHand: true,
    })
  }
  return lines
}

/** The name to write on the box: the ship-to name, else the backer's. */
export function recipientOf(row: ViewRow): string | null {
  for (const name of [row.order.shipping?.name, row.contributor_name, row.by]) {
    const trimmed = typeof name === 'string' ? name.trim() : ''
    if (trimmed !== '') return trimmed
  }
  return null
}

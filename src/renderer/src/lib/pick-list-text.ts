import { shippingCoverageText } from '@shared/fulfillment'
import type { LeftOutCounts, PickListRow, PickListTotals } from '@shared/fulfillment'
import type { PickListPdfSaved } from '@shared/ipc'
import { partText } from './describe-selection'
import type { SelectionPart } from './describe-selection'
import { formatCount, plural } from '@shared/format/counts'

/** "Core Game ×120 · Early Bird ×30". */
export function perkBreakdown(row: PickListRow): string {
  let text = ''
  for (const perk of row.perks) {
    if (text !== '') text += ' · '
    text += `${perk.perk_label} ×${formatCount(perk.quantity)}`
  }
  return text
}

/** "24 variants · 5,310 units · 4,102 orders". */
export function totalsLine(totals: PickListTotals): string {
  return [
    plural(totals.variants, 'variant'),
    plural(totals.units, 'unit'),
    plural(totals.orders, 'order'),
  ].join(' · ')
}

/** "Saved the pick list (24 variants for 398 orders that ship; 14 with nothing to ship) to …". */
export function pickListSavedText(saved: PickListPdfSaved): string {
  const leftOut =
    saved.leftOut === 0
      ? ''
      : `; ${plural(saved.leftOut, 'order')} of the selection left off, nothing to ship or no address`
  return `Saved the pick list (${plural(saved.variants, 'variant')} for ${plural(saved.orders, 'order')} that ship${leftOut}) to ${saved.path}`
}

/**
 * What the pick list covers, in the printed list's words: "Pick list for Perk: Deluxe bundle,
 * 412 orders that ship (3 orders left out: 3 with nothing to ship)".
 */
export function coverageText(
  node: SelectionPart | null,
  orders: number,
  leftOut: LeftOutCounts,
): string {
  const what = node === null ? 'the orders matching the filters' : partText(node)
  return `Pick list for ${what}, ${shippingCoverageText(orders, leftOut)}`
}

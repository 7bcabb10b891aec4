import type { PickListRow, PickListTotals } from '@shared/fulfillment'
import { formatCount, plural } from './counts'

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

import type { MatchedField } from '@shared/fulfillment'
import type { OrderRow } from '@shared/ipc'

/**
 * What a search found in an order that its row does not already show: the backer's name is in
 * its column (marked there), the order number in its own; everything else (a SKU, a choice, the
 * city, the e-mail, which may be cut short) is named on the row's "Matched" line.
 */
export function matchedElsewhere(row: OrderRow): MatchedField[] {
  return (row.matched ?? []).filter(
    (field) =>
      field.kind !== 'sequence' &&
      !((field.kind === 'name' || field.kind === 'by') && field.text.trim() === row.backer),
  )
}

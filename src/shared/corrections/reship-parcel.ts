import type { CampaignContribution } from '../api/schemas'
import { shippableLines } from '../fulfillment/shipping'
import { variantKey } from '../fulfillment/variant'
import type { ReshipItem } from './correction-types'

// A reship (a lost or damaged parcel sent again) holds some of the order's items. Its label and
// slip are the order's, narrowed to those items: the same renderers print it, so a reship's
// slip cannot list what is not in its box.

/**
 * The reship's items checked against the order: each a variant the order ships, at most as many
 * as it ordered. Answers the problem as a sentence, or null when they fit.
 */
export function reshipItemsProblem(
  row: CampaignContribution,
  items: readonly ReshipItem[],
): string | null {
  if (items.length === 0) return 'A reship needs at least one item.'
  const ordered = new Map(shippableLines(row).map((line) => [line.key, line.quantity]))
  for (const item of items) {
    const most = ordered.get(item.variantKey)
    if (most === undefined)
      return `${item.variantKey} is not an item of order ${row.order.id} that ships. Its items: ${[...ordered.keys()].join(', ')}.`
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > most)
      return `${item.variantKey}: give a quantity from 1 to ${most} (the order has ${most}).`
  }
  return null
}

/** Every shipping line of the order, whole: the default reship (the parcel was lost). */
export function wholeOrderItems(row: CampaignContribution): ReshipItem[] {
  return shippableLines(row).map((line) => ({ variantKey: line.key, quantity: line.quantity }))
}

/** The order as the reship's parcel: its perks holding only the reship's items, in their number. */
export function reshipParcel(
  row: CampaignContribution,
  items: readonly ReshipItem[],
): CampaignContribution {
  const left = new Map(items.map((item) => [item.variantKey, item.quantity]))
  const perks = row.order.perks
    .map((perk) => ({
      ...perk,
      items: perk.items.flatMap((item) => {
        const key = variantKey(item.sku.code, item.sku.choices)
        const wanted = left.get(key) ?? 0
        if (wanted <= 0) return []
        const quantity = Math.min(wanted, item.quantity)
        left.set(key, wanted - quantity)
        return [{ ...item, quantity }]
      }),
    }))
    .filter((perk) => perk.items.length > 0)
  return { ...row, order: { ...row.order, perks } }
}

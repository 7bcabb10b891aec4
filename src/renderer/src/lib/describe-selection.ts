import type { PerkGroup } from '@shared/fulfillment'
import { skuCodeOfKey } from '@shared/fulfillment/variant'
import type { OrdersFilter } from '@shared/ipc'
import { ALL_ORDERS_PART, countryPart, perkPart, statusPart } from '@shared/export/selection-text'
import type { SelectionPart } from '@shared/export/selection-text'
import { plural } from '@shared/format/counts'
import { variantText } from './perk-labels'

export type { SelectionPart } from '@shared/export/selection-text'
export { partText, selectionText } from '@shared/export/selection-text'

/** The orders without any perk, as the chip and the summary name them. */
const NO_PERK_VALUE = 'none (orders without a perk)'

/**
 * The tree node of a filter as one part: "Perk: Deluxe bundle", "SKU: TEE-M · T-shirt · Size: M
 * in Deluxe bundle" (a variant node selects the variant inside its perk). Named from the tree;
 * when the tree no longer holds the node (the other filters leave none of its orders), from
 * `remembered`, the part as it was when the node was picked, else from the filter alone.
 */
export function nodePart(
  filter: OrdersFilter,
  tree: readonly PerkGroup[],
  remembered: SelectionPart | null = null,
): SelectionPart | null {
  if (filter.perkId === undefined && filter.variant === undefined) return null
  const perk = tree.find((p) => p.perkId === (filter.perkId ?? null))
  if (filter.variant !== undefined) {
    const variant = perk?.variants.find((v) => v.key === filter.variant)
    if (perk && variant) return { label: 'SKU', value: `${variantText(variant)} in ${perk.label}` }
    return remembered ?? { label: 'SKU', value: skuCodeOfKey(filter.variant) }
  }
  if (filter.perkId === null) return perkPart(NO_PERK_VALUE)
  if (perk) return perkPart(perk.label)
  return remembered ?? perkPart(`Perk ${filter.perkId}`)
}

/** Each part of the Orders view's filter, as a person set it. */
export function describeSelection(
  filter: OrdersFilter,
  tree: readonly PerkGroup[],
  remembered: SelectionPart | null = null,
): SelectionPart[] {
  const parts: SelectionPart[] = [statusPart(filter.statuses)]
  if (filter.search) parts.push({ label: 'Search', value: `“${filter.search}”` })
  if (filter.country) parts.push(countryPart(filter.country))
  parts.push(nodePart(filter, tree, remembered) ?? { ...ALL_ORDERS_PART })
  if (filter.ids) parts.push({ label: 'List', value: plural(filter.ids.length, 'chosen order') })
  return parts
}

import { selectedNodes } from '@shared/fulfillment'
import type { NodeFilter, PerkGroup } from '@shared/fulfillment'
import { skuCodeOfKey } from '@shared/fulfillment/variant'
import type { OrdersFilter } from '@shared/ipc'
import {
  ALL_ORDERS_PART,
  countryPart,
  partText,
  perkPart,
  statusPart,
} from '@shared/export/selection-text'
import type { SelectionPart } from '@shared/export/selection-text'
import { plural } from '@shared/format/counts'
import { variantText } from './perk-labels'

export type { SelectionPart } from '@shared/export/selection-text'
export { partText, selectionText } from '@shared/export/selection-text'

/** The orders without any perk, as the chip and the summary name them. */
const NO_PERK_VALUE = 'none (orders without a perk)'

/** One node in words: the perk, or the variant with the perk it is in ("in all perks"). */
function onePart(node: NodeFilter, tree: readonly PerkGroup[]): SelectionPart | null {
  if (node.variant !== undefined) {
    const inPerk = node.perkId !== undefined
    const perk = inPerk ? tree.find((p) => p.perkId === (node.perkId ?? null)) : undefined
    const variants = perk ? perk.variants : inPerk ? [] : tree.flatMap((p) => p.variants)
    const variant = variants.find((v) => v.key === node.variant)
    if (!variant) return null
    const where = perk ? `in ${perk.label}` : 'in all perks'
    const ships = node.ships ? ', orders that ship' : ''
    return { label: 'SKU', value: `${variantText(variant)} ${where}${ships}` }
  }
  if (node.perkId === null) return perkPart(NO_PERK_VALUE)
  const perk = tree.find((p) => p.perkId === node.perkId)
  return perk ? perkPart(perk.label) : null
}

/** A node the tree no longer holds (the other filters leave none of its orders), by its ids. */
function bareNodePart(node: NodeFilter): SelectionPart {
  if (node.variant !== undefined) return { label: 'SKU', value: skuCodeOfKey(node.variant) }
  return node.perkId === null ? perkPart(NO_PERK_VALUE) : perkPart(`Perk ${node.perkId}`)
}

/**
 * The tree nodes of a filter as one part: "Perk: Deluxe bundle", "SKU: TEE-M · T-shirt · Size:
 * M in Deluxe bundle" (a variant inside its perk), "… in all perks", or "Any of: Perk: Deluxe
 * bundle; SKU: …" for several. Named from the tree; when the tree no longer holds them, from
 * `remembered`, the part as it was when they were picked, else from the filter alone.
 */
export function nodePart(
  filter: OrdersFilter,
  tree: readonly PerkGroup[],
  remembered: SelectionPart | null = null,
): SelectionPart | null {
  const nodes = selectedNodes(filter)
  if (nodes.length === 0) return null
  const parts = nodes.map((node) => onePart(node, tree))
  if (parts.some((part) => part === null) && remembered) return remembered
  const named = parts.map((part, i) => part ?? bareNodePart(nodes[i] as NodeFilter))
  if (named.length === 1) return named[0] as SelectionPart
  return { label: 'Any of', value: named.map(partText).join('; ') }
}

/** Each part of the Orders view's filter, as a person set it. */
export function describeSelection(
  filter: OrdersFilter,
  tree: readonly PerkGroup[],
  remembered: SelectionPart | null = null,
): SelectionPart[] {
  // A wave is the selection whatever the statuses (main reads it so): its name, not the statuses.
  const parts: SelectionPart[] = [
    filter.wave ? { label: 'Wave', value: filter.wave } : statusPart(filter.statuses),
  ]
  if (filter.search) parts.push({ label: 'Search', value: `“${filter.search}”` })
  if (filter.country) parts.push(countryPart(filter.country))
  parts.push(nodePart(filter, tree, remembered) ?? { ...ALL_ORDERS_PART })
  if (filter.ids) parts.push({ label: 'List', value: plural(filter.ids.length, 'chosen order') })
  return parts
}

import type { PerkGroup } from '@shared/fulfillment'
import type { OrdersFilter } from '@shared/ipc'
import { DEFAULT_STATUSES } from '@shared/fulfillment'
import { variantTitle } from './perk-labels'
import { statusLabel } from './order-status'

export interface SelectionPart {
  label: string
  value: string
}

/** The tree node of a filter in words: "Tidepool Deluxe", "TEE-BLK (Size: M)", "No perk". */
export function nodeName(filter: OrdersFilter, tree: readonly PerkGroup[]): string | null {
  if (filter.perkId === undefined && filter.variant === undefined) return null
  const perk = tree.find((p) => p.perkId === (filter.perkId ?? null))
  if (filter.variant !== undefined) {
    const variant = perk?.variants.find((v) => v.key === filter.variant)
    const name = variant ? variantTitle(variant.skuCode, variant.choices) : 'a SKU variant'
    return perk ? `${name} in ${perk.label}` : name
  }
  return perk?.label ?? (filter.perkId === null ? 'No perk' : `Perk ${filter.perkId}`)
}

/** Each part of the Orders view's filter, as a person set it. */
export function describeSelection(
  filter: OrdersFilter,
  tree: readonly PerkGroup[],
): SelectionPart[] {
  const statuses = filter.statuses ?? DEFAULT_STATUSES
  const parts: SelectionPart[] = [
    {
      label: 'Status',
      value: statuses.length === 0 ? 'Every status' : statuses.map(statusLabel).join(', '),
    },
  ]
  if (filter.search) parts.push({ label: 'Search', value: `“${filter.search}”` })
  if (filter.country) parts.push({ label: 'Country', value: filter.country })
  const node = nodeName(filter, tree)
  parts.push({ label: 'Perk / SKU', value: node ?? 'All orders' })
  if (filter.ids) parts.push({ label: 'List', value: `${filter.ids.length} chosen orders` })
  return parts
}

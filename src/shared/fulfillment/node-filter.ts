import type { CampaignContribution } from '../api/schemas'
import { hasShippingAddress, perkShips } from './shipping'
import { skuCodeOfKey, variantKey } from './variant'

/**
 * One node of the Orders tree as a filter: a perk (`perkId`, `null` for the orders without any),
 * a SKU variant inside a perk (`perkId` and `variant`), or a variant in whatever perk holds it
 * (`variant` alone). `ships` narrows a variant to what the pick list counts: orders that ship,
 * holding the variant among the items that go in their parcel (a pick-list row's orders).
 */
export interface NodeFilter {
  perkId?: number | null
  variant?: string
  ships?: boolean
}

/** A node turned into what the per-row test needs. */
export interface CompiledNode {
  perkId: number | null | undefined
  variant: string | undefined
  /** The variant's SKU code: most items are turned away on it without building their key. */
  variantCode: string
  ships: boolean
}

export function compileNode(node: NodeFilter): CompiledNode {
  return {
    perkId: node.perkId,
    variant: node.variant,
    variantCode: node.variant === undefined ? '' : skuCodeOfKey(node.variant),
    // Only a variant can be narrowed to what ships.
    ships: node.ships === true && node.variant !== undefined,
  }
}

/** Whether a node narrows anything: "All orders" is no node. */
export function isNode(node: NodeFilter): boolean {
  return node.perkId !== undefined || node.variant !== undefined
}

/**
 * The nodes a filter selects, any of which an order must match: `nodes` when given, else the
 * single node its own fields name (as the command line's `--perk` and one clicked node send).
 */
export function selectedNodes(
  filter: NodeFilter & { nodes?: readonly NodeFilter[] },
): NodeFilter[] {
  if (filter.nodes !== undefined) return filter.nodes.filter(isNode)
  if (!isNode(filter)) return []
  const node: NodeFilter = {}
  if (filter.perkId !== undefined) node.perkId = filter.perkId
  if (filter.variant !== undefined) node.variant = filter.variant
  if (filter.ships === true) node.ships = true
  return [node]
}

function holdsVariant(row: CampaignContribution, node: CompiledNode): boolean {
  const perkId = typeof node.perkId === 'number' ? node.perkId : undefined
  for (const perk of row.order.perks) {
    if (perkId !== undefined && perk.id !== perkId) continue
    if (node.ships && !perkShips(perk)) continue
    for (const item of perk.items) {
      // Comparing the code first spares building a key for nearly every item.
      if (
        item.sku.code === node.variantCode &&
        variantKey(item.sku.code, item.sku.choices) === node.variant
      )
        return true
    }
  }
  return false
}

function holdsPerk(row: CampaignContribution, perkId: number): boolean {
  for (const perk of row.order.perks) if (perk.id === perkId) return true
  return false
}

export function matchesNode(row: CampaignContribution, node: CompiledNode): boolean {
  const perks = row.order.perks
  if (node.perkId === null) {
    if (perks.length !== 0) return false
  } else if (node.perkId !== undefined && !holdsPerk(row, node.perkId)) return false
  if (node.variant !== undefined && !holdsVariant(row, node)) return false
  // Something to ship is already proven by the variant; what is left is an address to send it to.
  if (node.ships && !hasShippingAddress(row)) return false
  return true
}

export function matchesAnyNode(row: CampaignContribution, nodes: readonly CompiledNode[]): boolean {
  for (const node of nodes) if (matchesNode(row, node)) return true
  return false
}

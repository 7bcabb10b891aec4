import type { NodeFilter } from '@shared/fulfillment'
import type { OrdersFilter } from '@shared/ipc'

/** The "All orders" root of the perk tree. */
export const ALL_ORDERS_KEY = 'all'
/** The group listing each SKU variant over every perk: it opens and closes, it selects nothing. */
export const EVERY_PERK_KEY = 'skus'
const NO_PERK = 'none'

export type { NodeFilter } from '@shared/fulfillment'

/**
 * Tree node keys carry the filter they stand for, so a click needs no lookup table:
 * `perk:12`, `perk:none`, `variant:12:TEE|Size=M` (inside a perk), `sku:TEE|Size=M` (in every
 * perk), `ships:TEE|Size=M` (a pick-list row: where it ships). The variant key comes last
 * because it may contain colons; the perk id never does.
 */
export function perkNodeKey(perkId: number | null): string {
  return `perk:${perkId ?? NO_PERK}`
}

export function variantNodeKey(perkId: number | null, variant: string): string {
  return `variant:${perkId ?? NO_PERK}:${variant}`
}

export function skuNodeKey(variant: string): string {
  return `sku:${variant}`
}

/** The orders a pick-list row counts: the variant in what goes in their parcels. */
export function shippedNodeKey(variant: string): string {
  return `ships:${variant}`
}

function parsePerkId(text: string): number | null | undefined {
  if (text === NO_PERK) return null
  const id = Number(text)
  return text !== '' && Number.isInteger(id) ? id : undefined
}

/** The filter part of a node; `{}` for "All orders" and for anything unrecognised. */
export function nodeFilter(key: string): NodeFilter {
  if (key.startsWith('perk:')) {
    const perkId = parsePerkId(key.slice(5))
    return perkId === undefined ? {} : { perkId }
  }
  if (key.startsWith('variant:')) {
    const rest = key.slice(8)
    const colon = rest.indexOf(':')
    if (colon === -1) return {}
    const perkId = parsePerkId(rest.slice(0, colon))
    const variant = rest.slice(colon + 1)
    if (perkId === undefined || variant === '') return {}
    return { perkId, variant }
  }
  if (key.startsWith('sku:') && key.length > 4) return { variant: key.slice(4) }
  if (key.startsWith('ships:') && key.length > 6) return { variant: key.slice(6), ships: true }
  return {}
}

const isNode = (filter: NodeFilter) => filter.perkId !== undefined || filter.variant !== undefined

/**
 * The filter part of the nodes picked together: one node's own fields (as the command line
 * and a single click send them), `nodes` for several (orders matching any), `{}` for none.
 */
export function nodesFilter(
  keys: readonly string[],
): Pick<OrdersFilter, 'perkId' | 'variant' | 'ships' | 'nodes'> {
  const nodes = keys.map(nodeFilter).filter(isNode)
  if (nodes.length === 0) return {}
  if (nodes.length === 1) return { ...(nodes[0] as NodeFilter) }
  return { nodes }
}

/** Whether a key selects orders (not "All orders", not the "in every perk" group itself). */
export function isNodeKey(key: string): boolean {
  return isNode(nodeFilter(key))
}

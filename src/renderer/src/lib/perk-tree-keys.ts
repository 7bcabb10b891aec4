import type { OrdersFilter } from '@shared/ipc'

/** The "All orders" root of the perk tree. */
export const ALL_ORDERS_KEY = 'all'
const NO_PERK = 'none'

export type NodeFilter = Pick<OrdersFilter, 'perkId' | 'variant'>

/**
 * Tree node keys carry the filter they stand for, so a click needs no lookup table:
 * `perk:12`, `perk:none`, `variant:12:TEE|Size=M`. The variant key comes last because it may
 * contain colons; the perk id never does.
 */
export function perkNodeKey(perkId: number | null): string {
  return `perk:${perkId ?? NO_PERK}`
}

export function variantNodeKey(perkId: number | null, variant: string): string {
  return `variant:${perkId ?? NO_PERK}:${variant}`
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
  return {}
}

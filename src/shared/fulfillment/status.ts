import { ORDER_STATUSES } from '../api/schemas'
import type { OrderStatus } from '../api/schemas'

/** Orders that still need shipping: paid and not yet sent. */
export const DEFAULT_STATUSES: readonly OrderStatus[] = ['captured', 'in_fulfillment']

const ALLOWED_TEXT = ORDER_STATUSES.join(', ')

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * Parses a comma-separated list such as `captured, In_Fulfillment` (from a command-line flag or a
 * settings field). Hyphens and spaces inside a value count as underscores, so `on-hold` works.
 * Duplicates are dropped, first occurrence wins. Throws a message fit to show as is.
 */
export function parseStatusList(text: string): OrderStatus[] {
  const statuses: OrderStatus[] = []
  for (const part of text.split(',')) {
    const trimmed = part.trim()
    if (trimmed === '') continue
    const value = trimmed.toLowerCase().replace(/[\s-]+/g, '_')
    if (!isOrderStatus(value)) {
      throw new Error(`Unknown order status "${trimmed}". Allowed values: ${ALLOWED_TEXT}.`)
    }
    if (!statuses.includes(value)) statuses.push(value)
  }
  if (statuses.length === 0) {
    throw new Error(`No order status given. Allowed values: ${ALLOWED_TEXT}.`)
  }
  return statuses
}

import { isKnownStatus, normalizeStatus, ORDER_STATUSES } from '../api/schemas'
import type { OrderStatus, OrderStatusText } from '../api/schemas'

/** Orders that still need shipping: paid and not yet sent. */
export const DEFAULT_STATUSES: readonly OrderStatus[] = ['captured', 'in_fulfillment']

const ALLOWED_TEXT = ORDER_STATUSES.join(', ')

export interface StatusCount {
  /** A known status in its canonical spelling, or the text the API sent. */
  status: OrderStatusText
  count: number
  /** One of the seven statuses PerkPack knows. */
  known: boolean
}

/**
 * How many orders carry each status: the seven known ones always (0 when none), in their usual
 * order, then every other text the API sent, most frequent first. A status PerkPack does not
 * know is counted and listed, so a person can find and select the orders carrying it.
 */
export function countStatuses(
  rows: readonly { order: { status: OrderStatusText } }[],
): StatusCount[] {
  const counts = new Map<string, number>()
  for (const row of rows) {
    const status = row.order.status
    counts.set(status, (counts.get(status) ?? 0) + 1)
  }
  const known: StatusCount[] = ORDER_STATUSES.map((status) => ({
    status,
    count: counts.get(status) ?? 0,
    known: true,
  }))
  const unknown: StatusCount[] = []
  for (const [status, count] of counts) {
    if (!isKnownStatus(status)) unknown.push({ status, count, known: false })
  }
  unknown.sort((a, b) => b.count - a.count || (a.status < b.status ? -1 : 1))
  return [...known, ...unknown]
}

/** The statuses of `counts` that PerkPack does not know, as the API sent them. */
export function unknownStatuses(counts: readonly StatusCount[]): OrderStatusText[] {
  return counts.filter((c) => !c.known && c.count > 0).map((c) => c.status)
}

/**
 * Parses a comma-separated list such as `captured, In_Fulfillment` (from a command-line flag or a
 * settings field). Hyphens and spaces inside a value count as underscores, so `on-hold` works.
 * `present` names the statuses PerkPack does not know that the campaign's orders carry: those
 * are accepted too (any case), in the API's spelling. Duplicates are dropped, first occurrence
 * wins. Throws a message fit to show as is.
 */
export function parseStatusList(
  text: string,
  present: readonly OrderStatusText[] = [],
): OrderStatusText[] {
  const statuses: OrderStatusText[] = []
  const others = present.filter((status) => !isKnownStatus(status))
  const allowed =
    others.length === 0
      ? `Allowed values: ${ALLOWED_TEXT}.`
      : `Allowed values: ${ALLOWED_TEXT}, and the other statuses this campaign's orders carry: ${others.join(', ')}.`
  for (const part of text.split(',')) {
    const trimmed = part.trim()
    if (trimmed === '') continue
    const known = normalizeStatus(trimmed)
    const lower = trimmed.toLowerCase()
    const value = isKnownStatus(known)
      ? known
      : others.find((status) => status.toLowerCase() === lower)
    if (value === undefined) throw new Error(`Unknown order status "${trimmed}". ${allowed}`)
    if (!statuses.includes(value)) statuses.push(value)
  }
  if (statuses.length === 0) throw new Error(`No order status given. ${allowed}`)
  return statuses
}

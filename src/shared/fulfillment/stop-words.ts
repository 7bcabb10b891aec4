import type { OrderStatusText } from '../api/schemas'
import { plural } from '../format/counts'
import { statusText } from './display'
import { stopKind } from './ship-status'
import type { StopKind } from './ship-status'

// The words for an order whose status stops it (ship-status.ts), one set for the Excel "Left
// out" sheet, the pre-print check, the pack station's band and `perkpack pack`.

/** A status as a person reads it, quoted when PerkPack does not know it: `"Chargeback"`. */
function named(status: OrderStatusText): string {
  const kind = stopKind(status)
  return kind === 'in-question' || kind === 'unknown'
    ? `"${statusText(status)}"`
    : statusText(status)
}

const REASONS: Readonly<Record<StopKind, string>> = {
  refunded: 'the money went back to the backer',
  'on-hold': 'held until the campaign team releases it',
  unprocessable: 'the payment failed',
  pending: 'not paid yet',
  'in-question': 'a dispute, chargeback or refund is under way',
  unknown: 'a status PerkPack does not know, so nobody has said it may ship',
  held: 'held on the floor until someone releases it',
}

/**
 * Why an order of this status is left out, for the "Left out" sheet and the pick list's list:
 * "Refunded: the money went back to the backer", `Status "Chargeback": a dispute, ...`.
 * '' for a status that ships.
 */
export function stopReasonText(status: OrderStatusText): string {
  const kind = stopKind(status)
  if (kind === null) return ''
  const head =
    kind === 'in-question' || kind === 'unknown' ? `Status ${named(status)}` : named(status)
  return `${head}: ${REASONS[kind]}`
}

/** The order in which a check lists the kinds of stop: money in question first. */
export const STOP_KINDS: readonly StopKind[] = [
  'in-question',
  'refunded',
  'unknown',
  'on-hold',
  'unprocessable',
  'pending',
  'held',
]

/**
 * One group of stopped orders in words, the statuses as sent after it where they vary: "4
 * orders in dispute or chargeback, or with a refund under way ("Chargeback", "Refund pending")",
 * "2 orders with a status PerkPack does not know: "shipped", "backordered"", "3 orders refunded".
 */
export function stopGroupText(
  kind: StopKind,
  count: number,
  statuses: readonly OrderStatusText[],
): string {
  const orders = plural(count, 'order')
  const list = statuses.map(named).join(', ')
  switch (kind) {
    case 'in-question':
      return `${orders} in dispute or chargeback, or with a refund under way (${list})`
    case 'unknown':
      return `${orders} with a status PerkPack does not know: ${list}`
    case 'refunded':
      return `${orders} refunded`
    case 'on-hold':
      return `${orders} on hold`
    case 'unprocessable':
      return `${orders} unprocessable (the payment failed)`
    case 'pending':
      return `${orders} pending (not paid yet)`
    case 'held':
      return `${orders} held on the floor`
  }
}

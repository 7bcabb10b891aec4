import type { OrderStatus, OrderStatusText } from '../api/schemas'

// Whether an order's status lets it go out in a parcel: ONE rule for labels, packing slips, the
// shipper CSV, the Excel Shipping sheet, the pick list, Progress, the pre-print checks, the pack
// station and `perkpack pack`. An allowlist, not a blocklist: the platform adds statuses without
// notice (`chargeback`, `refund_pending`, ...), and a status nobody named must stop a parcel
// rather than wave it through.

/**
 * The statuses under which an order ships:
 * - `captured`: paid, not sent yet (the work of the floor);
 * - `in_fulfillment`: paid, the campaign team has started on it;
 * - `fulfilled`: the team marked it sent (PerkPack's own tracking round trip does that). Its
 *   money is settled, a lost parcel or a torn label needs a reprint, and Progress counts it.
 *   The floor's own record (packed, shipped) is what stops a second box, not this status: were
 *   it a stop, every shipped box would raise "packed, now stopped" after the round trip, and a
 *   red band that cries wolf is a band people learn to click away.
 *
 * Every other status stops: `pending` (the payment is not captured yet: a reward sent now may
 * never be paid for), refunded, on hold, unprocessable, and any text PerkPack does not know.
 */
export const SHIPPING_STATUSES: readonly OrderStatus[] = ['captured', 'in_fulfillment', 'fulfilled']

const SHIPS = new Set<string>(SHIPPING_STATUSES)

/** Whether an order of this status may go out in a parcel (SHIPPING_STATUSES). */
export function statusShips(status: OrderStatusText): boolean {
  return SHIPS.has(status)
}

/**
 * The statuses of `present` that do not ship, in their order: a status filter that shows every
 * stopped order of a campaign (the known stops and whatever else its orders carry).
 */
export function stopStatusesAmong(present: readonly OrderStatusText[]): OrderStatusText[] {
  return present.filter((status) => !statusShips(status))
}

/**
 * Why a status stops an order:
 * - `refunded`, `on-hold`, `unprocessable` (the payment failed), `pending` (not paid yet): the
 *   known statuses that do not ship;
 * - `in-question`: a status PerkPack does not know that speaks of money going back (a dispute,
 *   a chargeback, a refund under way or in part);
 * - `unknown`: any other status PerkPack does not know.
 */
export type StopKind =
  'refunded' | 'on-hold' | 'unprocessable' | 'pending' | 'in-question' | 'unknown' | 'held'

/**
 * The status an order a person holds on the floor carries in every output (issue 28,
 * src/shared/corrections/floor-overlay.ts): a stop like any other, so labels, slips, the shipper
 * CSV, Excel, the pick list, waves and the station leave it out through this one rule. The
 * colon keeps it apart from any status the platform sends (snake_case words).
 */
export const HELD_STATUS = 'perkpack:held'

// A Map, not an object: a status the API sends may be any text, `constructor` included.
const KNOWN_STOPS: ReadonlyMap<string, StopKind> = new Map([
  ['refunded', 'refunded'],
  ['on_hold', 'on-hold'],
  ['unprocessable', 'unprocessable'],
  ['pending', 'pending'],
  [HELD_STATUS, 'held'],
])

// Words the platform and payment providers use for money on its way back to the backer.
const MONEY_IN_QUESTION = /refund|disput|charge[\s_-]?back|reversal|revers(?:ed|e)|fraud/i

/** Null for a status that ships; else why it stops the order. */
export function stopKind(status: OrderStatusText): StopKind | null {
  if (statusShips(status)) return null
  const known = KNOWN_STOPS.get(status)
  if (known) return known
  return MONEY_IN_QUESTION.test(status) ? 'in-question' : 'unknown'
}

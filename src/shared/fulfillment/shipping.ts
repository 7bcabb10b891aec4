import type { CampaignContribution, Perk } from '../api/schemas'
import type { OrderLine } from './pick-list'
import { orderLines } from './pick-list'
import { statusShips } from './ship-status'
import { stopReasonText } from './stop-words'
import { flaggedItems, perkHasItems } from './unreadable-items'
import type { FlaggedItem } from './unreadable-items'

// What ships, decided once: labels, packing slips, the shipper CSV, the pre-print checks and the
// selection summary all ask here, so their counts agree for any selection.

/**
 * Whether a perk goes in a parcel. Only an explicit `false` makes it digital: a perk whose flag
 * is missing or unreadable (old campaigns, drifted rows) is shipped, because a parcel left out
 * is a backer without a reward, while a label too many is caught at the packing desk.
 */
export function perkShips(perk: Pick<Perk, 'shipping_address_required'>): boolean {
  return perk.shipping_address_required !== false
}

/**
 * Items a parcel carries: those of the perks that ship, merged per variant. A digital perk's
 * items (a download code with a SKU) are not the shipper's business.
 */
export function shippableLines(row: CampaignContribution): OrderLine[] {
  return orderLines(withShippingPerks(row))
}

/** The items of the perks that go in a parcel PerkPack cannot read: the parcel's "check by hand". */
export function shippableFlaggedItems(row: CampaignContribution): FlaggedItem[] {
  return flaggedItems(row.order, perkShips)
}

/** The order with only the perks that go in a parcel (itself when all of them do). */
function withShippingPerks(row: CampaignContribution): CampaignContribution {
  const perks = row.order.perks
  const shipping = perks.filter(perkShips)
  return shipping.length === perks.length
    ? row
    : { ...row, order: { ...row.order, perks: shipping } }
}

function present(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.trim() !== ''
}

/** A street line to write on the parcel: a city or postcode alone reaches no door. */
export function hasShippingAddress(row: CampaignContribution): boolean {
  const shipping = row.order.shipping
  return present(shipping?.address) || present(shipping?.address2)
}

/**
 * - `ships`: a status that ships, something to put in a parcel and an address to send it to;
 * - `stopped`: a status that does not ship (ship-status.ts: refunded, on hold, pending, a
 *   dispute, a status PerkPack does not know), whatever the order holds;
 * - `nothing-to-ship`: digital perks only, no perk, or perks that list no items;
 * - `no-address`: something to ship but no street address (hidden from an API-token sync, or
 *   never given).
 */
export type ShipmentRole = 'ships' | 'stopped' | 'nothing-to-ship' | 'no-address'

/**
 * Whether `shippableLines(row)` holds anything, without building the lines. An item PerkPack
 * cannot read (no SKU, ...) counts: the parcel still goes, its slip says to check that item by
 * hand, and leaving it out would leave a backer without a reward.
 */
export function hasShippableItems(row: CampaignContribution): boolean {
  for (const perk of row.order.perks) if (perkHasItems(perk) && perkShips(perk)) return true
  return false
}

export function shipmentRole(row: CampaignContribution): ShipmentRole {
  // The status first: whatever a refunded or disputed order holds, it does not go out.
  if (!statusShips(row.order.status)) return 'stopped'
  // Asked of every order at every filter of the pick list: no lines built just to count them.
  if (!hasShippableItems(row)) return 'nothing-to-ship'
  return hasShippingAddress(row) ? 'ships' : 'no-address'
}

/** How a selection splits by shipment role: what labels, slips and the CSV cover, and why not. */
export interface ShipmentCounts {
  /** Orders with labels, slips and CSV rows. */
  ships: number
  /** Orders whose status does not ship. */
  stopped: number
  nothingToShip: number
  noAddress: number
}

export function countShipments(rows: readonly CampaignContribution[]): ShipmentCounts {
  const counts: ShipmentCounts = { ships: 0, stopped: 0, nothingToShip: 0, noAddress: 0 }
  for (const row of rows) {
    const role = shipmentRole(row)
    if (role === 'ships') counts.ships++
    else if (role === 'stopped') counts.stopped++
    else if (role === 'no-address') counts.noAddress++
    else counts.nothingToShip++
  }
  return counts
}

/** The orders of `rows` that ship, in their order. */
export function ordersThatShip(rows: readonly CampaignContribution[]): CampaignContribution[] {
  return rows.filter((row) => shipmentRole(row) === 'ships')
}

function reasonFor(row: CampaignContribution, role: Exclude<ShipmentRole, 'ships'>): string {
  if (role === 'stopped') return stopReasonText(row.order.status)
  if (role === 'nothing-to-ship') {
    return row.order.perks.length === 0
      ? 'Nothing to ship: the order has no perk'
      : 'Nothing to ship: digital perks only, or perks that list no items'
  }
  const shipping = row.order.shipping
  return shipping === null || shipping === undefined
    ? 'No shipping address (hidden without team access, or never given)'
    : 'The shipping address has no street line'
}

/** An order left out of labels, slips and the shipper CSV, and why. */
export interface NotShipping {
  contributionId: number
  sequenceNumber: number | null
  kind: Exclude<ShipmentRole, 'ships'>
  reason: string
}

/** Null when `row` ships; else what to list for it (the role is worked out once per row). */
export function notShipping(row: CampaignContribution): NotShipping | null {
  const role = shipmentRole(row)
  if (role === 'ships') return null
  return {
    contributionId: row.id,
    sequenceNumber: row.order.sequence_number ?? null,
    kind: role,
    reason: reasonFor(row, role),
  }
}

/**
 * How many orders of a selection do not ship, per reason: all a sentence about them needs.
 * `stopped` (a status that does not ship) is always written; absent reads as none.
 */
export type LeftOutCounts = Pick<ShipmentCounts, 'nothingToShip' | 'noAddress'> &
  Partial<Pick<ShipmentCounts, 'stopped'>>

/** The orders left out, counted per reason. */
export function leftOutCounts(skipped: readonly NotShipping[]): Required<LeftOutCounts> {
  const counts = { stopped: 0, nothingToShip: 0, noAddress: 0 }
  for (const skip of skipped) {
    if (skip.kind === 'stopped') counts.stopped++
    else if (skip.kind === 'nothing-to-ship') counts.nothingToShip++
    else counts.noAddress++
  }
  return counts
}

/**
 * "12 orders left out: 1 with a status that does not ship, 9 with nothing to ship, 2 without an
 * address", or null when none was: the one sentence the printed pick list, labels, the command
 * line and the app say it with. Takes the orders left out, or only their counts (what the app's
 * views receive).
 */
export function leftOutText(skipped: readonly NotShipping[] | LeftOutCounts): string | null {
  const counts: LeftOutCounts = Array.isArray(skipped)
    ? leftOutCounts(skipped)
    : (skipped as LeftOutCounts)
  const { nothingToShip, noAddress } = counts
  const stopped = counts.stopped ?? 0
  const total = stopped + nothingToShip + noAddress
  if (total === 0) return null
  const parts: string[] = []
  if (stopped > 0) parts.push(`${stopped.toLocaleString('en-US')} with a status that does not ship`)
  if (nothingToShip > 0) parts.push(`${nothingToShip.toLocaleString('en-US')} with nothing to ship`)
  if (noAddress > 0) parts.push(`${noAddress.toLocaleString('en-US')} without an address`)
  const count = total.toLocaleString('en-US')
  return `${count} ${total === 1 ? 'order' : 'orders'} left out: ${parts.join(', ')}`
}

/**
 * "997 orders that ship (124 orders left out: …)": what a pick list covers, on paper and on
 * screen alike.
 */
export function shippingCoverageText(
  orders: number,
  skipped: readonly NotShipping[] | LeftOutCounts,
): string {
  const leftOut = leftOutText(skipped)
  const count = `${orders.toLocaleString('en-US')} ${orders === 1 ? 'order' : 'orders'}`
  return `${count} that ship${leftOut === null ? '' : ` (${leftOut})`}`
}

/**
 * The orders of `rows` that ship, each holding only the perks that go in a parcel (what is
 * picked is what gets a label), and the orders left out with why.
 */
export function parcelsThatShip(rows: readonly CampaignContribution[]): {
  parcels: CampaignContribution[]
  skipped: NotShipping[]
} {
  const parcels: CampaignContribution[] = []
  const skipped: NotShipping[] = []
  for (const row of rows) {
    const skip = notShipping(row)
    if (skip !== null) {
      skipped.push(skip)
      continue
    }
    parcels.push(withShippingPerks(row))
  }
  return { parcels, skipped }
}

/**
 * How every refusal of an empty selection starts (labels, slips, the pick list, the exports; the
 * app and the CLI): the fix is then other filters.
 */
export const NONE_SELECTED = 'No order matches the current filters'

/**
 * Why a document has nothing to print: none selected, or none of the selection ships. Labels,
 * slips, the pick list and the shipper CSV ('write'), in the app and on the command line, refuse
 * with these words.
 */
export function nothingToPrintText(
  document: string,
  selected: number,
  verb: 'print' | 'write' = 'print',
): string {
  if (selected === 0) return `${NONE_SELECTED}, so there is no ${document} to ${verb}.`
  const which =
    selected === 1
      ? 'The selected order does not ship'
      : `None of the ${selected.toLocaleString('en-US')} selected orders ships`
  return `${which} (a status that does not ship, nothing to ship, or no address: see the pre-print checks), so there is no ${document} to ${verb}.`
}

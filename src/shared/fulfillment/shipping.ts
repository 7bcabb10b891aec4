import type { CampaignContribution, Perk } from '../api/schemas'
import type { OrderLine } from './pick-list'
import { orderLines } from './pick-list'

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
  const perks = row.order.perks
  const shipping = perks.filter(perkShips)
  if (shipping.length === perks.length) return orderLines(row)
  return orderLines({ ...row, order: { ...row.order, perks: shipping } })
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
 * - `ships`: something to put in a parcel and an address to send it to;
 * - `nothing-to-ship`: digital perks only, no perk, or perks that list no items;
 * - `no-address`: something to ship but no street address (hidden from an API-token sync, or
 *   never given).
 */
export type ShipmentRole = 'ships' | 'nothing-to-ship' | 'no-address'

export function shipmentRole(row: CampaignContribution): ShipmentRole {
  if (shippableLines(row).length === 0) return 'nothing-to-ship'
  return hasShippingAddress(row) ? 'ships' : 'no-address'
}

/** How a selection splits by shipment role: what labels, slips and the CSV cover, and why not. */
export interface ShipmentCounts {
  /** Orders with labels, slips and CSV rows. */
  ships: number
  nothingToShip: number
  noAddress: number
}

export function countShipments(rows: readonly CampaignContribution[]): ShipmentCounts {
  const counts: ShipmentCounts = { ships: 0, nothingToShip: 0, noAddress: 0 }
  for (const row of rows) {
    const role = shipmentRole(row)
    if (role === 'ships') counts.ships++
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
 * "12 orders left out: 10 with nothing to ship, 2 without an address", or null when none was:
 * the one sentence the printed pick list, the command line and the app say it with.
 */
export function leftOutText(skipped: readonly NotShipping[]): string | null {
  if (skipped.length === 0) return null
  const nothing = skipped.filter((s) => s.kind === 'nothing-to-ship').length
  const parts: string[] = []
  if (nothing > 0) parts.push(`${nothing.toLocaleString('en-US')} with nothing to ship`)
  if (skipped.length > nothing) {
    parts.push(`${(skipped.length - nothing).toLocaleString('en-US')} without an address`)
  }
  const count = skipped.length.toLocaleString('en-US')
  return `${count} ${skipped.length === 1 ? 'order' : 'orders'} left out: ${parts.join(', ')}`
}

/**
 * Why a document has nothing to print: none selected, or none of the selection ships. Labels,
 * slips and the pick list, in the app and on the command line, refuse with these words.
 */
export function nothingToPrintText(document: string, selected: number): string {
  if (selected === 0) return `No orders are selected, so there is no ${document} to print.`
  const which =
    selected === 1
      ? 'The selected order does not ship'
      : `None of the ${selected.toLocaleString('en-US')} selected orders ships`
  return `${which} (nothing to ship, or no address: see the pre-print checks), so there is no ${document} to print.`
}

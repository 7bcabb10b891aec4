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

/** Why an order gets no label, packing slip or CSV row, for a person; null when it ships. */
export function notShippingReason(row: CampaignContribution): string | null {
  const role = shipmentRole(row)
  if (role === 'ships') return null
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

/** Null when `row` ships; else what to list for it. */
export function notShipping(row: CampaignContribution): NotShipping | null {
  const reason = notShippingReason(row)
  if (reason === null) return null
  return {
    contributionId: row.id,
    sequenceNumber: row.order.sequence_number ?? null,
    kind: shipmentRole(row) === 'nothing-to-ship' ? 'nothing-to-ship' : 'no-address',
    reason,
  }
}

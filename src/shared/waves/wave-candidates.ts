import type { CampaignContribution } from '../api/schemas'
import { countryCode } from '../address/countries'
import { perkLabel } from '../fulfillment/display'
import { perkShips, shipmentRole, shippableLines } from '../fulfillment/shipping'
import type { PlanOrder } from './wave-planner'

/** What keeps an order out of a new wave besides its rows. */
export interface CandidateFloor {
  /** Order ids packed already (their box is done). */
  packed: ReadonlySet<number>
  /** Order ids in an open wave, with its name. */
  inOpenWave: ReadonlyMap<number, string>
}

/**
 * The orders a new wave may take, as the planner reads them: those that ship (the one stop-order
 * rule: a held order, given its held status by the floor overlay, is left out like a refunded
 * one), not packed, not in another open wave. `rows` are the overlay's rows.
 */
export function waveCandidates(
  rows: readonly CampaignContribution[],
  floor: CandidateFloor,
): PlanOrder[] {
  const orders: PlanOrder[] = []
  for (const row of rows) {
    const orderId = row.order.id
    if (floor.packed.has(orderId) || floor.inOpenWave.has(orderId)) continue
    if (shipmentRole(row) !== 'ships') continue
    const perk = row.order.perks.find(perkShips)
    orders.push({
      orderId,
      sequenceNumber: row.order.sequence_number ?? null,
      country: countryCode(row.order.shipping?.country) ?? row.order.shipping?.country ?? null,
      perk: perk ? perkLabel(perk) : null,
      createdAt: row.created_at ?? null,
      lines: shippableLines(row).map((line) => ({ variantKey: line.key, quantity: line.quantity })),
    })
  }
  return orders
}

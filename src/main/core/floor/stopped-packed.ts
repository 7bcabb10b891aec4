import { packedButStopped } from '../../../shared/floor/pack-checks'
import { SHIPPING_STATUSES } from '../../../shared/fulfillment/ship-status'
import type { OfflineCache } from '../cache'

/**
 * Contribution ids of packed orders that must not ship now: the last sync gave them a status
 * that does not ship (refunded, on hold, a dispute, one nobody listed, or none that could be
 * read: the rows outside the shipping statuses are read, through the cache's status index), or a
 * person held them on the floor after they were packed.
 */
export function stoppedPackedIds(cache: OfflineCache, campaignId: number): number[] {
  const states = cache.floor().states(campaignId)
  if (states.size === 0) return []
  const stopped = cache.contributions(campaignId, { exceptStatuses: SHIPPING_STATUSES })
  const ids = new Set(packedButStopped(stopped, states).map((row) => row.id))
  const heldPacked = new Set<number>()
  for (const orderId of cache.floorPlan().corrections.activeHolds(campaignId).keys())
    if (states.get(orderId)?.packedAt) heldPacked.add(orderId)
  // Rare (a box held after it was packed): only then is the whole copy read for the ids.
  if (heldPacked.size > 0)
    for (const row of cache.contributions(campaignId))
      if (heldPacked.has(row.order.id)) ids.add(row.id)
  return [...ids]
}

import { packedButStopped } from '../../../shared/floor/pack-checks'
import type { OfflineCache } from '../cache'

/**
 * Contribution ids of packed orders that must not ship now: the last sync turned them refunded,
 * on hold or unprocessable (only those statuses are read, through the cache's status index), or
 * a person held them on the floor after they were packed.
 */
export function stoppedPackedIds(cache: OfflineCache, campaignId: number): number[] {
  const states = cache.floor().states(campaignId)
  if (states.size === 0) return []
  const stopped = cache.contributions(campaignId, {
    statuses: ['refunded', 'on_hold', 'unprocessable'],
  })
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

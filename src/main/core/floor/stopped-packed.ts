import { packedButStopped } from '../../../shared/floor/pack-checks'
import type { OfflineCache } from '../cache'

/**
 * Contribution ids of packed orders the last sync turned refunded, on hold or unprocessable:
 * only the stopped statuses are read from the cache, through its status index.
 */
export function stoppedPackedIds(cache: OfflineCache, campaignId: number): number[] {
  const states = cache.floor().states(campaignId)
  if (states.size === 0) return []
  const stopped = cache.contributions(campaignId, {
    statuses: ['refunded', 'on_hold', 'unprocessable'],
  })
  return packedButStopped(stopped, states).map((row) => row.id)
}

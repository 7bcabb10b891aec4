import type { OfflineCache } from '../services/cache'

interface Numbers {
  syncedAt: string
  byOrderId: Map<number, number>
}

// Keyed by the cache, so the numbers of a host left (sign-out, another host) go with it; within
// a cache, by campaign and its last sync, so a sync (new numbers) rebuilds them on next use.
const numbersOf = new WeakMap<OfflineCache, Map<number, Numbers>>()

/**
 * The number on an order's slip ("#299"), from the offline copy: what people know an order by,
 * where the team store knows only its id. Null for an order without one, or not synced here.
 * The copy is keyed by contribution, not by order: the first look-up of a campaign reads its
 * rows once (conflicts are few, and asked for every 10 s: a map, not a read each time).
 */
export function orderNumber(
  cache: OfflineCache,
  campaignId: number,
  orderId: number,
): number | null {
  const campaign = cache.campaign(campaignId)
  if (!campaign) return null
  let byCampaign = numbersOf.get(cache)
  if (!byCampaign) numbersOf.set(cache, (byCampaign = new Map()))
  let numbers = byCampaign.get(campaignId)
  if (numbers?.syncedAt !== campaign.lastSyncedAt) {
    const byOrderId = new Map<number, number>()
    for (const row of cache.contributions(campaignId)) {
      const sequence = row.order.sequence_number
      if (typeof sequence === 'number' && !byOrderId.has(row.order.id))
        byOrderId.set(row.order.id, sequence)
    }
    numbers = { syncedAt: campaign.lastSyncedAt, byOrderId }
    byCampaign.set(campaignId, numbers)
  }
  return numbers.byOrderId.get(orderId) ?? null
}

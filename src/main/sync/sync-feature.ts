import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import { SyncRunner } from './sync-runner'

export interface SyncFeatureDeps extends Pick<AppBasics, 'emit' | 'now'> {
  /** The API client, the cache a sync writes, whether the member sees addresses. */
  session: Pick<SessionFeature, 'connection'>
  /** Pages fetched at once. */
  settings: Pick<SettingsDesk, 'get'>
  /** A committed sync rebuilds the campaign's orders workspace. */
  orders: Pick<OrdersDesk, 'rebuild'>
}

/** Syncs in flight, one per campaign. Needs the session, the settings and the orders. */
export function createSyncFeature(deps: SyncFeatureDeps): SyncRunner {
  const { connection } = deps.session
  return new SyncRunner({
    cache: () => connection.cacheForSync(),
    client: () => connection.client,
    privileged: () => connection.session.privileged,
    concurrency: () => deps.settings.get().concurrency,
    progress: (event) => deps.emit('sync:progress', event),
    committed: (syncedCache, campaignId) => deps.orders.rebuild(syncedCache, campaignId),
    now: deps.now,
  })
}

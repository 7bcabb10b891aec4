import type { CampaignDesk } from '../campaigns/campaign-open'
import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SyncRunner } from '../sync/sync-runner'
import { DashboardImportDesk } from './dashboard-import-desk'

export interface DashboardFeatureDeps extends Pick<AppBasics, 'desktop' | 'now'> {
  /** The host's cache the import writes. */
  session: Pick<SessionFeature, 'connection'>
  /** No import while the campaign syncs; an import replaces a smaller copy waiting. */
  sync: Pick<SyncRunner, 'isRunning' | 'dropPendingShrink'>
  /** The campaign's summary before, and its workspace rebuilt after. */
  orders: Pick<OrdersDesk, 'recent' | 'rebuild'>
  /** The campaign takes the file's name. */
  campaigns: Pick<CampaignDesk, 'rename'>
}

/**
 * A dashboard CSV export as the campaign's offline copy. Needs the session, the sync, the
 * orders and the campaigns.
 */
export function createDashboardFeature(deps: DashboardFeatureDeps): DashboardImportDesk {
  const { sync, orders } = deps
  return new DashboardImportDesk({
    cache: () => deps.session.connection.cache(),
    desktop: deps.desktop,
    now: deps.now,
    syncing: (campaignId) => sync.isRunning(campaignId),
    replacing: (campaignId) => sync.dropPendingShrink(campaignId),
    summary: (campaignId) => orders.recent().find((c) => c.campaignId === campaignId) ?? null,
    rename: (campaignId, name) => void deps.campaigns.rename(campaignId, name),
    imported: (importedCache, campaignId) => orders.rebuild(importedCache, campaignId),
  })
}

import { campaignCustoms } from '../core/catalog/customs-context'
import type { CampaignDesk } from '../campaigns/campaign-open'
import { snapshotSource } from '../core/dashboard/dashboard-import'
import { stoppedPackedIds } from '../core/floor/stopped-packed'
import type { AppBasics } from '../feature-deps'
import type { FloorFeature } from '../floor/floor-feature'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import { ExportDesk } from './export-desk'

export interface ExportFeatureDeps extends Pick<
  AppBasics,
  'desktop' | 'emit' | 'locale' | 'now' | 'log'
> {
  /** The host's cache (sync time, problem rows, floor states, catalogue) and the currencies. */
  session: Pick<SessionFeature, 'connection' | 'names'>
  /** The orders about to go out: the Orders view's filter. */
  orders: Pick<OrdersDesk, 'matching' | 'asShipped'>
  settings: Pick<SettingsDesk, 'get'>
  /** The campaign's name on files and documents. */
  campaigns: Pick<CampaignDesk, 'name'>
  /** "Mark as printed" writes to the floor's record. */
  floor: Pick<FloorFeature, 'writes'>
}

/**
 * Checks, the Excel packing list, shipper CSVs, labels and slips (`export:*` and `print:*`).
 * Needs the session, the orders, the settings, the campaigns and the floor.
 */
export function createExportFeature(deps: ExportFeatureDeps): ExportDesk {
  const { session, emit, log } = deps
  const cache = () => session.connection.cache()
  return new ExportDesk({
    desktop: deps.desktop,
    selection: (campaignId, filter) => deps.orders.matching(campaignId, filter),
    asShipped: (selection) => deps.orders.asShipped(selection),
    syncedAt: (campaignId) => cache().campaign(campaignId)?.lastSyncedAt ?? null,
    problemRows: (campaignId) => cache().problemRows(campaignId),
    settings: () => deps.settings.get(),
    progress: (event) => emit('export:progress', event),
    slipsProgress: (event) => emit('print:slipsProgress', event),
    campaignName: (campaignId) => deps.campaigns.name(campaignId),
    locale: deps.locale,
    now: deps.now,
    printed: (campaignId, orderIds, document) =>
      deps.floor.writes
        .markPrinted(campaignId, orderIds, document)
        .catch((error: unknown) => log(`marking printed: ${String(error)}`)),
    floor: (campaignId) => cache().floor().states(campaignId),
    catalog: (campaignId) =>
      campaignCustoms(campaignId, {
        catalog: (id) => cache().catalog().load(id).catalog,
        currency: (id) => session.names.currency(id),
        senderCountry: () => deps.settings.get().senderCountry,
      }),
    packedButStopped: (campaignId) => stoppedPackedIds(cache(), campaignId),
    importedFrom: (campaignId) => snapshotSource(cache(), campaignId)?.fileName ?? null,
  })
}

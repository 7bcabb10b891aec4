import { FALLBACK_CURRENCY } from '../core/catalog/customs-context'
import type { CampaignDesk } from '../campaigns/campaign-open'
import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import type { TeamFeature } from '../team/team-feature'
import { CatalogDesk } from './catalog-desk'

export interface CatalogFeatureDeps extends Pick<AppBasics, 'desktop' | 'now' | 'log'> {
  /** The host's cache (the catalogue) and the campaigns' currencies. */
  session: Pick<SessionFeature, 'connection' | 'names'>
  /** The sender country: customs data is asked of parcels leaving its customs area. */
  settings: Pick<SettingsDesk, 'get'>
  /** The orders that ship, for the variants the catalogue lacks. */
  orders: Pick<OrdersDesk, 'matching'>
  /** The campaign's name on the exported file. */
  campaigns: Pick<CampaignDesk, 'name'>
  /** In team mode, the catalogue meets the team's copy. */
  team: Pick<TeamFeature, 'link'>
}

/** The SKU catalogue (`catalog:*`). Needs the session, settings, orders, campaigns and team. */
export function createCatalogFeature(deps: CatalogFeatureDeps): CatalogDesk {
  const { session, settings } = deps
  return new CatalogDesk({
    cache: () => session.connection.cache(),
    orders: (campaignId) => {
      if (!session.connection.cache().campaign(campaignId)) return []
      return deps.orders.matching(campaignId, {}).contributions
    },
    currency: (id) => session.names.currency(id)?.iso_code?.toUpperCase() ?? FALLBACK_CURRENCY,
    senderCountry: () => settings.get().senderCountry,
    campaignName: (campaignId) => deps.campaigns.name(campaignId),
    desktop: deps.desktop,
    now: deps.now,
    team: () => deps.team.link.desk(),
    log: deps.log,
  })
}

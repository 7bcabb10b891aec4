import type { CampaignDesk } from '../campaigns/campaign-open'
import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import { PickListDesk } from './picklist-desk'

export interface PicklistFeatureDeps extends Pick<AppBasics, 'desktop' | 'now' | 'locale'> {
  /** The orders to pick: the Orders view's filter. */
  orders: Pick<OrdersDesk, 'selection'>
  /** The campaign's name in the header. */
  campaigns: Pick<CampaignDesk, 'name'>
}

/** The pick list on paper or as PDF. Needs the orders and the campaigns. */
export function createPicklistFeature(deps: PicklistFeatureDeps): PickListDesk {
  return new PickListDesk({
    desktop: deps.desktop,
    selection: (campaignId, filter) => deps.orders.selection(campaignId, filter),
    now: deps.now,
    campaignName: (campaignId) => deps.campaigns.name(campaignId),
    locale: deps.locale,
  })
}

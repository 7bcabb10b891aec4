import { defineHandlers } from '../ipc/define-handlers'
import type { OrdersDesk } from '../orders/orders-desk'
import type { CampaignDesk } from './campaign-open'

/** Campaigns by id: opened, named, and the ones opened before. */
export function campaignsHandlers(campaigns: CampaignDesk, orders: OrdersDesk) {
  return defineHandlers({
    'campaigns:recent': () => orders.recent(),
    'campaigns:open': ({ campaignId }) => campaigns.open(campaignId),
    'campaigns:rename': ({ campaignId, name }) => campaigns.rename(campaignId, name),
  })
}

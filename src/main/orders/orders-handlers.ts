import { defineHandlers } from '../ipc/define-handlers'
import type { OrdersDesk } from './orders-desk'

export function ordersHandlers(orders: OrdersDesk) {
  return defineHandlers({
    'orders:open': ({ campaignId }) => orders.open(campaignId),
    'orders:query': ({ campaignId, filter, pickList }) =>
      orders.query(campaignId, filter, pickList),
    'orders:rows': (request) => orders.rows(request),
    'orders:detail': ({ campaignId, contributionId }) => orders.detail(campaignId, contributionId),
  })
}

import { z } from 'zod'
import {
  orderDetailRequestSchema,
  orderRowsRequestSchema,
  ordersFilterSchema,
} from './orders-schemas'
import { campaignIdSchema } from './field-schemas'
import type { OrderDetail, OrderRow, OrdersQueryResult, OrdersSnapshot } from './results'
import { returns } from './returns'
import { campaign } from './channel-args'

export const ORDERS_CHANNELS = {
  'orders:open': { method: 'openOrders', args: campaign, result: returns<OrdersSnapshot>() },
  'orders:query': {
    method: 'queryOrders',
    args: z.tuple([
      z.strictObject({
        campaignId: campaignIdSchema,
        filter: ordersFilterSchema,
        /**
         * True: with the pick list. Left out otherwise: the Orders view shows none, and it is
         * most of a query's time at 100,000 orders.
         */
        pickList: z.boolean({ error: 'Pick list must be true or false.' }).optional(),
      }),
    ]),
    result: returns<OrdersQueryResult>(),
  },
  /**
   * A page of a query's rows. Fails with `orders_result_gone` once main no longer holds that
   * answer (a newer snapshot, or many queries since): query again.
   */
  'orders:rows': {
    method: 'orderRows',
    args: z.tuple([orderRowsRequestSchema]),
    result: returns<OrderRow[]>(),
  },
  'orders:detail': {
    method: 'orderDetail',
    args: z.tuple([orderDetailRequestSchema]),
    result: returns<OrderDetail>(),
  },
} as const

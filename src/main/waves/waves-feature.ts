import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import { WavesDesk } from './waves-desk'

export interface WavesFeatureDeps {
  /** The host's cache: the floor's plan. */
  session: Pick<SessionFeature, 'connection'>
  /** The station name written on every change. */
  settings: Pick<SettingsDesk, 'get'>
  /** The campaign's variants and orders. */
  orders: Pick<OrdersDesk, 'snapshot'>
}

/** Stock and waves in the window. Needs the session, the settings and the orders. */
export function createWavesFeature({ session, settings, orders }: WavesFeatureDeps): WavesDesk {
  return new WavesDesk({
    cache: () => session.connection.cache(),
    workspace: (campaignId) => orders.snapshot(campaignId),
    stationName: () => settings.get().stationName,
  })
}

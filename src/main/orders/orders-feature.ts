import type { AppBasics } from '../feature-deps'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import { OrdersDesk } from './orders-desk'

export interface OrdersFeatureDeps extends Pick<AppBasics, 'locale'> {
  /** The host's cache, and the names and currencies campaigns are shown with. */
  session: Pick<SessionFeature, 'connection' | 'names'>
  /** Where parcels leave from: a domestic address gets no country line. */
  settings: Pick<SettingsDesk, 'get'>
}

/** The orders workspace of each open campaign. Needs the session and the settings. */
export function createOrdersFeature({ locale, session, settings }: OrdersFeatureDeps): OrdersDesk {
  const { connection, names } = session
  return new OrdersDesk(
    () => connection.cache(),
    locale,
    () => settings.get().senderCountry,
    (info) => names.displayName(info.campaignId, info.title),
    (campaignId) => names.currency(campaignId),
  )
}

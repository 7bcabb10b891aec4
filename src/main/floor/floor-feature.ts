import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import type { TeamFeature } from '../team/team-feature'
import { FloorPlanDesk } from './floor-plan-desk'
import { FloorWrites } from './floor-writes'
import { StationDesk } from './station-desk'
import { TrackingDesk } from './tracking-desk'

export interface FloorFeatureDeps extends Pick<AppBasics, 'desktop' | 'now' | 'locale'> {
  /** The host's cache: the floor's local record. */
  session: Pick<SessionFeature, 'connection'>
  /** The station name written on what it packs. */
  settings: Pick<SettingsDesk, 'get'>
  /** In team mode every write goes to the team store. */
  team: Pick<TeamFeature, 'link'>
  /** The station scans in its rows; holds and corrections answer an order's detail. */
  orders: OrdersDesk
}

export interface FloorFeature {
  /** Every write to the floor's record; the export feature marks what was printed with it. */
  writes: FloorWrites
  tracking: TrackingDesk
  station: StationDesk
  /** Holds, address corrections and reships. */
  floorPlan: FloorPlanDesk
}

/** The fulfillment floor. Needs the session, the settings, the team store and the orders. */
export function createFloorFeature(deps: FloorFeatureDeps): FloorFeature {
  const cache = () => deps.session.connection.cache()
  const writes = new FloorWrites(cache, () => deps.team.link.desk())
  const stationName = () => deps.settings.get().stationName
  return {
    writes,
    tracking: new TrackingDesk(cache, deps.desktop, deps.now, writes),
    station: new StationDesk({
      cache,
      workspace: (campaignId) => deps.orders.snapshot(campaignId),
      stationName,
      writes,
    }),
    floorPlan: new FloorPlanDesk({
      cache,
      orders: deps.orders,
      stationName,
      settings: () => deps.settings.get(),
      desktop: deps.desktop,
      locale: deps.locale,
    }),
  }
}

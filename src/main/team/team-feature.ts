import { stationIndex } from '../core/floor/station-index'
import { readSettings, saveSettings } from '../core/session/profile'
import type { AppBasics } from '../feature-deps'
import type { OrdersDesk } from '../orders/orders-desk'
import type { SessionFeature } from '../session/session-feature'
import type { SettingsDesk } from '../settings/settings-desk'
import { TeamLink } from './team-link'
import { TeamSettings } from './team-settings'

export interface TeamFeatureDeps extends Pick<AppBasics, 'dataDir' | 'emit' | 'log'> {
  /** The host's cache (the desk's outbox and mirror) and the keychain (the team password). */
  session: Pick<SessionFeature, 'connection'>
  /** This desk's name on the shared record. */
  settings: Pick<SettingsDesk, 'get'>
  /** The number people know an order by, for the conflicts to settle. */
  orders: Pick<OrdersDesk, 'snapshot'>
  /** The wait for the team store, how often to poll it and resend the queue. */
  timing?: { connectTimeoutMs?: number; pollMs?: number; replayMs?: number }
}

export interface TeamFeature {
  /** The team store while Settings has a team URL (none without: the local record). */
  link: TeamLink
  settings: TeamSettings
  /** In team mode, opens the desk so it follows the other desks from the start. */
  start: () => Promise<void>
}

/** The team store on PostgreSQL. Needs the session, the settings and the orders. */
export function createTeamFeature(deps: TeamFeatureDeps): TeamFeature {
  const { dataDir, session, timing } = deps
  const cache = () => session.connection.cache()
  const secrets = () => session.connection.keychain
  const teamUrl = () => readSettings(dataDir).teamUrl ?? null
  const stationName = () => deps.settings.get().stationName
  const link = new TeamLink({
    cache,
    teamUrl,
    stationName,
    secrets,
    changed: (change) => deps.emit('team:changed', change),
    log: deps.log,
    ...timing,
  })
  const settings = new TeamSettings({
    link,
    secrets,
    teamUrl,
    saveTeamUrl: (url) => void saveSettings(dataDir, { teamUrl: url ?? undefined }),
    stationName,
    // The pack station's index of the orders view: built once per snapshot, a Map.get a call.
    orderNumber: (campaignId, orderId) =>
      cache().campaign(campaignId)
        ? (stationIndex(deps.orders.snapshot(campaignId)).byOrderId.get(orderId)?.order
            .sequence_number ?? null)
        : null,
    ...(timing?.connectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: timing.connectTimeoutMs }),
  })
  const start = async () => {
    if (teamUrl() === null) return
    await link.desk().catch((error: unknown) => deps.log(`team store: ${String(error)}`))
  }
  return { link, settings, start }
}

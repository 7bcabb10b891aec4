import type { AppBasics } from '../feature-deps'
import type { SessionFeature } from '../session/session-feature'
import { SettingsDesk } from './settings-desk'

export interface SettingsFeatureDeps extends Pick<AppBasics, 'dataDir' | 'desktop'> {
  /** Saving new URLs moves the session to that host. */
  session: Pick<SessionFeature, 'connection'>
}

/** The settings file and the target. Needs the session; asks the platform before leaving a host. */
export function createSettingsFeature({
  dataDir,
  desktop,
  session,
}: SettingsFeatureDeps): SettingsDesk {
  return new SettingsDesk(session.connection, dataDir, async (question) =>
    desktop.confirm ? desktop.confirm(question) : true,
  )
}

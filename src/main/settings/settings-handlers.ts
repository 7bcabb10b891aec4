import { defineHandlers } from '../ipc/define-handlers'
import type { Connection } from '../session/connection'
import type { SettingsDesk } from './settings-desk'

/** The settings file, and what the About box shows of the app. */
export function settingsHandlers(settings: SettingsDesk, connection: Connection) {
  return defineHandlers({
    'settings:appInfo': () => connection.appInfo(),
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
  })
}

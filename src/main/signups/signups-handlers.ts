import { defineHandlers } from '../ipc/define-handlers'
import type { Connection } from '../session/connection'
import { NO_DESKTOP } from '../export/desktop-port'
import { readSignups } from './signups'
import { exportSignups } from './signups-export'
import type { SignupsExportOptions } from './signups-export'

/** A campaign's sign-ups, asked of the API when a person looks (kept for offline), and their export. */
export function signupsHandlers(
  connection: Connection,
  now: () => number,
  /** Where the sign-ups export saves, and the names it gives the file. */
  files: Pick<SignupsExportOptions, 'desktop' | 'campaignName'> = {
    desktop: NO_DESKTOP,
    campaignName: (campaignId) => `Campaign ${campaignId}`,
  },
) {
  return defineHandlers({
    'signups:get': ({ campaignId, refresh }) =>
      readSignups(connection.cache(), connection.client, campaignId, refresh, now),
    'signups:export': (request) => exportSignups({ connection, now, ...files }, request),
  })
}

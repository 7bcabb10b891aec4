import { defineHandlers } from '../ipc/define-handlers'
import { fetchAccountContributions } from '../services/operations'
import type { Connection } from '../session/connection'
import { readSignups } from './signups'

/** Asked of the API when a person looks: sign-ups (kept for offline) and an account's orders. */
export function lookupsHandlers(connection: Connection, now: () => number) {
  return defineHandlers({
    'signups:get': ({ campaignId, refresh }) =>
      readSignups(connection.cache(), connection.client, campaignId, refresh, now),
    'account:contributions': ({ accountId }) =>
      fetchAccountContributions(connection.client, String(accountId)),
  })
}

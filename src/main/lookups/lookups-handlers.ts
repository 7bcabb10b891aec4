import { defineHandlers } from '../ipc/define-handlers'
import { fetchAccountContributions } from '../core/api/operations'
import type { Connection } from '../session/connection'
import { NO_DESKTOP } from '../exports/desktop-port'
import { readSignups } from './signups'
import { exportSignups } from './signups-export'
import type { SignupsExportOptions } from './signups-export'

/** Asked of the API when a person looks: sign-ups (kept for offline) and an account's orders. */
export function lookupsHandlers(
  connection: Connection,
  now: () => number,
  /** Campaign titles the account listing carries: they name the campaigns (campaign-names.ts). */
  noteTitles: (
    titles: { campaignId: number; title: string | null | undefined; currency?: unknown }[],
  ) => void = () => undefined,
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
    'account:contributions': async ({ accountId }) => {
      const view = await fetchAccountContributions(connection.client, String(accountId))
      if (view.visible) {
        noteTitles(
          view.contributions.flatMap((c) =>
            typeof c.campaign?.id === 'number'
              ? [
                  {
                    campaignId: c.campaign.id,
                    title: c.campaign.title,
                    currency: c.campaign.currency,
                  },
                ]
              : [],
          ),
        )
      }
      return view
    },
  })
}

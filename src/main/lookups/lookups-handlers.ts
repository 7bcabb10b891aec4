import { defineHandlers } from '../ipc/define-handlers'
import { fetchAccountContributions } from '../services/operations'
import type { Connection } from '../session/connection'
import { readSignups } from './signups'

/** Asked of the API when a person looks: sign-ups (kept for offline) and an account's orders. */
export function lookupsHandlers(
  connection: Connection,
  now: () => number,
  /** Campaign titles the account listing carries: they name the campaigns (campaign-names.ts). */
  noteTitles: (
    titles: { campaignId: number; title: string | null | undefined; currency?: unknown }[],
  ) => void = () => undefined,
) {
  return defineHandlers({
    'signups:get': ({ campaignId, refresh }) =>
      readSignups(connection.cache(), connection.client, campaignId, refresh, now),
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

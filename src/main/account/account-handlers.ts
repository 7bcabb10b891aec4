import { fetchAccountContributions } from '../core/api/operations'
import { defineHandlers } from '../ipc/define-handlers'
import type { Connection } from '../session/connection'

/** An account's contributions, asked of the API when a person looks it up. */
export function accountHandlers(
  connection: Connection,
  /** Campaign titles the account listing carries: they name the campaigns (campaign-names.ts). */
  noteTitles: (
    titles: { campaignId: number; title: string | null | undefined; currency?: unknown }[],
  ) => void = () => undefined,
) {
  return defineHandlers({
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

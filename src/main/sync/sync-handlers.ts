import { defineHandlers } from '../ipc/define-handlers'
import type { SyncRunner } from './sync-runner'

export function syncHandlers(
  syncs: SyncRunner,
  /** After a sync, before its answer: the campaign's name from the API (campaign-open.ts). */
  synced: (campaignId: number) => Promise<void> = async () => undefined,
) {
  return defineHandlers({
    'sync:run': async (request) => {
      const summary = await syncs.sync(request)
      await synced(request.campaignId)
      return summary
    },
    'sync:cancel': ({ campaignId }) => syncs.cancel(campaignId),
    'sync:pendingShrink': ({ campaignId }) => syncs.pendingShrink(campaignId),
    'sync:resolveShrink': ({ campaignId, choice }) => syncs.resolveShrink(campaignId, choice),
  })
}

import { defineHandlers } from '../ipc/define-handlers'
import type { SyncRunner } from './sync-runner'

export function syncsHandlers(
  syncs: SyncRunner,
  /** After a sync, before its answer: the campaign's name from the API (campaign-open.ts). */
  synced: (campaignId: number) => Promise<void> = async () => undefined,
) {
  return defineHandlers({
    'campaigns:sync': async (request) => {
      const summary = await syncs.sync(request)
      await synced(request.campaignId)
      return summary
    },
    'campaigns:cancelSync': ({ campaignId }) => syncs.cancel(campaignId),
    'campaigns:pendingShrink': ({ campaignId }) => syncs.pendingShrink(campaignId),
    'campaigns:resolveShrink': ({ campaignId, choice }) => syncs.resolveShrink(campaignId, choice),
  })
}

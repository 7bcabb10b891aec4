import { defineHandlers } from '../ipc/define-handlers'
import type { SyncRunner } from './sync-runner'

export function syncsHandlers(syncs: SyncRunner) {
  return defineHandlers({
    'campaigns:sync': (request) => syncs.sync(request),
    'campaigns:cancelSync': ({ campaignId }) => syncs.cancel(campaignId),
    'campaigns:pendingShrink': ({ campaignId }) => syncs.pendingShrink(campaignId),
    'campaigns:resolveShrink': ({ campaignId, choice }) => syncs.resolveShrink(campaignId, choice),
  })
}

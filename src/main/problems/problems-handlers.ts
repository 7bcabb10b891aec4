import { defineHandlers } from '../ipc/define-handlers'
import type { OfflineCache } from '../core/cache'
import { problemRowsView } from './problem-rows-view'

export function problemsHandlers(cache: () => OfflineCache) {
  return defineHandlers({
    'problems:list': ({ campaignId }) => problemRowsView(cache(), campaignId),
  })
}

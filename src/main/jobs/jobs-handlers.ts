import { defineHandlers } from '../ipc/define-handlers'
import type { JobWatcher } from './job-watcher'

export function jobsHandlers(jobs: JobWatcher) {
  return defineHandlers({
    'jobs:list': () => jobs.list(),
    'jobs:watch': ({ campaignId, jobId }) => jobs.watch(campaignId, jobId),
    'jobs:unwatch': ({ campaignId, jobId }) => jobs.unwatch(campaignId, jobId),
  })
}

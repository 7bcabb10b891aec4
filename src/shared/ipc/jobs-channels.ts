import type { WatchedJob } from './results'
import { returns } from './returns'
import { noArgs, job, newJob } from './channel-args'

export const JOBS_CHANNELS = {
  'jobs:list': { method: 'listJobs', args: noArgs, result: returns<WatchedJob[]>() },
  'jobs:watch': { method: 'watchJob', args: newJob, result: returns<WatchedJob>() },
  'jobs:unwatch': { method: 'unwatchJob', args: job, result: returns<WatchedJob[]>() },
} as const

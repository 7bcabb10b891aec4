import type { JobPolling } from '../core/api/operations'
import type { AppBasics } from '../feature-deps'
import type { SessionFeature } from '../session/session-feature'
import { JobWatcher } from './job-watcher'

export interface JobsFeatureDeps extends Pick<AppBasics, 'emit' | 'now'> {
  /** The API client, the cache the list lives in; a failed poll's error reaches the session. */
  session: Pick<SessionFeature, 'connection'>
  /** What a person may read of a failed poll: the IPC layer's wording, from the root. */
  describe: (error: unknown) => string
  polling?: JobPolling
}

/** Watched batch jobs, polled and kept in the cache. Needs the session. */
export function createJobsFeature(deps: JobsFeatureDeps): JobWatcher {
  const { connection } = deps.session
  return new JobWatcher({
    cache: () => connection.cache(),
    client: () => connection.client,
    onUpdate: (job) => deps.emit('jobs:update', job),
    onError: (error) => void connection.noteError(error, true),
    describe: deps.describe,
    ...deps.polling,
    now: deps.now,
  })
}

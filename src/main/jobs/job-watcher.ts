import type { BatchStatus } from '../../shared/api/schemas'
import type { WatchedJob } from '../../shared/ipc'
import type { ApiClient } from '../core/api/api-client'
import type { OfflineCache } from '../core/cache'
import { ApiError, isAbortError } from '../core/system/perkpack-errors'
import { sleep } from '../core/api/http'
import { isTerminal, JOB_POLLING_DEFAULTS, watchJob } from '../core/api/operations'
import type { JobPolling } from '../core/api/operations'
import { failedOrders } from './job-failures'

const DOC_KIND = 'watched-jobs'
const DOC_KEY = 'list'

export interface JobWatcherOptions extends JobPolling {
  cache: () => OfflineCache
  client: () => ApiClient
  onUpdate: (job: WatchedJob) => void
  /** Failures of background polls, so sign-in and network trouble reach the person. */
  onError: (error: unknown) => void
  /** What a person may read of a failed poll (the IPC layer's wording): no stack, no token. */
  describe: (error: unknown) => string
  now?: () => number
}

const keyOf = (campaignId: number, jobId: string) => `${campaignId}\u0000${jobId}`

/**
 * Batch jobs someone asked to follow. The list lives in the host's offline cache, so it is there
 * after a restart, and every job not finished is polled again; polling stops for good at
 * completed, failed or killed. One AbortController per job, so unwatching stops exactly one.
 */
export class JobWatcher {
  private jobs: WatchedJob[] | null = null
  private readonly polling = new Map<string, AbortController>()

  constructor(private readonly options: JobWatcherOptions) {}

  private get minIntervalMs(): number {
    return this.options.minIntervalMs ?? JOB_POLLING_DEFAULTS.minIntervalMs
  }

  private get maxIntervalMs(): number {
    return this.options.maxIntervalMs ?? JOB_POLLING_DEFAULTS.maxIntervalMs
  }

  private load(): WatchedJob[] {
    if (this.jobs === null) {
      const saved = this.options.cache().getDocument<WatchedJob[]>(DOC_KIND, DOC_KEY)?.value
      this.jobs = Array.isArray(saved) ? saved.filter(isWatchedJob) : []
    }
    return this.jobs
  }

  private save(): void {
    try {
      this.options.cache().putDocument(DOC_KIND, DOC_KEY, this.load())
    } catch (error) {
      // The list in memory is still right; only a restart would forget the latest state.
      this.options.onError(error)
    }
  }

  list(): WatchedJob[] {
    return this.load().map((job) => ({ ...job }))
  }

  isPolling(campaignId: number, jobId: string): boolean {
    return this.polling.has(keyOf(campaignId, jobId))
  }

  /**
   * Asks once right away, so a wrong id or a campaign of another team is refused here with the
   * API's reason instead of joining the list. Only a network-type failure adds the job anyway,
   * with the error shown, because the id may well be right.
   */
  async watch(campaignId: number, jobId: string): Promise<WatchedJob> {
    const jobs = this.load()
    const key = keyOf(campaignId, jobId)
    const existing = jobs.find((job) => keyOf(job.campaignId, job.jobId) === key)
    if (existing && this.polling.has(key)) return { ...existing }
    let status: BatchStatus | null = null
    let error: string | null = null
    try {
      status = await this.options.client().batchStatus(campaignId, jobId)
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.retryable)) throw failure
      error = this.options.describe(failure)
    }
    const job: WatchedJob = existing ?? {
      campaignId,
      jobId,
      status: null,
      updatedAt: null,
      done: false,
      error: null,
    }
    if (!existing) jobs.unshift(job)
    if (status) this.apply(job, status)
    else job.error = error
    this.save()
    this.options.onUpdate({ ...job })
    if (!job.done) this.start(job)
    return { ...job }
  }

  unwatch(campaignId: number, jobId: string): WatchedJob[] {
    const key = keyOf(campaignId, jobId)
    this.polling.get(key)?.abort()
    this.polling.delete(key)
    const jobs = this.load()
    const index = jobs.findIndex((job) => keyOf(job.campaignId, job.jobId) === key)
    if (index !== -1) {
      jobs.splice(index, 1)
      this.save()
    }
    return this.list()
  }

  /** Polls every unfinished job not already being polled (start-up, after a sign-in). */
  resume(): void {
    for (const job of this.load()) {
      if (!job.done && !this.polling.has(keyOf(job.campaignId, job.jobId))) this.start(job)
    }
  }

  /** Stops every poll; the list stays as it is (sign-out, another host, quitting). */
  stop(): void {
    for (const controller of this.polling.values()) controller.abort()
    this.polling.clear()
  }

  /** Stops, and forgets the list read from the cache (its cache is about to close). */
  reset(): void {
    this.stop()
    this.jobs = null
  }

  private apply(job: WatchedJob, status: BatchStatus): void {
    job.status = { ...status }
    job.updatedAt = new Date((this.options.now ?? Date.now)()).toISOString()
    job.done = isTerminal(status)
    job.error = null
    const failures = failedOrders(this.options.cache(), job)
    if (failures === null) delete job.failures
    else job.failures = failures
  }

  private start(job: WatchedJob): void {
    const key = keyOf(job.campaignId, job.jobId)
    const controller = new AbortController()
    this.polling.set(key, controller)
    void this.poll(job, controller.signal).finally(() => {
      if (this.polling.get(key) === controller) this.polling.delete(key)
    })
  }

  private async poll(job: WatchedJob, signal: AbortSignal): Promise<void> {
    const current = () => !signal.aborted && this.jobs?.includes(job) === true
    for (;;) {
      try {
        // The job was just read (by watch, or before the restart): pause before the next read.
        await sleep(this.minIntervalMs, signal)
        await watchJob(this.options.client(), job.campaignId, job.jobId, {
          signal,
          minIntervalMs: this.minIntervalMs,
          maxIntervalMs: this.maxIntervalMs,
          onProgress: (status) => {
            if (!current()) return
            this.apply(job, status)
            this.save()
            this.options.onUpdate({ ...job })
          },
        })
        return
      } catch (error) {
        if (signal.aborted || isAbortError(error) || !current()) return
        job.error = this.options.describe(error)
        this.save()
        this.options.onUpdate({ ...job })
        this.options.onError(error)
        // A sign-in problem or a refusal will not cure itself: resume() starts again after a
        // sign-in, "Watch job" starts again by hand.
        if (!(error instanceof ApiError && error.retryable)) return
        try {
          await sleep(this.maxIntervalMs, signal)
        } catch {
          return
        }
      }
    }
  }
}

function isWatchedJob(value: unknown): value is WatchedJob {
  const job = value as Partial<WatchedJob> | null
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.campaignId === 'number' &&
    typeof job.jobId === 'string' &&
    typeof job.done === 'boolean'
  )
}

import type { SyncProgressEvent, SyncRequest, SyncSummary } from '../../shared/ipc/contract'
import type { ApiClient } from '../services/api-client'
import type { OfflineCache } from '../services/cache'
import { Cancelled, isAbortError } from '../services/errors'
import { checkConcurrency, syncCampaign } from '../services/sync'
import type { SyncProgress } from '../services/sync'

/** Progress events at most this often (a 100,000-order sync reads 3,334 pages). */
const PROGRESS_INTERVAL_MS = 100

export interface SyncRunnerOptions {
  cache: () => OfflineCache
  client: () => ApiClient
  privileged: () => boolean
  /** The setting, when a request does not say. */
  concurrency: () => number
  progress: (event: SyncProgressEvent) => void
  /** Runs after the commit, before 'done' is reported (the orders view is rebuilt there). */
  committed: (cache: OfflineCache, campaignId: number) => void
  now?: () => number
}

interface RunningSync {
  controller: AbortController
  promise: Promise<SyncSummary>
}

/** Syncs in flight, one per campaign, each with its own AbortController. */
export class SyncRunner {
  private readonly running = new Map<number, RunningSync>()

  constructor(private readonly options: SyncRunnerOptions) {}

  private get now(): () => number {
    return this.options.now ?? Date.now
  }

  /** A second "Sync now" while one runs joins it rather than starting a rival walk. */
  sync(request: SyncRequest): Promise<SyncSummary> {
    const { campaignId } = request
    const running = this.running.get(campaignId)
    if (running) return running.promise
    const concurrency = checkConcurrency(request.concurrency ?? this.options.concurrency())
    const controller = new AbortController()
    const entry: RunningSync = {
      controller,
      promise: this.run(campaignId, concurrency, controller.signal).finally(() => {
        if (this.running.get(campaignId) === entry) this.running.delete(campaignId)
      }),
    }
    this.running.set(campaignId, entry)
    return entry.promise
  }

  cancel(campaignId: number): boolean {
    const running = this.running.get(campaignId)
    if (!running) return false
    running.controller.abort()
    return true
  }

  cancelAll(): void {
    for (const sync of this.running.values()) sync.controller.abort()
    this.running.clear()
  }

  private async run(
    campaignId: number,
    concurrency: number,
    signal: AbortSignal,
  ): Promise<SyncSummary> {
    const started = this.now()
    const cache = this.options.cache()
    let lastSent = -Infinity
    let lastPhase: string | null = null
    let done: SyncProgressEvent | null = null
    let result: Awaited<ReturnType<typeof syncCampaign>>
    try {
      result = await syncCampaign({
        client: this.options.client(),
        cache,
        campaignId,
        privileged: this.options.privileged(),
        concurrency,
        signal,
        now: this.now,
        onProgress: (progress) => {
          const event = toProgressEvent(progress)
          // 'done' waits until the orders view is rebuilt: only then is "open" instant.
          if (event.phase === 'done') {
            done = event
            return
          }
          const at = this.now()
          if (event.phase === lastPhase && at - lastSent < PROGRESS_INTERVAL_MS) return
          lastSent = at
          lastPhase = event.phase
          this.options.progress(event)
        },
      })
    } catch (error) {
      if (signal.aborted && isAbortError(error)) {
        throw new Cancelled('Sync cancelled. The last complete copy of the campaign is kept.')
      }
      throw error
    }
    if (!signal.aborted) this.options.committed(cache, campaignId)
    const elapsedMs = this.now() - started
    if (done) this.options.progress({ ...(done as SyncProgressEvent), elapsedMs })
    return {
      campaignId,
      count: result.snapshot.count,
      pagesFetched: result.pagesFetched,
      elapsedMs,
    }
  }
}

function toProgressEvent(progress: SyncProgress): SyncProgressEvent {
  return {
    campaignId: progress.campaignId,
    phase: progress.phase,
    pagesDone: progress.pagesDone,
    pagesTotal: progress.pagesTotal,
    records: progress.records,
    expected: progress.expected,
    elapsedMs: progress.elapsedMs,
    rate: progress.rate,
    etaMs: progress.etaMs,
  }
}

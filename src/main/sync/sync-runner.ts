import type {
  ShrinkChoice,
  ShrinkPending,
  SyncProgress,
  SyncRequest,
  SyncSummary,
} from '../../shared/ipc'
import type { ApiClient } from '../core/api/api-client'
import type { OfflineCache } from '../core/cache'
import { Cancelled, isAbortError, PerkPackError } from '../core/system/perkpack-errors'
import { SnapshotShrank } from '../core/sync/shrink'
import { checkConcurrency, syncCampaign } from '../core/sync/sync-engine'
import type { SyncResult } from '../core/sync/sync-engine'

/** Progress events at most this often (a 100,000-order sync reads 3,334 pages). */
const PROGRESS_INTERVAL_MS = 100

export interface SyncRunnerOptions {
  cache: () => OfflineCache
  client: () => ApiClient
  privileged: () => boolean
  /** The setting, when a request does not say. */
  concurrency: () => number
  progress: (event: SyncProgress) => void
  /** Runs after the commit, before 'done' is reported (the orders view is rebuilt there). */
  committed: (cache: OfflineCache, campaignId: number) => void
  now?: () => number
}

interface RunningSync {
  controller: AbortController
  promise: Promise<SyncSummary>
}

/** A sync that found far fewer orders than the offline copy, waiting for the person's choice. */
interface PendingShrink {
  shrank: SnapshotShrank<SyncResult>
  cache: OfflineCache
  pagesFetched: number
  elapsedMs: number
}

/**
 * Syncs in flight, one per campaign, each with its own AbortController, and the smaller copies
 * waiting for a choice (main owns that state: a reload of the window asks again).
 */
export class SyncRunner {
  private readonly running = new Map<number, RunningSync>()
  private readonly pending = new Map<number, PendingShrink>()

  constructor(private readonly options: SyncRunnerOptions) {}

  private get now(): () => number {
    return this.options.now ?? Date.now
  }

  /** A second "Sync now" while one runs joins it rather than starting a rival walk. */
  sync(request: SyncRequest): Promise<SyncSummary> {
    const { campaignId } = request
    const running = this.running.get(campaignId)
    if (running) return running.promise
    // Syncing again answers an open choice with "keep": the new sync decides afresh.
    this.dropPending(campaignId)
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
    for (const campaignId of [...this.pending.keys()]) this.dropPending(campaignId)
  }

  isRunning(campaignId: number): boolean {
    return this.running.has(campaignId)
  }

  /** A dashboard file replaced the offline copy: a smaller sync copy waiting for a choice goes. */
  dropPendingShrink(campaignId: number): void {
    this.dropPending(campaignId)
  }

  pendingShrink(campaignId: number): ShrinkPending | null {
    return this.pending.get(campaignId)?.shrank.counts ?? null
  }

  /** "Replace with the smaller copy" commits the waiting rows; "Keep" drops them. */
  resolveShrink(campaignId: number, choice: ShrinkChoice): SyncSummary {
    const entry = this.pending.get(campaignId)
    if (!entry) {
      throw new PerkPackError(
        'shrink_not_pending',
        `No smaller copy of campaign ${campaignId} is waiting for a choice: it was already ` +
          'kept or replaced, or a newer sync started. Sync again to check the campaign.',
      )
    }
    this.pending.delete(campaignId)
    const { pagesFetched, elapsedMs } = entry
    if (choice === 'keep') {
      entry.shrank.decline()
      return this.currentSummary(entry.cache, campaignId, pagesFetched, elapsedMs)
    }
    const result = entry.shrank.accept()
    this.options.committed(entry.cache, campaignId)
    return {
      campaignId,
      count: result.snapshot.count,
      problemCount: result.snapshot.problemCount,
      pagesFetched,
      elapsedMs,
      shrink: null,
      floorLeftBehind: result.floorLeftBehind,
      notOnTeam: result.notOnTeam,
    }
  }

  private dropPending(campaignId: number): void {
    this.pending.get(campaignId)?.shrank.decline()
    this.pending.delete(campaignId)
  }

  private currentSummary(
    cache: OfflineCache,
    campaignId: number,
    pagesFetched: number,
    elapsedMs: number,
  ): SyncSummary {
    const info = cache.campaign(campaignId)
    return {
      campaignId,
      count: info?.count ?? 0,
      problemCount: info?.problemCount ?? 0,
      pagesFetched,
      elapsedMs,
      shrink: null,
      floorLeftBehind: 0,
      notOnTeam: false,
    }
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
    let done: SyncProgress | null = null
    let pagesDone = 0
    let result: SyncResult
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
          pagesDone = progress.pagesDone
          const event = { ...progress }
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
      if (error instanceof SnapshotShrank && !signal.aborted) {
        const shrank = error as SnapshotShrank<SyncResult>
        const elapsedMs = this.now() - started
        this.pending.set(campaignId, { shrank, cache, pagesFetched: pagesDone, elapsedMs })
        return {
          ...this.currentSummary(cache, campaignId, pagesDone, elapsedMs),
          shrink: shrank.counts,
        }
      }
      if (error instanceof SnapshotShrank) error.decline()
      if (signal.aborted && (isAbortError(error) || error instanceof SnapshotShrank)) {
        throw new Cancelled('Sync cancelled. The last complete copy of the campaign is kept.')
      }
      throw error
    }
    if (!signal.aborted) this.options.committed(cache, campaignId)
    const elapsedMs = this.now() - started
    if (done) this.options.progress({ ...(done as SyncProgress), elapsedMs })
    return {
      campaignId,
      count: result.snapshot.count,
      problemCount: result.snapshot.problemCount,
      pagesFetched: result.pagesFetched,
      elapsedMs,
      shrink: null,
      floorLeftBehind: result.floorLeftBehind,
      notOnTeam: result.notOnTeam,
    }
  }
}

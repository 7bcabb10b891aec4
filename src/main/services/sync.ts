import type { CampaignContribution, CampaignContributionsPage } from '../../shared/api/schemas'
import type { ApiClient } from './api-client'
import type { CampaignSnapshotInfo, OfflineCache, SnapshotWriter } from './cache'
import { Cancelled, PerkPackError } from './errors'

export const DEFAULT_CONCURRENCY = 4
export const MIN_CONCURRENCY = 1
export const MAX_CONCURRENCY = 16

export interface SyncProgress {
  campaignId: number
  phase: 'walking' | 'catching-up' | 'rewalking' | 'saving' | 'done'
  pagesDone: number
  pagesTotal: number
  /** Distinct contributions received so far. */
  records: number
  /** What the API says the campaign holds (pagination.count of the latest page). */
  expected: number
  elapsedMs: number
  /** Records per second so far; 0 until there is something to measure. */
  rate: number
  /** Estimated time left, null while unknown. */
  etaMs: number | null
}

export interface SyncOptions {
  client: ApiClient
  cache: OfflineCache
  campaignId: number
  /** Whether the session has a team member's access token (e-mails and addresses visible). */
  privileged: boolean
  concurrency?: number
  signal?: AbortSignal
  onProgress?: (progress: SyncProgress) => void
  /** Full walks allowed when the listing keeps changing underneath us. */
  maxWalks?: number
  now?: () => number
}

export interface SyncResult {
  snapshot: CampaignSnapshotInfo
  pagesFetched: number
  walks: number
  elapsedMs: number
}

export function checkConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < MIN_CONCURRENCY || value > MAX_CONCURRENCY) {
    throw new PerkPackError(
      'usage',
      `Sync concurrency must be a whole number from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY} (got ${value}).`,
    )
  }
  return value
}

/**
 * Downloads every contribution of a campaign into a staging area, then swaps it in at once.
 *
 * Listings are live: a contribution made during the walk lands on page 1 and pushes every
 * other row one place down, so later pages repeat rows (harmless: rows are keyed by id) and
 * the new one is missed. After a walk the set is therefore checked against the latest
 * `pagination.count`: too few means new rows at the front (fetch from page 1 until known rows
 * appear again); too many means rows vanished upstream (walk again from scratch). The snapshot
 * is committed only when the set is exactly what the API reports.
 */
export async function syncCampaign(options: SyncOptions): Promise<SyncResult> {
  const concurrency = checkConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY)
  const maxWalks = options.maxWalks ?? 4
  const now = options.now ?? Date.now
  const started = now()
  const { client, cache, campaignId } = options
  let pagesFetched = 0
  let pagesTotal = 0
  let pagesDone = 0
  let expected = 0
  let phase: SyncProgress['phase'] = 'walking'
  let writer: SnapshotWriter = cache.beginSnapshot(campaignId)
  let ids = new Set<number>()
  let slug: string | null = null

  const report = () => {
    const elapsedMs = now() - started
    const rate = elapsedMs > 0 ? (ids.size * 1000) / elapsedMs : 0
    const left = Math.max(0, expected - ids.size)
    options.onProgress?.({
      campaignId,
      phase,
      pagesDone,
      pagesTotal,
      records: ids.size,
      expected,
      elapsedMs,
      rate,
      etaMs: rate > 0 && expected > 0 ? (left * 1000) / rate : null,
    })
  }

  const fetchPage = async (page: number, signal: AbortSignal | undefined) => {
    const body = await client.campaignContributions(campaignId, page, {}, signal ? { signal } : {})
    pagesFetched++
    return body
  }

  /** Stores a page; returns how many of its rows were new to this snapshot. */
  const keep = (body: CampaignContributionsPage): number => {
    expected = body.pagination.count
    const rows: CampaignContribution[] = body.response
    let fresh = 0
    for (const row of rows) {
      if (!ids.has(row.id)) {
        ids.add(row.id)
        fresh++
      }
      slug ??= row.order.perks[0]?.campaign_slug ?? null
    }
    if (rows.length > 0) writer.add(rows)
    return fresh
  }

  const fullWalk = async () => {
    const first = await fetchPage(1, options.signal)
    pagesTotal = first.pagination.pages
    pagesDone = 1
    keep(first)
    report()
    await runPool(2, pagesTotal, concurrency, options.signal, fetchPage, (body) => {
      keep(body)
      pagesDone++
      report()
    })
  }

  /** New rows sit at the front: read from page 1 until a page holds nothing new. */
  const catchUp = async () => {
    for (let page = 1; ids.size < expected; page++) {
      const body = await fetchPage(page, options.signal)
      pagesTotal++
      pagesDone++
      const fresh = keep(body)
      report()
      if (body.response.length === 0 || fresh < body.response.length) break
    }
  }

  try {
    let walks = 1
    await fullWalk()
    for (let round = 0; ids.size !== expected; round++) {
      if (ids.size < expected && round < maxWalks) {
        phase = 'catching-up'
        await catchUp()
        continue
      }
      if (walks >= maxWalks) {
        throw new PerkPackError(
          'sync_unstable',
          `The contributions of campaign ${campaignId} kept changing during the sync ` +
            `(${ids.size} received, the API now reports ${expected}, after ${walks} walks). ` +
            'The previous offline copy is kept; run the sync again in a moment.',
        )
      }
      // More rows than the API reports: some vanished upstream, so this set cannot be trusted.
      walks++
      phase = 'rewalking'
      writer.abort()
      writer = cache.beginSnapshot(campaignId)
      ids = new Set()
      await fullWalk()
    }
    phase = 'saving'
    report()
    const snapshot = writer.commit({ expectedCount: expected, privileged: options.privileged })
    if (slug) cache.setCampaignTitle(campaignId, slug)
    phase = 'done'
    report()
    return { snapshot, pagesFetched, walks, elapsedMs: now() - started }
  } catch (error) {
    writer.abort()
    if (options.signal?.aborted && !(error instanceof Cancelled))
      throw new Cancelled('Sync cancelled.')
    throw error
  }
}

/**
 * Fetches every page in [from, to] with at most `limit` requests in flight and hands each
 * answer to `process`. A worker starts its next request before processing the answer it
 * holds, so storing a page (synchronous SQLite work) overlaps the next round trip instead of
 * adding to it. The first failure stops the others (their requests are aborted) and is rethrown.
 */
export async function runPool<T>(
  from: number,
  to: number,
  limit: number,
  signal: AbortSignal | undefined,
  fetchPage: (page: number, signal: AbortSignal) => Promise<T>,
  process: (result: T, page: number) => void,
): Promise<void> {
  if (to < from) return
  const stop = new AbortController()
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
  let next = from
  let failure: unknown = null
  const start = (): { page: number; result: Promise<T> } | null => {
    if (failure !== null || next > to) return null
    const page = next++
    const result = fetchPage(page, combined)
    // Awaited below; this only keeps a failure during `process` from being reported as unhandled.
    result.catch(() => undefined)
    return { page, result }
  }
  const worker = async () => {
    let current = start()
    while (current) {
      try {
        const result = await current.result
        const upcoming = start()
        process(result, current.page)
        current = upcoming
      } catch (error) {
        if (failure === null) failure = error
        stop.abort()
        return
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, to - from + 1) }, worker))
  if (failure !== null) throw failure
}

import { readCampaignContribution } from '../../shared/api/schemas'
import type { CampaignContributionsPage } from '../../shared/api/schemas'
import { PAGE_SIZE } from '../../shared/config'
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../shared/ipc/limits'
import type { SyncProgress } from '../../shared/ipc/results'
import type { ApiClient } from './api-client'
import { problemKey } from './cache'
import type {
  CampaignSnapshotInfo,
  OfflineCache,
  ProblemRow,
  ReceivedContribution,
  SnapshotWriter,
} from './cache'
import { Cancelled, PerkPackError } from './perkpack-errors'
import {
  floorLeftBehind,
  SNAPSHOT_SOURCE_DOCUMENT,
  snapshotSource,
} from './dashboard/dashboard-import'
import { isShrink, SnapshotShrank } from './shrink'

/** Rounds of re-reading the pages with missing rows, per walk, before walking again. */
const MAX_CATCH_UPS = 8

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
  /**
   * Commit even when far fewer orders were found than the offline copy holds. Without it such
   * a sync throws `SnapshotShrank` and leaves the choice to the caller.
   */
  acceptShrink?: boolean
  now?: () => number
}

/** A row the model cannot use (see docs/data-policy.md): kept with why, never a failed sync. */
export type ProblemRowInput = ProblemRow

export interface SyncResult {
  snapshot: CampaignSnapshotInfo
  /**
   * Rows that could not be read, as stored with the snapshot (newest first); counted in its
   * completeness: `snapshot.count + problemRows.length === snapshot.expectedCount`.
   */
  problemRows: ProblemRowInput[]
  pagesFetched: number
  walks: number
  elapsedMs: number
  /**
   * Over a copy imported from a dashboard file: its floor records (made against the file's
   * stand-in ids) whose order ids the synced copy does not have. Kept, not shown; else 0.
   */
  floorLeftBehind: number
  /**
   * Signed in as a person, yet no row came with an e-mail or an address: the account is not on
   * the campaign's team, and the copy is stored as one without them (`snapshot.privileged`).
   */
  notOnTeam: boolean
}

/** The order ids of the campaign's offline copy. */
function orderIdsOf(cache: OfflineCache, campaignId: number): Set<number> {
  return new Set(cache.contributions(campaignId).map((row) => row.order.id))
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
 * other row one place down, so later pages repeat rows (harmless: rows are keyed by id), the
 * new one is missed, and with pages read in parallel an older row can slip between two pages
 * read on either side of the shift. New rows only ever arrive at the front, so a row's rank
 * counted from the oldest (`count - 1 - index`, from the page that held it) never changes:
 * after a walk every rank from 0 to the latest `pagination.count - 1` must have been seen, and
 * the pages holding the ranks not seen are read again until none is missing. More rows than
 * the API reports means rows vanished upstream: walk again from scratch. The snapshot is
 * committed only when the set is exactly what the API reports.
 *
 * Rows that cannot be read are staged as problem rows and committed with the snapshot. When the
 * readable rows fall under 90 % of the snapshot they would replace, nothing is committed: a
 * `SnapshotShrank` is thrown, holding the staged rows until the caller accepts or declines.
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
  /** Ids of rows received (good and problem rows), and `r<rank>` for problem rows without one. */
  let ids = new Set<number | string>()
  /** Which of `ids` are problem rows now: a later copy of a row decides (see `keep`). */
  let problems = new Set<number | string>()
  /** Ranks counted from the oldest row, of every row received (see above). */
  let ranks = new Set<number>()
  let perPage = PAGE_SIZE
  let slug: string | null = null
  /**
   * Whether any row came with an e-mail or an address. An access token of an account that is not
   * on the campaign's team is accepted, and the API then leaves them out as for an API token.
   */
  let sawPrivilegedFields = false

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

  /**
   * Stages page `page` and the ranks of its rows. The later copy of a row wins, whether it
   * reads or not: one that failed before and reads now is no longer a problem, and one that
   * read before and fails now is a problem row, no longer a good one (the writer moves it).
   */
  const keep = (body: CampaignContributionsPage, page: number): void => {
    const { count } = body.pagination
    expected = count
    perPage = body.pagination.per_page || perPage
    const good = new Map<number, ReceivedContribution>()
    const bad = new Map<string, ProblemRow>()
    body.response.forEach((raw, index) => {
      const rank = count - 1 - ((page - 1) * perPage + index)
      ranks.add(rank)
      const read = readCampaignContribution(raw)
      if (read.ok) {
        const row = read.value
        ids.add(row.id)
        problems.delete(row.id)
        bad.delete(String(row.id))
        // The raw row too: `orders --json` prints what the API sent, not the model's reading.
        good.set(row.id, { model: row, raw })
        sawPrivilegedFields ||= Boolean(row.email) || row.order.shipping != null
        slug ??= row.order.perks[0]?.campaign_slug ?? null
      } else {
        const problem: ProblemRow = { id: read.id, rank, raw, problems: read.problems }
        const key = read.id ?? problemKey(problem)
        ids.add(key)
        problems.add(key)
        if (read.id !== null) good.delete(read.id)
        bad.set(problemKey(problem), problem)
      }
    })
    if (good.size > 0) writer.add([...good.values()])
    if (bad.size > 0) writer.addProblems([...bad.values()])
  }

  const fullWalk = async () => {
    const first = await fetchPage(1, options.signal)
    const pages = first.pagination.pages
    pagesTotal += Math.max(1, pages)
    pagesDone++
    keep(first, 1)
    report()
    await runPool(2, pages, concurrency, options.signal, fetchPage, (body, page) => {
      keep(body, page)
      pagesDone++
      report()
    })
  }

  /** The pages that now hold a rank not received yet, first page first. */
  const missingPages = (): number[] => {
    const pages = new Set<number>()
    for (let rank = 0; rank < expected; rank++) {
      if (!ranks.has(rank)) pages.add(Math.floor((expected - 1 - rank) / perPage) + 1)
    }
    return [...pages].sort((a, b) => a - b)
  }

  const catchUp = async (pages: number[]) => {
    pagesTotal += pages.length
    const at = (i: number) => pages[i] as number
    await runPool(
      0,
      pages.length - 1,
      concurrency,
      options.signal,
      (i, signal) => fetchPage(at(i), signal),
      (body, i) => {
        keep(body, at(i))
        pagesDone++
        report()
      },
    )
  }

  let walks = 1
  /** Readable rows of the snapshot this sync would replace. */
  let currentCount: number
  let currentPrivileged: boolean
  try {
    let catchUps = 0
    await fullWalk()
    for (;;) {
      const missing = missingPages()
      if (missing.length === 0 && ids.size === expected) break
      if (missing.length > 0 && catchUps < MAX_CATCH_UPS) {
        catchUps++
        phase = 'catching-up'
        await catchUp(missing)
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
      // More rows than the API reports (some vanished upstream), or the listing would not settle:
      // this set cannot be trusted.
      walks++
      catchUps = 0
      phase = 'rewalking'
      writer.abort()
      writer = cache.beginSnapshot(campaignId)
      ids = new Set()
      problems = new Set()
      ranks = new Set()
      await fullWalk()
    }
    const current = cache.campaign(campaignId)
    currentCount = current?.count ?? 0
    currentPrivileged = current?.privileged ?? false
  } catch (error) {
    writer.abort()
    if (options.signal?.aborted && !(error instanceof Cancelled))
      throw new Cancelled('Sync cancelled.')
    throw error
  }

  const staged = writer
  // What the copy holds, not what the session hoped for (an empty campaign shows nothing either way).
  const privileged = options.privileged && (sawPrivilegedFields || ids.size === problems.size)
  const commit = (): SyncResult => {
    try {
      phase = 'saving'
      report()
      const fromFile = snapshotSource(cache, campaignId) !== null
      const snapshot = staged.commit({ expectedCount: expected, privileged })
      if (slug) cache.setCampaignTitle(campaignId, slug)
      // The copy is the API's now, no longer an imported dashboard file.
      cache.putDocument(SNAPSHOT_SOURCE_DOCUMENT, String(campaignId), null)
      phase = 'done'
      report()
      return {
        snapshot,
        problemRows: snapshot.problemCount > 0 ? cache.problemRows(campaignId) : [],
        pagesFetched,
        walks,
        elapsedMs: now() - started,
        floorLeftBehind: fromFile
          ? floorLeftBehind(cache, campaignId, orderIdsOf(cache, campaignId))
          : 0,
        notOnTeam: options.privileged && !privileged,
      }
    } catch (error) {
      staged.abort()
      throw error
    }
  }
  const incomingCount = ids.size - problems.size
  const fewerOrders = isShrink(currentCount, incomingCount)
  const addressesLost =
    currentPrivileged && !privileged && currentCount > 0
      ? options.privileged
        ? ('not-on-team' as const)
        : ('api-token-only' as const)
      : null
  if (!options.acceptShrink && (fewerOrders || addressesLost !== null)) {
    // The staged rows wait for the caller's choice; nothing stored has changed.
    throw new SnapshotShrank(
      {
        campaignId,
        currentCount,
        incomingCount,
        incomingProblemCount: problems.size,
        fewerOrders,
        addressesLost,
      },
      { accept: commit, decline: () => staged.abort() },
    )
  }
  return commit()
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

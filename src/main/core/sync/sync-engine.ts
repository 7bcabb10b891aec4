import { readCampaignContribution } from '../../../shared/api/schemas'
import type { CampaignContributionsPage } from '../../../shared/api/schemas'
import { PAGE_SIZE } from '../../../shared/config'
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, MIN_CONCURRENCY } from '../../../shared/ipc/limits'
import type { SyncProgress } from '../../../shared/ipc/results'
import type { ApiClient } from '../api/api-client'
import { problemKey } from '../cache'
import type {
  CampaignSnapshotInfo,
  OfflineCache,
  ProblemRow,
  ReceivedContribution,
  SnapshotWriter,
} from '../cache'
import { Cancelled, PerkPackError } from '../system/perkpack-errors'
import {
  floorLeftBehind,
  SNAPSHOT_SOURCE_DOCUMENT,
  snapshotSource,
} from '../dashboard/dashboard-import'
import { runPool } from '../api/page-pool'
import { holdBack, SnapshotShrank } from './shrink'

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
 * What one walk of the listing received: the ids and ranks seen, which rows are problem rows,
 * and what the API last reported. A walk that must start again starts with a new one.
 */
class Received {
  /** Rows the API reports, as of the last page read. */
  expected = 0
  perPage = PAGE_SIZE
  /** Ids of rows received (good and problem rows), and `r<rank>` for problem rows without one. */
  readonly ids = new Set<number | string>()
  /** Which of `ids` are problem rows now: a later copy of a row decides (see `read`). */
  readonly problems = new Set<number | string>()
  /** Ranks counted from the oldest row, of every row received (see `syncCampaign`). */
  private readonly ranks = new Set<number>()
  slug: string | null = null
  /**
   * Whether any row came with an e-mail or an address. An access token of an account that is not
   * on the campaign's team is accepted, and the API then leaves them out as for an API token.
   */
  sawPrivilegedFields = false

  /**
   * Reads page `page`: its readable rows and its problem rows, to stage. The later copy of a row
   * wins, whether it reads or not: one that failed before and reads now is no longer a problem,
   * and one that read before and fails now is a problem row, no longer a good one (the writer
   * moves it).
   */
  read(body: CampaignContributionsPage, page: number) {
    const { count } = body.pagination
    this.expected = count
    this.perPage = body.pagination.per_page || this.perPage
    const good = new Map<number, ReceivedContribution>()
    const bad = new Map<string, ProblemRow>()
    body.response.forEach((raw, index) => {
      const rank = count - 1 - ((page - 1) * this.perPage + index)
      this.ranks.add(rank)
      const read = readCampaignContribution(raw)
      if (read.ok) {
        const row = read.value
        this.ids.add(row.id)
        this.problems.delete(row.id)
        bad.delete(String(row.id))
        // The raw row too: `orders --json` prints what the API sent, not the model's reading.
        good.set(row.id, { model: row, raw })
        this.sawPrivilegedFields ||= Boolean(row.email) || row.order.shipping != null
        this.slug ??= row.order.perks[0]?.campaign_slug ?? null
      } else {
        const problem: ProblemRow = { id: read.id, rank, raw, problems: read.problems }
        const key = read.id ?? problemKey(problem)
        this.ids.add(key)
        this.problems.add(key)
        if (read.id !== null) good.delete(read.id)
        bad.set(problemKey(problem), problem)
      }
    })
    return { good: [...good.values()], bad: [...bad.values()] }
  }

  /** The pages that now hold a rank not received yet, first page first. */
  missingPages(): number[] {
    const pages = new Set<number>()
    for (let rank = 0; rank < this.expected; rank++) {
      if (!this.ranks.has(rank))
        pages.add(Math.floor((this.expected - 1 - rank) / this.perPage) + 1)
    }
    return [...pages].sort((a, b) => a - b)
  }

  /** Readable rows received. */
  get goodCount(): number {
    return this.ids.size - this.problems.size
  }
}

/** One sync of one campaign: its walks, what they staged, and the progress it reports. */
class CampaignSync {
  private readonly concurrency: number
  private readonly now: () => number
  private readonly started: number
  private pagesFetched = 0
  private pagesTotal = 0
  private pagesDone = 0
  private walks = 1
  private phase: SyncProgress['phase'] = 'walking'
  private writer: SnapshotWriter
  private received = new Received()

  constructor(private readonly options: SyncOptions) {
    this.concurrency = checkConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY)
    this.now = options.now ?? Date.now
    this.started = this.now()
    this.writer = options.cache.beginSnapshot(options.campaignId)
  }

  /** Walks until the staged set is exactly what the API reports, then commits or holds it. */
  async run(): Promise<SyncResult> {
    const { cache, campaignId } = this.options
    let current: CampaignSnapshotInfo | null
    try {
      await this.settle()
      current = cache.campaign(campaignId)
    } catch (error) {
      this.writer.abort()
      if (this.options.signal?.aborted && !(error instanceof Cancelled))
        throw new Cancelled('Sync cancelled.')
      throw error
    }
    const { received } = this
    // What the copy holds, not what the session hoped for (an empty campaign shows nothing either way).
    const privileged =
      this.options.privileged &&
      (received.sawPrivilegedFields || received.ids.size === received.problems.size)
    const hold = holdBack(
      { count: current?.count ?? 0, privileged: current?.privileged ?? false },
      { count: received.goodCount, privileged },
      this.options.privileged,
    )
    const commit = () => this.commit(privileged)
    if (!this.options.acceptShrink && hold !== null) {
      // The staged rows wait for the caller's choice; nothing stored has changed.
      const staged = this.writer
      throw new SnapshotShrank(
        {
          campaignId,
          currentCount: current?.count ?? 0,
          incomingCount: received.goodCount,
          incomingProblemCount: received.problems.size,
          ...hold,
        },
        { accept: commit, decline: () => staged.abort() },
      )
    }
    return commit()
  }

  /** Walks, catches up the pages with missing rows, and walks again while the set is wrong. */
  private async settle(): Promise<void> {
    const maxWalks = this.options.maxWalks ?? 4
    let catchUps = 0
    await this.fullWalk()
    for (;;) {
      const { received } = this
      const missing = received.missingPages()
      if (missing.length === 0 && received.ids.size === received.expected) return
      if (missing.length > 0 && catchUps < MAX_CATCH_UPS) {
        catchUps++
        this.phase = 'catching-up'
        await this.catchUp(missing)
        continue
      }
      if (this.walks >= maxWalks) {
        throw new PerkPackError(
          'sync_unstable',
          `The contributions of campaign ${this.options.campaignId} kept changing during the sync ` +
            `(${received.ids.size} received, the API now reports ${received.expected}, after ${this.walks} walks). ` +
            'The previous offline copy is kept; run the sync again in a moment.',
        )
      }
      // More rows than the API reports (some vanished upstream), or the listing would not settle:
      // this set cannot be trusted.
      this.walks++
      catchUps = 0
      this.phase = 'rewalking'
      this.writer.abort()
      this.writer = this.options.cache.beginSnapshot(this.options.campaignId)
      this.received = new Received()
      await this.fullWalk()
    }
  }

  private async fullWalk(): Promise<void> {
    const first = await this.fetchPage(1, this.options.signal)
    const pages = first.pagination.pages
    this.pagesTotal += Math.max(1, pages)
    this.keep(first, 1)
    await runPool(2, pages, this.concurrency, this.options.signal, this.fetchPage, (body, page) =>
      this.keep(body, page),
    )
  }

  private async catchUp(pages: number[]): Promise<void> {
    this.pagesTotal += pages.length
    const at = (i: number) => pages[i] as number
    await runPool(
      0,
      pages.length - 1,
      this.concurrency,
      this.options.signal,
      (i, signal) => this.fetchPage(at(i), signal),
      (body, i) => this.keep(body, at(i)),
    )
  }

  private readonly fetchPage = async (page: number, signal: AbortSignal | undefined) => {
    const { client, campaignId } = this.options
    const body = await client.campaignContributions(campaignId, page, {}, signal ? { signal } : {})
    this.pagesFetched++
    return body
  }

  /** Stages page `page` (see `Received.read`) and reports it done. */
  private keep(body: CampaignContributionsPage, page: number): void {
    const { good, bad } = this.received.read(body, page)
    if (good.length > 0) this.writer.add(good)
    if (bad.length > 0) this.writer.addProblems(bad)
    this.pagesDone++
    this.report()
  }

  private report(): void {
    const { ids, expected } = this.received
    const elapsedMs = this.now() - this.started
    const rate = elapsedMs > 0 ? (ids.size * 1000) / elapsedMs : 0
    const left = Math.max(0, expected - ids.size)
    this.options.onProgress?.({
      campaignId: this.options.campaignId,
      phase: this.phase,
      pagesDone: this.pagesDone,
      pagesTotal: this.pagesTotal,
      records: ids.size,
      expected,
      elapsedMs,
      rate,
      etaMs: rate > 0 && expected > 0 ? (left * 1000) / rate : null,
    })
  }

  private commit(privileged: boolean): SyncResult {
    const { cache, campaignId } = this.options
    const staged = this.writer
    try {
      this.phase = 'saving'
      this.report()
      const fromFile = snapshotSource(cache, campaignId) !== null
      // The replaced snapshot is deleted right after the sync returns, not before: the commit
      // comes after the last round trip, so all of its time adds to the sync's.
      const snapshot = staged.commit(
        { expectedCount: this.received.expected, privileged },
        { tidy: 'soon' },
      )
      if (this.received.slug) cache.setCampaignTitle(campaignId, this.received.slug)
      // The copy is the API's now, no longer an imported dashboard file.
      cache.putDocument(SNAPSHOT_SOURCE_DOCUMENT, String(campaignId), null)
      this.phase = 'done'
      this.report()
      return {
        snapshot,
        problemRows: snapshot.problemCount > 0 ? cache.problemRows(campaignId) : [],
        pagesFetched: this.pagesFetched,
        walks: this.walks,
        elapsedMs: this.now() - this.started,
        floorLeftBehind: fromFile
          ? floorLeftBehind(cache, campaignId, orderIdsOf(cache, campaignId))
          : 0,
        notOnTeam: this.options.privileged && !privileged,
      }
    } catch (error) {
      staged.abort()
      throw error
    }
  }
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
 * readable rows fall under 90 % of the snapshot they would replace, or the copy would lose its
 * addresses (`holdBack`), nothing is committed: a `SnapshotShrank` is thrown, holding the staged
 * rows until the caller accepts or declines.
 */
export async function syncCampaign(options: SyncOptions): Promise<SyncResult> {
  return new CampaignSync(options).run()
}

import { PerkTally } from '../../../shared/fulfillment'
import type { PerkGroup } from '../../../shared/fulfillment'
import { isOrderToShip, isProgressStatus } from '../../../shared/floor/progress'
import { ORDER_STATUSES } from '../../../shared/api/schemas'
import type { OrderStatusText } from '../../../shared/api/schemas'
import type { DashboardImportPreview } from '../../../shared/ipc'
import type { CampaignSnapshotInfo, OfflineCache, ProblemRow } from '../cache'
import { floorRecordsLeftBehind } from '../floor/local-floor-store'
import { isShrink, SnapshotShrank } from '../sync/shrink'
import { problemPlace } from './dashboard-export'
import type { DashboardChunk, DashboardExport } from './dashboard-export'
import type { SnapshotSource } from '../../../shared/dashboard/snapshot-source'

export type { SnapshotSource }

export const SNAPSHOT_SOURCE_DOCUMENT = 'snapshot-source'

export interface DashboardImportSummary {
  snapshot: CampaignSnapshotInfo
  orders: number
  perks: number
  variants: number
  problemRows: number
  /** Orders to ship as Progress counts them (shared/floor/progress.ts isOrderToShip). */
  ordersToShip: number
  /** Orders of the statuses Progress does not count, per status (known ones in their order). */
  notCounted: { status: OrderStatusText; count: number }[]
  /** Floor records of the replaced copy whose order ids the file does not have (kept, unshown). */
  floorLeftBehind: number
  /** Where the replaced copy came from; null when the campaign had none. */
  replaced: 'api' | 'dashboard-file' | null
}

/** Where a problem line is, as the app's preview lists it. */
export type DashboardProblemPlace = DashboardImportPreview['problems']['rows'][number]

/**
 * What a file read holds, as the CLI prints it and the app's preview shows it, counted a chunk
 * at a time: the rows themselves are not kept. The preview's first problem places are (up to
 * `keepPlaces` of each kind): lines without a Pledge ID first, then the pledges, in file order.
 */
export class DashboardCounts {
  private orders = 0
  private problemRows = 0
  private ordersToShip = 0
  private readonly otherStatuses = new Map<OrderStatusText, number>()
  private readonly perks = new PerkTally()
  private readonly ids = new Set<number>()
  private readonly noPledgePlaces: DashboardProblemPlace[] = []
  private readonly problemPlaces: DashboardProblemPlace[] = []

  constructor(private readonly keepPlaces = 0) {}

  add(chunk: DashboardChunk): void {
    const models = chunk.rows.map((row) => row.model)
    this.orders += models.length
    for (const model of models) this.ids.add(model.order.id)
    for (const model of models) {
      const status = model.order.status
      if (isOrderToShip(model)) this.ordersToShip++
      else if (!isProgressStatus(status))
        this.otherStatuses.set(status, (this.otherStatuses.get(status) ?? 0) + 1)
    }
    // Each pledge comes once, whole: its order's rows are together, as the tally needs.
    this.perks.add(models)
    this.problemRows += chunk.noPledge.length + chunk.problems.length
    this.keep(this.noPledgePlaces, chunk.noPledge)
    this.keep(this.problemPlaces, chunk.problems)
  }

  private keep(places: DashboardProblemPlace[], rows: readonly ProblemRow[]): void {
    for (const row of rows) {
      for (const p of row.problems) {
        if (places.length >= this.keepPlaces) return
        places.push(
          problemPlace(p.message) ?? { line: row.rank, column: p.path, message: p.message },
        )
      }
    }
  }

  /** The (stand-in) order ids of the file's orders. */
  orderIds(): ReadonlySet<number> {
    return this.ids
  }

  totals(): Omit<DashboardImportSummary, 'snapshot' | 'floorLeftBehind' | 'replaced'> & {
    tree: PerkGroup[]
  } {
    const tree = this.perks.groups()
    return {
      tree,
      orders: this.orders,
      perks: tree.filter((perk) => perk.perkId !== null).length,
      variants: new Set(tree.flatMap((perk) => perk.variants.map((v) => v.key))).size,
      problemRows: this.problemRows,
      ordersToShip: this.ordersToShip,
      notCounted: this.notCounted(),
    }
  }

  /** The seven known statuses in their usual order, then the others as the file wrote them. */
  private notCounted(): { status: OrderStatusText; count: number }[] {
    const rank = (status: string) => {
      const at = (ORDER_STATUSES as readonly string[]).indexOf(status)
      return at === -1 ? ORDER_STATUSES.length : at
    }
    return [...this.otherStatuses]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => rank(a.status) - rank(b.status) || b.count - a.count)
  }

  /** The first `keepPlaces` problem places. */
  places(): DashboardProblemPlace[] {
    return [...this.noPledgePlaces, ...this.problemPlaces].slice(0, this.keepPlaces)
  }
}

/** The source of the campaign's offline copy; null when an API sync made it. */
export function snapshotSource(cache: OfflineCache, campaignId: number): SnapshotSource | null {
  const value = cache.getDocument<Partial<SnapshotSource> | null>(
    SNAPSHOT_SOURCE_DOCUMENT,
    String(campaignId),
  )?.value
  // Written by this module, but a damaged or older document must not break the campaign list.
  if (typeof value?.fileName !== 'string' || typeof value.importedAt !== 'string') return null
  return { kind: 'dashboard-file', fileName: value.fileName, importedAt: value.importedAt }
}

/** Floor records of the campaign's current copy that `orderIds` (an incoming copy's) leave out. */
export function floorLeftBehind(
  cache: OfflineCache,
  campaignId: number,
  orderIds: ReadonlySet<number>,
): number {
  if (!cache.campaign(campaignId)) return 0
  return floorRecordsLeftBehind(cache.floor(), campaignId, orderIds)
}

/**
 * Makes a dashboard export the campaign's offline copy, with the safeguards of an API sync: its
 * problem rows kept, and a much smaller file held back (SnapshotShrank) unless `acceptShrink`.
 * The rows are written a chunk at a time as they are read; nothing of the old copy changes
 * until the commit, and any failure drops what was written. The floor's record (packed,
 * tracking) is not touched.
 */
export function importDashboardExport(
  cache: OfflineCache,
  campaignId: number,
  file: DashboardExport,
  options: { fileName: string; acceptShrink?: boolean; now?: () => Date },
): DashboardImportSummary {
  const info = cache.campaign(campaignId)
  const current = info?.count ?? 0
  const replaced = !info ? null : snapshotSource(cache, campaignId) ? 'dashboard-file' : 'api'
  const writer = cache.beginSnapshot(campaignId)
  const counts = new DashboardCounts()
  try {
    file.read((chunk) => {
      if (chunk.rows.length > 0) writer.add(chunk.rows)
      // As the file read whole wrote them: rows, then lines without a Pledge ID, then pledges.
      const problems = [...chunk.noPledge, ...chunk.problems]
      if (problems.length > 0) writer.addProblems(problems)
      counts.add(chunk)
    })
  } catch (error) {
    writer.abort()
    throw error
  }
  const totals = counts.totals()
  const commit = (): DashboardImportSummary => {
    const snapshot = writer.commit({
      expectedCount: totals.orders + totals.problemRows,
      // The file holds e-mails and addresses: as a team member's sync would.
      privileged: true,
    })
    const source: SnapshotSource = {
      kind: 'dashboard-file',
      fileName: options.fileName,
      importedAt: (options.now?.() ?? new Date()).toISOString(),
    }
    cache.putDocument(SNAPSHOT_SOURCE_DOCUMENT, String(campaignId), source)
    return {
      snapshot,
      orders: totals.orders,
      perks: totals.perks,
      variants: totals.variants,
      problemRows: totals.problemRows,
      ordersToShip: totals.ordersToShip,
      notCounted: totals.notCounted,
      floorLeftBehind: replaced ? floorLeftBehind(cache, campaignId, counts.orderIds()) : 0,
      replaced,
    }
  }
  if (!options.acceptShrink && isShrink(current, totals.orders)) {
    throw new SnapshotShrank(
      {
        campaignId,
        currentCount: current,
        incomingCount: totals.orders,
        incomingProblemCount: totals.problemRows,
        fewerOrders: true,
        // A dashboard export carries the e-mails and addresses.
        addressesLost: null,
      },
      { accept: commit, decline: () => writer.abort() },
    )
  }
  return commit()
}

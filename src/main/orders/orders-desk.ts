import type { CampaignContribution, OrderStatusText } from '../../shared/api/schemas'
import { floorStage } from '../../shared/floor/order-state'
import type { OrderFloorState } from '../../shared/floor/order-state'
import { isStopStatus, packedButStopped } from '../../shared/floor/pack-checks'
import { DEFAULT_STATUSES, selectedNodes } from '../../shared/fulfillment'
import { ORDERS_PAGE_SIZE } from '../../shared/ipc'
import type {
  CampaignSummary,
  OrderDetail,
  OrderRow,
  OrderRowsRequest,
  OrdersFilter,
  OrdersQueryResult,
  OrdersSnapshot,
} from '../../shared/ipc'
import type { CampaignSnapshotInfo, ContributionQuery, OfflineCache } from '../core/cache'
import { campaignNotSynced, PerkPackError } from '../core/system/perkpack-errors'
import { snapshotSource } from '../core/dashboard/dashboard-import'
import type { SnapshotSource } from '../../shared/dashboard/snapshot-source'
import type { Currency } from '../../shared/format/locale-format'
import { orderAddressLines } from '../../shared/address'
import { findContribution, loadWorkspace } from '../core/orders/view-store'
import { loadFloorOverlay, shippedRows, shippedViewRows } from '../core/floor/floor-view'
import type { FloorOverlay } from '../../shared/corrections/floor-overlay'
import { shippedDetail } from './shipped-detail'
import { KeptFloorReads } from '../core/floor/kept-reads'
import { narrowByFloorRecord } from './floor-narrowing'
import { reshipsOfOrder } from '../core/floor/reship'
import type { OrdersWorkspace, ViewRow } from '../core/orders/workspace'

/** The orders a print or an export is about: whole contributions, in the Orders view's order. */
export interface Selection {
  info: CampaignSnapshotInfo
  contributions: CampaignContribution[]
  /**
   * Contribution ids whose platform address changed after a person corrected it: set once the
   * floor's overlay is laid over the rows (core/floor/floor-view.ts), for the pre-print check.
   */
  addressChanged?: number[]
}

/** Up to this many rows, a page reads the floor's record order by order. */
const FLOOR_POINT_READS = 500
/** Opened campaigns kept in memory; each is tens of MB at 100,000 orders. */
const MAX_WORKSPACES = 2
/** Query answers whose rows the table may still page through: the current one and a few more. */
const MAX_RESULTS = 8
/** After a query, build the search index once the view has had time to paint. */
const WARM_UP_DELAY_MS = 250

export function campaignSummary(
  info: CampaignSnapshotInfo,
  name: (info: CampaignSnapshotInfo) => string | null = (i) => i.title ?? null,
  source: SnapshotSource | null = null,
): CampaignSummary {
  return {
    campaignId: info.campaignId,
    title: name(info),
    count: info.count,
    problemCount: info.problemCount,
    lastSyncedAt: info.lastSyncedAt,
    privileged: info.privileged,
    source,
  }
}

/** The orders views of one host's cache: open, filter, one order's detail. */
export class OrdersDesk {
  /** Most recently used last. */
  private readonly workspaces = new Map<number, OrdersWorkspace>()
  /** Query answers by resultId, oldest first. */
  private readonly results = new Map<
    number,
    { workspace: OrdersWorkspace; rows: readonly ViewRow[]; search: string | undefined }
  >()
  private nextResultId = 1
  private warmUpTimer: ReturnType<typeof setTimeout> | null = null
  /** Per workspace, the count of packed orders now stopped, until the file changes. */
  private readonly stoppedCounts = new KeptFloorReads<OrdersWorkspace, number>()

  constructor(
    private readonly cache: () => OfflineCache,
    /** Language of the person shipping: country names on addresses. */
    private readonly locale: string,
    /** Where parcels leave from: a domestic address gets no country line, as on its label. */
    private readonly senderCountry: () => string = () => 'US',
    /** The name a campaign is shown by (session/campaign-names.ts); by default its slug. */
    private readonly name?: (info: CampaignSnapshotInfo) => string,
    /** The campaign's currency, when its campaign object was seen (session/campaign-names.ts). */
    private readonly currency: (campaignId: number) => Currency | null = () => null,
  ) {}

  recent(): CampaignSummary[] {
    const cache = this.cache()
    return cache
      .campaigns()
      .map((info) => campaignSummary(info, this.name, snapshotSource(cache, info.campaignId)))
  }

  /** After a sync: the new snapshot's workspace, built now so that opening it is instant. */
  rebuild(cache: OfflineCache, campaignId: number): void {
    this.workspaces.delete(campaignId)
    const workspace = loadWorkspace(cache, campaignId)
    if (!workspace) {
      this.dropStaleResults()
      return
    }
    this.remember(workspace)
    // What the Orders view asks first (the default statuses), answered before anyone asks.
    workspace.match({})
    this.scheduleWarmUp(workspace)
  }

  clear(): void {
    this.workspaces.clear()
    this.results.clear()
    if (this.warmUpTimer) clearTimeout(this.warmUpTimer)
    this.warmUpTimer = null
  }

  private remember(workspace: OrdersWorkspace): void {
    this.workspaces.delete(workspace.campaignId)
    this.workspaces.set(workspace.campaignId, workspace)
    while (this.workspaces.size > MAX_WORKSPACES) {
      this.workspaces.delete(this.workspaces.keys().next().value as number)
    }
    this.dropStaleResults()
  }

  /** An answer over a workspace let go of would keep its tens of MB alive: it goes too. */
  private dropStaleResults(): void {
    for (const [resultId, result] of this.results) {
      if (this.workspaces.get(result.workspace.campaignId) !== result.workspace) {
        this.results.delete(resultId)
      }
    }
  }

  /** The campaign's workspace, rebuilt when the cache holds a newer snapshot (a CLI sync). */
  private workspace(campaignId: number): {
    workspace: OrdersWorkspace
    info: CampaignSnapshotInfo
  } {
    const cache = this.cache()
    const info = cache.campaign(campaignId)
    if (!info) throw campaignNotSynced(campaignId)
    let workspace = this.workspaces.get(campaignId)
    if (!workspace || workspace.syncedAt !== info.lastSyncedAt) {
      workspace = loadWorkspace(cache, campaignId) ?? undefined
      if (!workspace) throw campaignNotSynced(campaignId)
    }
    this.remember(workspace)
    return { workspace, info }
  }

  /** The campaign's orders as this desk holds them: the pack station looks orders up in them. */
  snapshot(campaignId: number): OrdersWorkspace {
    return this.workspace(campaignId).workspace
  }

  open(campaignId: number): OrdersSnapshot {
    const { workspace, info } = this.workspace(campaignId)
    return {
      campaign: campaignSummary(info, this.name, snapshotSource(this.cache(), campaignId)),
      countries: workspace.countries,
      statuses: workspace.statuses,
      countryCounts: workspace.countryCounts,
    }
  }

  /** The page's rows with the floor's record as it is now. */
  private withFloor(campaignId: number, rows: OrderRow[]): OrderRow[] {
    if (rows.length === 0) return rows
    const states = this.floorStates(
      campaignId,
      rows.map((row) => row.orderId),
    )
    return rows.map((row) => {
      const state = states.get(row.orderId)
      if (!state) return row
      return { ...row, floor: floorStage(state), station: state.station, packedAt: state.packedAt }
    })
  }

  /**
   * The floor's record of these orders. A page (100 rows as the table scrolls) or the few orders
   * a sync stopped ask for their own: two indexed reads each, where the whole record of a busy
   * floor would be read again for every query.
   */
  private floorStates(
    campaignId: number,
    orderIds: readonly number[],
  ): ReadonlyMap<number, OrderFloorState | null> {
    const floor = this.cache().floor()
    if (orderIds.length > FLOOR_POINT_READS) return floor.states(campaignId)
    return new Map(orderIds.map((id) => [id, floor.state(campaignId, id)]))
  }

  /** Packed orders the last sync refunded or held: only the stopped orders' records are read. */
  private packedButStoppedCount(workspace: OrdersWorkspace, overlay: FloorOverlay): number {
    // Asked with every query: worked out again only when the file changed (a pack, a hold,
    // another desk's or the CLI's write) or a sync landed, and then from the stopped orders'
    // records only, never the whole floor's (at 50,000 packed of 100,000 that read took 200 to
    // 400 ms a query).
    const floor = this.cache().floor()
    return this.stoppedCounts.get(floor, workspace, () => {
      const synced = workspace.stoppedRows((row) => isStopStatus(row.order.status))
      // Orders held on the floor after they were packed must come off the pile as well: they
      // carry the held status once the overlay is laid over them.
      const held =
        overlay.holds.size === 0
          ? []
          : workspace.rows.filter(
              (row) => overlay.holds.has(row.order.id) && !isStopStatus(row.order.status),
            )
      const stopped = held.length === 0 ? synced : [...synced, ...shippedViewRows(overlay, held)]
      const packed = floor.packedAmong(
        workspace.campaignId,
        stopped.map((row) => row.order.id),
      )
      return packed.size === 0 ? 0 : packedButStopped(stopped, packed).length
    })
  }

  /**
   * The orders of `filter`, their first rows, the tree, and with `pickList` the pick list (the
   * Orders view shows none, and building it is most of a query's time).
   */
  query(campaignId: number, filter: OrdersFilter, pickList = false): OrdersQueryResult {
    const { workspace } = this.workspace(campaignId)
    const overlay = loadFloorOverlay(this.cache(), campaignId)
    const match = workspace.match(
      narrowByFloorRecord(this.cache(), workspace, filter, () => overlay),
    )
    const { rows } = match
    const resultId = this.nextResultId++
    this.results.set(resultId, { workspace, rows, search: filter.search })
    while (this.results.size > MAX_RESULTS) {
      this.results.delete(this.results.keys().next().value as number)
    }
    const list = pickList ? workspace.pickList(match, shippedViewRows(overlay, rows)) : null
    const result: OrdersQueryResult = {
      resultId,
      count: rows.length,
      rows: this.page(workspace, rows, 0, ORDERS_PAGE_SIZE, filter.search, overlay),
      tree: match.tree,
      totals: match.totals,
      pickList: list?.rows ?? [],
      pickListTotals: list?.totals ?? { orders: 0, units: 0, variants: 0 },
      pickListLeftOut: list?.leftOut ?? { nothingToShip: 0, noAddress: 0 },
      pickListByHand: list?.byHand ?? [],
      packedButStopped: this.packedButStoppedCount(workspace, overlay),
      skus: match.skus,
      perkOverlap: match.overlap,
      hasPickList: list !== null,
    }
    this.scheduleWarmUp(workspace)
    return result
  }

  /**
   * Search haystacks cost about a quarter of a second at 100,000 orders: built while the person
   * looks at the first result, so the first keystroke does not pay for them.
   */
  private scheduleWarmUp(workspace: OrdersWorkspace): void {
    if (this.warmUpTimer) clearTimeout(this.warmUpTimer)
    this.warmUpTimer = setTimeout(() => {
      this.warmUpTimer = null
      if (this.workspaces.get(workspace.campaignId) === workspace) workspace.warmUp()
    }, WARM_UP_DELAY_MS)
    this.warmUpTimer.unref?.()
  }

  /** A page of an earlier query's rows, while its snapshot is still the cache's current one. */
  rows({ campaignId, resultId, offset, limit }: OrderRowsRequest): OrderRow[] {
    const result = this.results.get(resultId)
    const current = this.cache().campaign(campaignId)
    if (
      !result ||
      result.workspace.campaignId !== campaignId ||
      result.workspace.syncedAt !== current?.lastSyncedAt
    ) {
      throw new PerkPackError(
        'orders_result_gone',
        'The order list changed since it was shown (a sync or newer filters). Run the filter again to see the current orders.',
      )
    }
    return this.page(result.workspace, result.rows, offset, limit, result.search)
  }

  /**
   * A page of the table as the orders ship: the floor's holds and corrected addresses laid over
   * the synced rows (status "Held on the floor", the corrected city and country), and the floor
   * record's stage, station and time.
   */
  private page(
    workspace: OrdersWorkspace,
    rows: readonly ViewRow[],
    offset: number,
    limit: number,
    search: string | undefined,
    overlay = loadFloorOverlay(this.cache(), workspace.campaignId),
  ): OrderRow[] {
    const { campaignId } = workspace
    const slice = rows.slice(Math.max(0, offset), Math.max(0, offset) + limit)
    const shown = shippedViewRows(overlay, slice)
    return this.withFloor(campaignId, workspace.orderRows(shown, 0, limit, search))
  }

  /**
   * What every print and export is about: the orders of `filter` as they ship (held orders
   * stopped, corrected addresses), and the orders whose platform address changed after a
   * correction.
   */
  selection(campaignId: number, filter: OrdersFilter): Selection {
    return this.asShipped(this.matching(campaignId, filter))
  }

  /** A selection read earlier (an export desk keeps one a while) with the floor's record of now. */
  asShipped(selection: Selection): Selection {
    const overlay = loadFloorOverlay(this.cache(), selection.info.campaignId)
    const { rows, addressChanged } = shippedRows(overlay, selection.contributions)
    return { info: selection.info, contributions: rows, addressChanged }
  }

  /**
   * The whole contributions matching `filter` exactly as the Orders view shows them, as synced:
   * the view's query picks the ids, then SQLite reads only the rows that can be among them (by
   * status and perk, both indexed and compared exactly as the query does), and the ids decide.
   */
  matching(campaignId: number, filter: OrdersFilter): Selection {
    const { workspace, info } = this.workspace(campaignId)
    const narrowed = narrowByFloorRecord(this.cache(), workspace, filter)
    const { rows } = workspace.match(narrowed)
    const narrow: ContributionQuery = {}
    const statuses: readonly OrderStatusText[] = narrowed.statuses ?? DEFAULT_STATUSES
    if (statuses.length > 0) narrow.statuses = statuses
    // One perk is read by its index; several nodes, or a variant in any perk, read every row.
    const [only, ...others] = selectedNodes(filter)
    if (others.length === 0 && typeof only?.perkId === 'number') narrow.perkId = only.perkId
    const byId = new Map<number, CampaignContribution>()
    if (rows.length > 0) {
      const wanted = new Set(rows.map((row) => row.id))
      for (const row of this.cache().contributions(campaignId, narrow)) {
        if (wanted.has(row.id)) byId.set(row.id, row)
      }
    }
    const contributions: CampaignContribution[] = []
    for (const { id } of rows) {
      const row = byId.get(id)
      if (row) contributions.push(row)
    }
    return { info, contributions }
  }

  /** One order as synced (no overlay): what a correction is made against. */
  synced(campaignId: number, contributionId: number): CampaignContribution {
    const { workspace } = this.workspace(campaignId)
    const row = workspace.row(contributionId)
    const contribution = row ? findContribution(this.cache(), campaignId, row) : undefined
    if (!contribution) {
      const refresh = snapshotSource(this.cache(), campaignId)
        ? "Import a new export of the dashboard's contributions file"
        : 'Sync the campaign'
      throw new PerkPackError(
        'order_not_found',
        `Contribution ${contributionId} is not in the offline copy of campaign ${campaignId}. ` +
          `${refresh}, then open the order again.`,
      )
    }
    return contribution
  }

  detail(campaignId: number, contributionId: number): OrderDetail {
    const contribution = this.synced(campaignId, contributionId)
    const cache = this.cache()
    const lines = (shipping: CampaignContribution['order']['shipping']) =>
      orderAddressLines(shipping, { locale: this.locale, senderCountry: this.senderCountry() })
    return {
      ...shippedDetail(contribution, loadFloorOverlay(cache, campaignId), lines),
      floor: cache.floor().state(campaignId, contribution.order.id),
      currency: this.currency(campaignId),
      reships: reshipsOfOrder(cache, campaignId, contribution.order.id),
    }
  }
}

import type { CampaignContribution, OrderStatus } from '../../shared/api/schemas'
import { DEFAULT_STATUSES } from '../../shared/fulfillment'
import type {
  CampaignSummary,
  OrderDetail,
  OrdersFilter,
  OrdersQueryResult,
  OrdersSnapshot,
} from '../../shared/ipc/contract'
import type { CampaignSnapshotInfo, ContributionQuery, OfflineCache } from '../services/cache'
import { PerkPackError } from '../services/errors'
import { formatAddress } from './address'
import { findContribution, loadWorkspace } from './view-store'
import type { OrdersWorkspace } from './workspace'

/** The orders a print or an export is about: whole contributions, in the Orders view's order. */
export interface Selection {
  info: CampaignSnapshotInfo
  contributions: CampaignContribution[]
}

/** Opened campaigns kept in memory; each is tens of MB at 100,000 orders. */
const MAX_WORKSPACES = 2
/** After a query, build the search index once the view has had time to paint. */
const WARM_UP_DELAY_MS = 250

export function campaignSummary(info: CampaignSnapshotInfo): CampaignSummary {
  return {
    campaignId: info.campaignId,
    title: info.title ?? null,
    count: info.count,
    lastSyncedAt: info.lastSyncedAt,
    privileged: info.privileged,
  }
}

/** The orders views of one host's cache: open, filter, one order's detail. */
export class OrdersDesk {
  /** Most recently used last. */
  private readonly workspaces = new Map<number, OrdersWorkspace>()
  private warmUpTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly cache: () => OfflineCache,
    /** Language of the person shipping: country names on addresses. */
    private readonly locale: string,
  ) {}

  recent(): CampaignSummary[] {
    return this.cache().campaigns().map(campaignSummary)
  }

  /** After a sync: the new snapshot's workspace, built now so that opening it is instant. */
  rebuild(cache: OfflineCache, campaignId: number): void {
    this.workspaces.delete(campaignId)
    const workspace = loadWorkspace(cache, campaignId)
    if (workspace) this.remember(workspace)
  }

  clear(): void {
    this.workspaces.clear()
    if (this.warmUpTimer) clearTimeout(this.warmUpTimer)
    this.warmUpTimer = null
  }

  private remember(workspace: OrdersWorkspace): void {
    this.workspaces.delete(workspace.campaignId)
    this.workspaces.set(workspace.campaignId, workspace)
    while (this.workspaces.size > MAX_WORKSPACES) {
      this.workspaces.delete(this.workspaces.keys().next().value as number)
    }
  }

  /** The campaign's workspace, rebuilt when the cache holds a newer snapshot (a CLI sync). */
  private workspace(campaignId: number): {
    workspace: OrdersWorkspace
    info: CampaignSnapshotInfo
  } {
    const cache = this.cache()
    const info = cache.campaign(campaignId)
    const notSynced = () =>
      new PerkPackError(
        'campaign_not_synced',
        `Campaign ${campaignId} has no offline copy yet. Choose "Sync now" to download its orders.`,
      )
    if (!info) throw notSynced()
    let workspace = this.workspaces.get(campaignId)
    if (!workspace || workspace.syncedAt !== info.lastSyncedAt) {
      workspace = loadWorkspace(cache, campaignId) ?? undefined
      if (!workspace) throw notSynced()
    }
    this.remember(workspace)
    return { workspace, info }
  }

  open(campaignId: number): OrdersSnapshot {
    const { workspace, info } = this.workspace(campaignId)
    return {
      campaign: campaignSummary(info),
      rows: workspace.orderRows,
      countries: workspace.countries,
    }
  }

  query(campaignId: number, filter: OrdersFilter): OrdersQueryResult {
    const { workspace } = this.workspace(campaignId)
    const result = workspace.query(filter)
    if (this.warmUpTimer) clearTimeout(this.warmUpTimer)
    // Search haystacks cost about half a second at 100,000 orders: built while the person looks
    // at the first result, so the first keystroke does not pay for them.
    this.warmUpTimer = setTimeout(() => {
      this.warmUpTimer = null
      if (this.workspaces.get(campaignId) === workspace) workspace.warmUp()
    }, WARM_UP_DELAY_MS)
    this.warmUpTimer.unref?.()
    return result
  }

  /**
   * The whole contributions matching `filter` exactly as the Orders view shows them: the view's
   * query picks the ids, then SQLite reads only the rows that can be among them (by status and
   * perk, both indexed and compared exactly as the query does), and the ids decide.
   */
  selection(campaignId: number, filter: OrdersFilter): Selection {
    const { workspace, info } = this.workspace(campaignId)
    const { ids } = workspace.query(filter)
    const narrow: ContributionQuery = {}
    const statuses: readonly OrderStatus[] = filter.statuses ?? DEFAULT_STATUSES
    if (statuses.length > 0) narrow.statuses = statuses
    if (typeof filter.perkId === 'number') narrow.perkId = filter.perkId
    const byId = new Map<number, CampaignContribution>()
    if (ids.length > 0) {
      const wanted = new Set(ids)
      for (const row of this.cache().contributions(campaignId, narrow)) {
        if (wanted.has(row.id)) byId.set(row.id, row)
      }
    }
    const contributions: CampaignContribution[] = []
    for (const id of ids) {
      const row = byId.get(id)
      if (row) contributions.push(row)
    }
    return { info, contributions }
  }

  detail(campaignId: number, contributionId: number): OrderDetail {
    const { workspace } = this.workspace(campaignId)
    const row = workspace.row(contributionId)
    const contribution = row ? findContribution(this.cache(), campaignId, row) : undefined
    if (!contribution) {
      throw new PerkPackError(
        'order_not_found',
        `Contribution ${contributionId} is not in the offline copy of campaign ${campaignId}. ` +
          'Sync the campaign, then open the order again.',
      )
    }
    return { contribution, addressLines: formatAddress(contribution.order.shipping, this.locale) }
  }
}

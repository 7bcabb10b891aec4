import type { OrderStatus } from '../shared/api'
import type { WireAccountContribution, WireCampaign, WireCampaignContribution } from './wire'
import type { SimDataset } from './model'

export interface ContributionFilter {
  email?: string
  status?: OrderStatus
  perkId?: number
}

export interface AccountEntry {
  contribution: WireCampaignContribution
  campaignId: number
  createdMs: number
}

interface CachedFilter {
  version: number
  rows: WireCampaignContribution[]
}

/** Filtered lists kept per (campaign, filter); a sync walks one filter over many pages. */
const FILTER_CACHE_LIMIT = 256

function newestFirst(a: AccountEntry, b: AccountEntry): number {
  return b.createdMs - a.createdMs || b.contribution.id - a.contribution.id
}

function matches(
  row: WireCampaignContribution,
  filter: ContributionFilter,
  email?: string,
): boolean {
  if (filter.status !== undefined && row.order.status !== filter.status) return false
  if (email !== undefined && row.email?.toLowerCase() !== email) return false
  if (filter.perkId !== undefined && !row.order.perks.some((perk) => perk.id === filter.perkId)) {
    return false
  }
  return true
}

/**
 * Read model over a SimDataset: O(1) page slices for the unfiltered listing (the dataset's own
 * newest-first arrays), lazily cached filtered lists, and a per-account index. Inserts go
 * through here so the dataset, the indexes and the caches never disagree.
 */
export class SimStore {
  private readonly campaignsById: Map<number, WireCampaign>
  private readonly accounts = new Map<number, AccountEntry[]>()
  private readonly knownAccounts = new Set<number>()
  private readonly filterCache = new Map<string, CachedFilter>()
  private readonly versions = new Map<number, number>()
  private latestMs = 0

  constructor(
    readonly dataset: SimDataset,
    private readonly clock: () => number,
  ) {
    this.campaignsById = new Map(dataset.campaigns.map((c) => [c.id, c]))
    for (const user of dataset.users) this.knownAccounts.add(user.accountId)
    for (const team of dataset.teams.values()) for (const id of team) this.knownAccounts.add(id)
    for (const [campaignId, rows] of dataset.contributions) {
      for (const contribution of rows) this.indexAccount(contribution, campaignId)
    }
    for (const entries of this.accounts.values()) entries.sort(newestFirst)
  }

  campaign(id: number): WireCampaign | undefined {
    return this.campaignsById.get(id)
  }

  /** The campaign's contributions, newest first, privileged fields included. */
  contributions(campaignId: number): readonly WireCampaignContribution[] {
    return this.dataset.contributions.get(campaignId) ?? []
  }

  filtered(campaignId: number, filter: ContributionFilter): readonly WireCampaignContribution[] {
    const all = this.contributions(campaignId)
    const { email, status, perkId } = filter
    if (email === undefined && status === undefined && perkId === undefined) return all
    const key = `${campaignId}\u0000${status ?? ''}\u0000${perkId ?? ''}\u0000${email ?? ''}`
    const version = this.versions.get(campaignId) ?? 0
    const hit = this.filterCache.get(key)
    if (hit && hit.version === version) return hit.rows
    const lowered = email?.toLowerCase()
    const rows = all.filter((row) => matches(row, filter, lowered))
    this.filterCache.delete(key)
    if (this.filterCache.size >= FILTER_CACHE_LIMIT) {
      const oldest = this.filterCache.keys().next()
      if (!oldest.done) this.filterCache.delete(oldest.value)
    }
    this.filterCache.set(key, { version, rows })
    return rows
  }

  /** Undefined for an account id never seen in the dataset (404), [] for one without rows. */
  accountEntries(accountId: number): readonly AccountEntry[] | undefined {
    if (!this.knownAccounts.has(accountId)) return undefined
    return this.accounts.get(accountId) ?? []
  }

  accountRow(entry: AccountEntry): WireAccountContribution {
    const c = entry.contribution
    const campaign = this.campaignsById.get(entry.campaignId)
    if (!campaign) throw new Error(`contribution ${c.id} refers to a missing campaign`)
    return {
      id: c.id,
      created_at: c.created_at,
      avatar_url: c.avatar_url,
      amount: c.amount,
      by: c.by,
      appearance: c.appearance,
      campaign,
      order: { id: c.order.id, perks: c.order.perks },
    }
  }

  /** Accounts with the most contributions, for the simulator's "interesting ids" list. */
  busiestAccounts(limit: number, exclude: ReadonlySet<number>): number[] {
    return [...this.accounts]
      .filter(([id, entries]) => entries.length > 1 && !exclude.has(id))
      .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id)
  }

  /**
   * Put `count` new contributions at the front of a campaign's listing, each later than every
   * row in the dataset so "newest first" stays true and every later page shifts.
   */
  insert(campaignId: number, count: number): WireCampaignContribution[] {
    const list = this.dataset.contributions.get(campaignId)
    if (!list) return []
    const added: WireCampaignContribution[] = []
    for (let i = 0; i < count; i++) {
      // Whole seconds: timestamps are serialised at second precision.
      const createdMs = Math.max(this.clock(), Math.floor(this.latestMs / 1000) * 1000 + 1000)
      const row = this.dataset.makeContribution(campaignId, new Date(createdMs))
      list.unshift(row)
      this.indexInsertedAccount(row, campaignId)
      this.bumpCampaign(campaignId, row)
      added.push(row)
    }
    this.versions.set(campaignId, (this.versions.get(campaignId) ?? 0) + 1)
    return added
  }

  private indexAccount(contribution: WireCampaignContribution, campaignId: number): AccountEntry {
    const createdMs = Date.parse(contribution.created_at)
    if (createdMs > this.latestMs) this.latestMs = createdMs
    const entry = { contribution, campaignId, createdMs }
    this.knownAccounts.add(contribution.account_id)
    const entries = this.accounts.get(contribution.account_id)
    if (entries) entries.push(entry)
    else this.accounts.set(contribution.account_id, [entry])
    return entry
  }

  private indexInsertedAccount(contribution: WireCampaignContribution, campaignId: number): void {
    const entry = this.indexAccount(contribution, campaignId)
    const entries = this.accounts.get(contribution.account_id) ?? []
    // indexAccount appended it; move it to its sorted place (normally the front).
    entries.pop()
    let at = 0
    while (at < entries.length && newestFirst(entries[at] as AccountEntry, entry) < 0) at++
    entries.splice(at, 0, entry)
  }

  private bumpCampaign(campaignId: number, row: WireCampaignContribution): void {
    const campaign = this.campaignsById.get(campaignId)
    if (!campaign) return
    campaign.contributions_count += 1
    campaign.collected_funds = Math.round((campaign.collected_funds + row.amount) * 100) / 100
  }
}

import type { ApiErrorKind, CampaignOpened, DemoCampaign } from '../../shared/ipc'
import type { Currency } from '../../shared/format/locale-format'
import { fetchAccountContributions } from '../core/api/operations'
import { ApiError, PerkPackError } from '../core/system/perkpack-errors'
import type { CampaignFacts, CampaignNames } from '../core/session/campaign-names'
import type { Connection } from '../session/connection'

/** One page answers whether the campaign exists; a person waits for it, so not for long. */
const CHECK_DEADLINE_MS = 10_000

/**
 * Failures that say nothing about the campaign, only that the API cannot answer now (no network,
 * an outage, a rate limit, a garbled answer): a campaign with an offline copy opens anyway.
 */
const CANNOT_CHECK_NOW: ReadonlySet<ApiErrorKind> = new Set([
  'network',
  'server',
  'rate_limited',
  'bad_response',
])

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/** The campaign slug of a listing's first row that carries one (perks carry it). */
function slugOf(rows: readonly unknown[]): string | null {
  for (const row of rows) {
    const perks = (row as { order?: { perks?: unknown } } | null)?.order?.perks
    if (!Array.isArray(perks)) continue
    for (const perk of perks) {
      const slug = (perk as { campaign_slug?: unknown } | null)?.campaign_slug
      if (typeof slug === 'string' && slug.trim() !== '') return slug.trim()
    }
  }
  return null
}

/**
 * The campaign objects rows carry (`campaign: {id, title, currency}`): the account listing's
 * rows do, and a campaign listing that adds one is read the same way. Anything else is skipped.
 */
export function campaignObjectsIn(rows: readonly unknown[]): CampaignFacts[] {
  const found: CampaignFacts[] = []
  for (const row of rows) {
    const campaign = (row as { campaign?: unknown } | null)?.campaign
    if (typeof campaign !== 'object' || campaign === null) continue
    const { id, title, currency } = campaign as Record<string, unknown>
    const campaignId = typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : id
    if (typeof campaignId !== 'number' || !Number.isSafeInteger(campaignId)) continue
    found.push({ campaignId, title: typeof title === 'string' ? title : null, currency })
  }
  return found
}

/**
 * Opening a campaign by id: online, one request says whether it exists (a mistyped id must not
 * become the current campaign and then fail every sync); offline or while the API cannot answer,
 * an offline copy opens as it is.
 */
export class CampaignDesk {
  constructor(
    private readonly connection: Connection,
    private readonly names: CampaignNames,
    /** The demo's campaigns (empty outside the demo), with their currencies. */
    private readonly demoCampaigns: () => (DemoCampaign & { currency?: unknown })[] = () => [],
  ) {}

  private slug(campaignId: number): string | null {
    return this.connection.cache().campaign(campaignId)?.title ?? null
  }

  name(campaignId: number): string {
    return this.names.displayName(campaignId, this.slug(campaignId))
  }

  async open(campaignId: number): Promise<CampaignOpened> {
    const copy = this.connection.cache().campaign(campaignId)
    const host = hostOf(this.connection.target.baseUrl)
    try {
      const page = await this.connection.client.campaignContributions(
        campaignId,
        1,
        {},
        { deadlineMs: CHECK_DEADLINE_MS },
      )
      this.names.noteTitles(campaignObjectsIn(page.response))
      await this.learnTitles(campaignId)
      const slug = this.slug(campaignId) ?? slugOf(page.response)
      return {
        campaignId,
        name: this.names.displayName(campaignId, slug),
        offlineCopy: copy !== null,
        checked: true,
      }
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not_found') {
        throw new PerkPackError(
          'api_not_found',
          `No campaign ${campaignId} on ${host}: check the id in the dashboard's address bar (the number in …/campaigns/<id>/…).`,
          { cause: error },
        )
      }
      if (error instanceof ApiError && CANNOT_CHECK_NOW.has(error.kind) && copy !== null) {
        return { campaignId, name: this.name(campaignId), offlineCopy: true, checked: false }
      }
      if (error instanceof ApiError && error.kind === 'network') {
        throw new PerkPackError(
          'api_network',
          `${host} cannot be reached and campaign ${campaignId} has no offline copy on this computer: connect to the internet, then open it again.`,
          { cause: error },
        )
      }
      throw error
    }
  }

  noteTitles(titles: CampaignFacts[]): void {
    this.names.noteTitles(titles)
  }

  /** The campaign's currency, when a campaign object named it (amounts are shown with it). */
  currency(campaignId: number): Currency | null {
    return this.names.currency(campaignId)
  }

  /**
   * The signed-in person's account: a backer of a synced campaign with their e-mail (the offline
   * copy finds it by its e-mail index). Null when they backed none, or signed in by token only.
   */
  private ownAccountId(): number | null {
    const email = this.connection.session.email
    if (!email) return null
    const cache = this.connection.cache()
    for (const info of cache.campaigns()) {
      const accountId = cache.contributions(info.campaignId, { email })[0]?.account_id
      if (typeof accountId === 'number') return accountId
    }
    return null
  }

  /**
   * The API names a campaign only in the campaign objects of an account's own contributions
   * (api-spec: the account listing, to its own access token), never in the campaign's listing.
   * So a campaign without a title yet is looked up there: the signed-in person's contributions
   * name every campaign they backed. A campaign they did not back keeps its slug read aloud
   * (or the name given with Rename). Never fails the caller: a name is a nicety.
   */
  async learnTitles(campaignId: number): Promise<void> {
    if (this.names.hasTitle(campaignId)) return
    try {
      const accountId = this.ownAccountId()
      if (accountId === null) return
      const view = await fetchAccountContributions(
        this.connection.client,
        String(accountId),
        AbortSignal.timeout(CHECK_DEADLINE_MS),
      )
      if (view.visible) this.names.noteTitles(campaignObjectsIn(view.contributions))
    } catch {
      // The slug read aloud stays; the next open or sync tries again.
    }
  }

  rename(campaignId: number, name: string): { campaignId: number; name: string } {
    return { campaignId, name: this.names.rename(campaignId, name, this.slug(campaignId)) }
  }

  /** The demo's campaigns; their titles (the simulator's data) become their names here. */
  demo(): DemoCampaign[] {
    const known = this.demoCampaigns()
    this.names.noteTitles(
      known.map((c) => ({ campaignId: c.campaignId, title: c.name, currency: c.currency })),
    )
    return known.map((c) => ({ campaignId: c.campaignId, name: this.name(c.campaignId) }))
  }
}

import type { ApiErrorKind, CampaignOpened, DemoCampaign } from '../../shared/ipc'
import { ApiError, PerkPackError } from '../services/perkpack-errors'
import type { CampaignNames } from './campaign-names'
import type { Connection } from './connection'

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
 * Opening a campaign by id: online, one request says whether it exists (a mistyped id must not
 * become the current campaign and then fail every sync); offline or while the API cannot answer,
 * an offline copy opens as it is.
 */
export class CampaignDesk {
  constructor(
    private readonly connection: Connection,
    private readonly names: CampaignNames,
    /** The demo's campaigns (empty outside the demo). */
    private readonly demoCampaigns: () => DemoCampaign[] = () => [],
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

  noteTitles(titles: { campaignId: number; title: string | null | undefined }[]): void {
    this.names.noteTitles(titles)
  }

  rename(campaignId: number, name: string): { campaignId: number; name: string } {
    return { campaignId, name: this.names.rename(campaignId, name, this.slug(campaignId)) }
  }

  /** The demo's campaigns; their titles (the simulator's data) become their names here. */
  demo(): DemoCampaign[] {
    const known = this.demoCampaigns()
    this.names.noteTitles(known.map((c) => ({ campaignId: c.campaignId, title: c.name })))
    return known.map((c) => ({ ...c, name: this.name(c.campaignId) }))
  }
}

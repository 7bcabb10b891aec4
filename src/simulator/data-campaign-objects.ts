import type { CampaignSpec, StaffSpec } from './data-campaigns'
import type { CampaignState } from './data-perks'
import { avatarUrl } from './data-people'
import type { Rng } from './data-random'
import { roundMoney } from './data-rows'
import { DAY, EPOCH_MS, formatTimestamp } from './data-time'
import type { SimJobPlan } from './model'
import type { WireCampaign, WireCampaignContribution, WireTeamMember } from './wire'

function staffMember(staff: StaffSpec, memberId: number, owner: boolean, rng: Rng): WireTeamMember {
  return {
    id: memberId,
    name: staff.name,
    // Only "owner" is documented; "member" for the rest is the simulator's choice.
    status: owner ? 'owner' : 'member',
    owner,
    avatar_url: avatarUrl(staff.accountId, false),
    social: { verified: rng.chance(0.5), friends_count: rng.range(40, 2400) },
    account_id: staff.accountId,
    user_type: 'individual',
  }
}

export function buildCampaign(
  state: CampaignState,
  rows: readonly WireCampaignContribution[],
  rowTimes: Float64Array,
  team: StaffSpec[],
  rng: Rng,
  memberIds: { next: number },
): WireCampaign {
  const spec = state.spec
  let collected = 0
  let forever = 0
  rows.forEach((row, i) => {
    if (row.order.status === 'refunded') return
    collected += row.amount
    if ((rowTimes[i] ?? 0) >= spec.end) forever += row.amount
  })
  const image = (variant: string) =>
    `https://images.perkpack.test/campaigns/${spec.id}/${variant}.jpg`
  return {
    id: spec.id,
    slug: spec.slug,
    title: spec.title,
    tagline: spec.tagline,
    city: spec.city,
    country: spec.country,
    region: spec.region,
    region_code: spec.regionCode,
    country_code_alpha_2: spec.countryCode,
    image_types: {
      baseball_card: image('baseball_card'),
      small: image('small'),
      medium: image('medium'),
      large: image('large'),
      original: image('original'),
    },
    currency: { ...spec.currency },
    created_at: formatTimestamp(spec.start - 21 * DAY),
    updated_at: formatTimestamp(
      spec.foreverFunding ? EPOCH_MS - 3 * 3_600_000 : spec.end + 30 * DAY,
    ),
    funding_started_at: formatTimestamp(spec.start),
    funding_ends_at: formatTimestamp(spec.end),
    funding_days: Math.round((spec.end - spec.start) / DAY),
    baseball_card_image_url: image('baseball_card'),
    main_image_url: image('main'),
    web_url: `https://crowdfunding.perkpack.test/projects/${spec.slug}`,
    forever_funding_active: spec.foreverFunding,
    processor_payout_active: true,
    goal: spec.goal,
    perks_available: spec.foreverFunding,
    category: { ...spec.category },
    collected_funds: roundMoney(collected),
    funding_type: spec.fundingType,
    contributions_count: rows.length,
    comments_count: spec.commentsCount,
    updates_count: spec.updatesCount,
    favorited: false,
    forever_funding_collected_funds: roundMoney(forever),
    forever_funding_ends_at: null,
    video_overlay_url: null,
    main_video_url: null,
    social_url: `https://social.perkpack.test/${spec.slug}`,
    life: {},
    latest_updates: [],
    team_members: team.map((staff, i) => staffMember(staff, ++memberIds.next, i === 0, rng)),
    project_sponsors: [],
  }
}

/** Batch jobs, planned per campaign: each outcome, and one on a campaign the demo cannot see. */
export function jobsFor(campaigns: readonly CampaignSpec[]): SimJobPlan[] {
  const jobs: SimJobPlan[] = []
  let next = 5001
  const add = (campaignId: number, plan: Omit<SimJobPlan, 'jobId' | 'campaignId'>) =>
    jobs.push({ jobId: String(next++), campaignId, ...plan })
  campaigns.slice(0, 3).forEach((spec) => {
    add(spec.id, { total: 250, outcome: 'completed', queuedPolls: 2, perPoll: 60, stopAt: 250 })
    add(spec.id, { total: 120, outcome: 'failed', queuedPolls: 1, perPoll: 40, stopAt: 80 })
    add(spec.id, { total: 300, outcome: 'killed', queuedPolls: 1, perPoll: 50, stopAt: 150 })
    add(spec.id, { total: 10, outcome: 'completed', queuedPolls: 1, perPoll: 10, stopAt: 10 })
  })
  // A real job on the campaign the demo user cannot see, so 403 is tested with a valid id.
  const last = campaigns[3]
  if (last)
    add(last.id, { total: 31, outcome: 'completed', queuedPolls: 1, perPoll: 31, stopAt: 31 })
  return jobs
}

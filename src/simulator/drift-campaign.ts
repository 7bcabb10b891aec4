import type { Rng } from './data-random'
import { DAY, EPOCH_MS, formatTimestamp } from './data-time'
import { recs } from './drift-variations'
import type { Rec } from './drift-variations'

/*
 * The embedded campaign of an account-listing row in the older, leaner shape public clients'
 * fixtures show: social object under the network's name, `accepted` team members, fields gone,
 * updates as objects.
 */

export const CAMPAIGN_DRIFT_KINDS = [
  'facebookSocial',
  'acceptedStatus',
  'missingFields',
  'updatesAsObjects',
] as const
export type CampaignDriftKind = (typeof CAMPAIGN_DRIFT_KINDS)[number]

const CAMPAIGN_OPTIONAL = [
  'main_image_url',
  'web_url',
  'favorited',
  'forever_funding_collected_funds',
  'life',
  'project_sponsors',
  'social_url',
  'forever_funding_ends_at',
  'video_overlay_url',
  'main_video_url',
]

const USER_TYPES: Record<string, string> = { owner: 'RLTN_OWNR', member: 'RLTN_TEAM' }

function updateObject(rng: Rng, campaign: Rec, index: number): Rec {
  const text = rng.pick(['Shipping update', 'We are in production!', 'Thank you, backers'])
  return {
    id: 610_000 + (Number(campaign.id) % 1000) * 10 + index,
    created_at: formatTimestamp(EPOCH_MS - (1 + rng.int(60)) * DAY),
    text,
    html: `<p>${text}</p>`,
    preview_text: text,
    image_urls: [],
    account: { id: 17_000_101, name: 'Campaign team' },
  }
}

/** The embedded campaign of an account-listing row, in an older or leaner shape. */
export function applyCampaignDrift(kind: CampaignDriftKind, rng: Rng, campaign: Rec): void {
  const members = recs(campaign.team_members)
  switch (kind) {
    case 'facebookSocial':
      for (const member of members) {
        if (!Object.hasOwn(member, 'social')) continue
        member.facebook = member.social
        delete member.social
      }
      return
    case 'acceptedStatus':
      for (const member of members) {
        if (member.status !== 'owner') member.status = 'accepted'
        member.user_type = USER_TYPES[String(member.status)] ?? 'RLTN_TEAM'
      }
      return
    case 'missingFields':
      for (const key of CAMPAIGN_OPTIONAL) if (rng.chance(0.7)) delete campaign[key]
      delete campaign[rng.pick(CAMPAIGN_OPTIONAL.slice(0, 6))]
      return
    case 'updatesAsObjects':
      campaign.latest_updates = Array.from({ length: 1 + rng.int(2) }, (_, i) =>
        updateObject(rng, campaign, i),
      )
      return
  }
}

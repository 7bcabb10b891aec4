import { z } from 'zod'
import type { CampaignSummary } from './results'
import { renameCampaignSchema } from './campaign-names'
import type { CampaignOpened } from './campaign-names'
import { returns } from './returns'
import { noArgs, campaign } from './channel-args'

export const CAMPAIGNS_CHANNELS = {
  'campaigns:recent': {
    method: 'recentCampaigns',
    args: noArgs,
    result: returns<CampaignSummary[]>(),
  },
  // Campaign names and opening by id (campaign-names.ts).
  /** Checks the campaign exists (one request) before it becomes current; offline, its copy. */
  'campaigns:open': { method: 'openCampaign', args: campaign, result: returns<CampaignOpened>() },
  /** Names a campaign for this computer; an empty name goes back to its title or slug. */
  'campaigns:rename': {
    method: 'renameCampaign',
    args: z.tuple([renameCampaignSchema]),
    result: returns<{ campaignId: number; name: string }>(),
  },
} as const

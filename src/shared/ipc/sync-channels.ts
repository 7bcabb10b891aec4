import { z } from 'zod'
import { syncRequestSchema } from './sync-schemas'
import { campaignIdSchema, shrinkChoiceSchema } from './field-schemas'
import type { ShrinkPending, SyncSummary } from './results'
import { returns } from './returns'
import { campaign } from './channel-args'

export const SYNC_CHANNELS = {
  'sync:run': {
    method: 'syncCampaign',
    args: z.tuple([syncRequestSchema]),
    result: returns<SyncSummary>(),
  },
  'sync:cancel': { method: 'cancelSync', args: campaign, result: returns<boolean>() },
  /** The smaller copy of a campaign waiting for a choice, if any (after a reload, say). */
  'sync:pendingShrink': {
    method: 'pendingShrink',
    args: campaign,
    result: returns<ShrinkPending | null>(),
  },
  /** Replaces the offline copy with the waiting smaller one, or drops that one. */
  'sync:resolveShrink': {
    method: 'resolveShrink',
    args: z.tuple([z.strictObject({ campaignId: campaignIdSchema, choice: shrinkChoiceSchema })]),
    result: returns<SyncSummary>(),
  },
} as const

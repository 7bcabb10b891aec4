import { z } from 'zod'
import { signupsExportRequestSchema } from './signups-schemas'
import { campaignIdSchema, flag } from './field-schemas'
import type { SignupsExportResult, SignupsResult } from './results'
import { returns } from './returns'

export const SIGNUPS_CHANNELS = {
  'signups:get': {
    method: 'signups',
    args: z.tuple([z.strictObject({ campaignId: campaignIdSchema, refresh: flag('refresh') })]),
    result: returns<SignupsResult>(),
  },
  /** Asks where to save, then writes every sign-up as CSV or Excel; null when cancelled. */
  'signups:export': {
    method: 'exportSignups',
    args: z.tuple([signupsExportRequestSchema]),
    result: returns<SignupsExportResult | null>(),
  },
} as const

import { z } from 'zod'
import { campaignIdSchema, concurrencySchema } from './field-schemas'

// The arguments of sync:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

export const syncRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** Defaults to the setting. */
  concurrency: concurrencySchema.optional(),
})
export type SyncRequest = z.infer<typeof syncRequestSchema>

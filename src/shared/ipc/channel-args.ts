import { z } from 'zod'
import { campaignIdSchema, jobIdSchema } from './field-schemas'
import { newJobIdSchema } from './job-id'

/** The one campaign a channel acts on. */
const campaignArgSchema = z.strictObject({ campaignId: campaignIdSchema })

/** Argument tuples many channels share. */
export const noArgs = z.tuple([])
export const campaign = z.tuple([campaignArgSchema])
export const job = z.tuple([z.strictObject({ campaignId: campaignIdSchema, jobId: jobIdSchema })])
/** Watching starts only for a job ID of digits; one watched before can still be let go of. */
export const newJob = z.tuple([
  z.strictObject({ campaignId: campaignIdSchema, jobId: newJobIdSchema }),
])

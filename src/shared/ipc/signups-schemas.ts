import { z } from 'zod'
import { SIGNUPS_FILE_FORMATS } from './enums'
import { campaignIdSchema, shown } from './field-schemas'

// The arguments of signups:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

/** The Sign-ups view's list as a file. */
export const signupsExportRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  format: z.enum(SIGNUPS_FILE_FORMATS, {
    error: (iss) =>
      `The file type must be one of ${SIGNUPS_FILE_FORMATS.join(', ')} (got ${shown(iss.input)}).`,
  }),
})
export type SignupsExportRequest = z.infer<typeof signupsExportRequestSchema>

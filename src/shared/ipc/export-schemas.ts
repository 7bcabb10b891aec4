import { z } from 'zod'
import { csvFormatSchema } from './field-schemas'
import { selectionFields } from './orders-schemas'

// The arguments of export:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

export const selectionRequestSchema = z.strictObject(selectionFields)
export type SelectionRequest = z.infer<typeof selectionRequestSchema>

export const csvExportRequestSchema = z.strictObject({
  ...selectionFields,
  format: csvFormatSchema,
})
export type CsvExportRequest = z.infer<typeof csvExportRequestSchema>

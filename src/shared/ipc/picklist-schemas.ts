import { z } from 'zod'
import { paperSchema, text } from './field-schemas'
import { selectionFields } from './orders-schemas'

// The arguments of picklist:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

/** Every status, a long search and a variant with many choices still fit. */
const MAX_SELECTION_TEXT = 1000

/**
 * The pick list on paper: the selection, its paper, and the selection in the words the Pick
 * list view shows (its chip and filters), printed in the header so paper and screen say the same.
 */
export const pickListPrintRequestSchema = z.strictObject({
  ...selectionFields,
  paper: paperSchema,
  selection: text(
    'Selection',
    MAX_SELECTION_TEXT,
    'Narrow the filters: the selection must fit in the pick list header.',
  ),
})
export type PickListPrintRequest = z.infer<typeof pickListPrintRequestSchema>

import { z } from 'zod'
import {
  campaignIdSchema,
  flag,
  labelOrderSchema,
  layoutSchema,
  offsetSchema,
  paperSchema,
  shown,
} from './field-schemas'
import { LABELS_PER_SHEET } from './limits'
import { selectionFields } from './orders-schemas'

// The arguments of print:* (the slips' batches: slip-batches.ts).
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

const startAtMessage = (iss: { input: unknown }) =>
  `Start at label must be a whole number (got ${shown(iss.input)}).`

export const labelsRequestSchema = z
  .strictObject({
    ...selectionFields,
    layout: layoutSchema,
    /** 1-based position on the first sheet, up to LABELS_PER_SHEET[layout]. */
    startAt: z.number({ error: startAtMessage }).int({ error: startAtMessage }),
    offsetMm: offsetSchema,
    order: labelOrderSchema,
    showSummary: flag('Show order line'),
    /** The CN22 customs declaration on 4×6 labels of parcels leaving the customs area. */
    cn22: flag('CN22 on the label').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.cn22 === true && value.layout !== 'thermal4x6')
      ctx.addIssue({
        code: 'custom',
        path: ['cn22'],
        message:
          'The CN22 customs declaration prints on 4×6 labels only: choose the 4×6 layout, or turn CN22 off.',
      })
    // The range depends on the stock: 30 on an Avery 5160 sheet, 1 on a thermal roll.
    const max = LABELS_PER_SHEET[value.layout]
    if (value.startAt < 1 || value.startAt > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['startAt'],
        message: `Start at label must be from 1 to ${max} for this label layout (got ${value.startAt}): the position of the first free label on the sheet.`,
      })
    }
  })
export type LabelsRequest = z.infer<typeof labelsRequestSchema>

/** "Mark as printed" of a labels or slips PDF saved in this run. */
export const pdfPrintedRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  savedPdfId: z
    .number({ error: 'The saved PDF id must be a number: save the PDF again.' })
    .int()
    .positive(),
})
export type PdfPrintedRequest = z.infer<typeof pdfPrintedRequestSchema>

/** "Customs forms (CN23)": the selection's CN23 declarations on the slips' paper. */
export const customsPdfRequestSchema = z.strictObject({ ...selectionFields, paper: paperSchema })
export type CustomsPdfRequest = z.infer<typeof customsPdfRequestSchema>

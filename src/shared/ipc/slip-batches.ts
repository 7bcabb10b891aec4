import { z } from 'zod'
import { campaignIdSchema, countSchema, paperSchema, slipBatchSizeSchema } from './field-schemas'
import { ordersFilterSchema } from './orders-schemas'

/**
 * Packing slips at campaign scale: the selection's slips go out in batches of `batchSize`, one
 * document (one PDF file, one print job) per batch. Main plans the batches (print engine's
 * planSlipBatches); the renderer shows what main planned and never cuts them itself.
 */

const slipSelection = {
  campaignId: campaignIdSchema,
  filter: ordersFilterSchema,
  paper: paperSchema,
  batchSize: slipBatchSizeSchema.optional(),
}

/** The preview and "Save as PDF" of every batch. */
export const slipBatchesRequestSchema = z.strictObject(slipSelection)
export type SlipBatchesRequest = z.infer<typeof slipBatchesRequestSchema>

/** "Print" of one batch (0-based), as planned for the same selection and size. */
export const slipBatchPrintRequestSchema = z.strictObject({
  ...slipSelection,
  batch: countSchema(
    'Batch',
    0,
    Number.MAX_SAFE_INTEGER,
    'Pick a batch in the list above the Print button.',
  ).optional(),
})
export type SlipBatchPrintRequest = z.infer<typeof slipBatchPrintRequestSchema>

export interface SlipBatchRange {
  /** 0-based. */
  index: number
  /** Slips `from` (inclusive) to `to` (exclusive), in the order they print. */
  from: number
  to: number
}

/** `print:slipsPreview`: the first slip on screen, and the batches the selection makes. */
export interface SlipsPreview {
  /** The first slip only, as a self-contained document; empty when no order ships. */
  html: string
  /** Slips in all (orders that ship and have an address). */
  slips: number
  /** Orders of the selection without a slip (a status that does not ship, nothing to ship, no address). */
  skippedCount: number
  batchSize: number
  batches: SlipBatchRange[]
  /** One page's size in CSS pixels (96 per inch), to scale the preview. */
  pageWidthPx: number
  pageHeightPx: number
}

/** `print:slipsPdf`: the files written, in batch order (one file when one batch). */
export interface SlipsSaved {
  /** The first file (the only one when one batch), for "Saved to ..." messages. */
  path: string
  files: string[]
  slips: number
  pages: number
  /** Saved is not printed: hand to `print:markPdfPrinted` once the files went to the printer. */
  savedPdfId: number
}

/** `print:slipsProgress`: sent when a batch starts and when it is written. */
export interface SlipsProgress {
  /** Batches written so far, and in all. */
  batch: number
  batches: number
  /** Slips written so far, and in all. */
  done: number
  total: number
}

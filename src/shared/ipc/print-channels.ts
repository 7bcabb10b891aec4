import { z } from 'zod'
import {
  customsPdfRequestSchema,
  labelsRequestSchema,
  pdfPrintedRequestSchema,
} from './print-schemas'
import type {
  LabelsPdfSaved,
  LabelsPreview,
  PdfPrintedResult,
  SmallLabelAddresses,
} from './results'
import { slipBatchesRequestSchema, slipBatchPrintRequestSchema } from './slip-batches'
import type { SlipsPreview, SlipsSaved } from './slip-batches'
import { returns } from './returns'
import { noArgs } from './channel-args'
export type { CustomsPdfRequest } from './print-schemas'

/** The CN23 file saved: its orders and pages, and the orders abroad whose CN22 is on the label. */
export interface CustomsPdfSaved {
  path: string
  orders: number
  pages: number
  cn22: number
}

export const PRINT_CHANNELS = {
  'print:labelsPreview': {
    method: 'previewLabels',
    args: z.tuple([labelsRequestSchema]),
    result: returns<LabelsPreview>(),
  },
  /** Addresses the sheet layout fits only at a size hard to read (asked apart: it fits them all). */
  'print:smallAddresses': {
    method: 'smallLabelAddresses',
    args: z.tuple([labelsRequestSchema]),
    result: returns<SmallLabelAddresses>(),
  },
  /** The system print dialog; `printed` is false when the person cancelled it. */
  'print:labels': {
    method: 'printLabels',
    args: z.tuple([labelsRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Saves the labels as PDF (null when the dialog was cancelled); not marked printed. */
  'print:labelsPdf': {
    method: 'saveLabelsPdf',
    args: z.tuple([labelsRequestSchema]),
    result: returns<LabelsPdfSaved | null>(),
  },
  // Packing slips in batches (slip-batches.ts): a preview of the first slip and the batches,
  // one batch to the printer, every batch to PDF files with progress events and cancel.
  'print:slipsPreview': {
    method: 'previewSlips',
    args: z.tuple([slipBatchesRequestSchema]),
    result: returns<SlipsPreview>(),
  },
  'print:slips': {
    method: 'printSlips',
    args: z.tuple([slipBatchPrintRequestSchema]),
    result: returns<{ printed: boolean }>(),
  },
  /** Asks where to save, then writes one file per batch; null when the dialog was cancelled. */
  'print:slipsPdf': {
    method: 'saveSlipsPdf',
    args: z.tuple([slipBatchesRequestSchema]),
    result: returns<SlipsSaved | null>(),
  },
  /** Stops a running "Save as PDF" of slips; its files are removed. False when none runs. */
  'print:cancelSlips': { method: 'cancelSlips', args: noArgs, result: returns<boolean>() },
  /** Asks where to save, then writes the selection's CN23 declarations; null when cancelled. */
  'print:customsPdf': {
    method: 'saveCustomsPdf',
    args: z.tuple([customsPdfRequestSchema]),
    result: returns<CustomsPdfSaved | null>(),
  },
  /** "Mark as printed" of a labels or slips PDF saved in this run: its orders, on the floor. */
  'print:markPdfPrinted': {
    method: 'markPdfPrinted',
    args: z.tuple([pdfPrintedRequestSchema]),
    result: returns<PdfPrintedResult>(),
  },
} as const

import type { LeftOutCounts } from '../fulfillment'
import type { PrintedDocument } from '../floor/order-state'
import type { LabelLayoutId } from './enums'

/** What labels, packing slips and the pick list answer, on paper or as PDF. */

/** A pick list saved as PDF: where, and what it holds (only the orders that ship). */
export interface PickListPdfSaved {
  path: string
  variants: number
  units: number
  /** Orders that ship, whose items are listed. */
  orders: number
  /** Orders of the selection left off because they have nothing to ship. */
  leftOut: number
  pages: number
}

/** An order left off the labels, or whose label needs a look. */
export interface LabelIssue {
  contributionId: number
  sequenceNumber: number | null
  message: string
}

export interface LabelsPreview {
  /** The first sheet only, as a self-contained document (no scripts, no requests). */
  html: string
  /** Labels over every sheet, and the sheets. */
  labels: number
  pages: number
  /** Orders without a label (a status that does not ship, nothing to ship, no address): at most 100 listed per reason. */
  skipped: LabelIssue[]
  /** Every reason orders were left out for (a `skipped` message), counted in full, most first. */
  skippedReasons: { reason: string; count: number }[]
  /** All of them, */
  skippedCount: number
  /** ... and how many for each reason. */
  leftOut: LeftOutCounts
  /** Labels of the previewed sheet whose text had to wrap or overflows (laid out: that sheet). */
  warnings: LabelIssue[]
  warningCount: number
  /** One sheet's size in CSS pixels (96 per inch), to scale the preview. */
  pageWidthPx: number
  pageHeightPx: number
  /** The layout laid out: a 4×6 roll counts labels, not sheets (shared/export/label-words.ts). */
  layout: LabelLayoutId
}

/**
 * Labels of a sheet layout whose address prints below a readable size, over the whole
 * selection (the label panel suggests 4×6 for them); none on 4×6 itself.
 */
export interface SmallLabelAddresses {
  layout: LabelLayoutId
  /** The size below which an address counts as too small, in points. */
  readablePt: number
  count: number
  /** The smallest size among them; null when there are none. */
  smallestPt: number | null
  /** The first of them, by order, with the size each prints at. */
  orders: { contributionId: number; sequenceNumber: number | null; fontPt: number }[]
  /** All of them: "Open list" in Orders. */
  contributionIds: number[]
}

/** `print:labelsPdf`: the labels saved as PDF; not printed until the person says so. */
export interface LabelsPdfSaved {
  path: string
  /** Hand to `print:markPdfPrinted` once the file went to the printer. */
  savedPdfId: number
  /** Orders with a label in the file. */
  orders: number
}

/** `print:markPdfPrinted`: which document of how many orders is now marked printed. */
export interface PdfPrintedResult {
  document: PrintedDocument
  orders: number
}

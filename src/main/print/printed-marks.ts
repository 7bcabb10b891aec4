import type { CampaignContribution } from '../../shared/api/schemas'
import type { PrintedDocument } from '../../shared/floor/order-state'
import type { PdfPrintedResult } from '../../shared/ipc'
import { PerkPackError } from '../core/system/perkpack-errors'

/** Notes on the packing floor that orders' labels or slips were printed. */
export type RecordPrinted = (
  campaignId: number,
  orderIds: readonly number[],
  document: PrintedDocument,
) => void | Promise<void>

interface SavedPdf {
  campaignId: number
  document: PrintedDocument
  orderIds: number[]
}

/** Saved PDFs kept for "Mark as printed": the last few of this run. */
const MAX_SAVED = 8

const orderIdsOf = (rows: readonly CampaignContribution[]) => [
  ...new Set(rows.map((row) => row.order.id)),
]

/**
 * "Printed" on the floor's record comes from a printer: the print dialog's answer, or the
 * person's word for a PDF they saved (a file on disk is not a parcel label yet). A saved PDF's
 * orders are kept here under an id, so marking it later marks exactly the orders in the file,
 * whatever the filters are by then.
 */
export class PrintedMarks {
  private readonly saved = new Map<number, SavedPdf>()
  private nextId = 1

  constructor(private readonly record: RecordPrinted | undefined) {}

  /** The print dialog printed `rows`' document. */
  async printed(
    campaignId: number,
    rows: readonly CampaignContribution[],
    document: PrintedDocument,
  ): Promise<void> {
    try {
      await this.record?.(campaignId, orderIdsOf(rows), document)
    } catch {
      // The document is out; the floor's record of it is a convenience.
    }
  }

  /** A PDF of `rows`' document was saved: its id for "Mark as printed", and its order count. */
  savedPdf(
    campaignId: number,
    rows: readonly CampaignContribution[],
    document: PrintedDocument,
  ): { savedPdfId: number; orders: number } {
    const savedPdfId = this.nextId++
    const orderIds = orderIdsOf(rows)
    this.saved.set(savedPdfId, { campaignId, document, orderIds })
    while (this.saved.size > MAX_SAVED) this.saved.delete(this.saved.keys().next().value as number)
    return { savedPdfId, orders: orderIds.length }
  }

  /** The person printed the saved PDF `savedPdfId`: its orders are marked, once. */
  async markSavedPdf(campaignId: number, savedPdfId: number): Promise<PdfPrintedResult> {
    const saved = this.saved.get(savedPdfId)
    if (!saved || saved.campaignId !== campaignId) {
      throw new PerkPackError(
        'saved_pdf_gone',
        'PerkPack no longer knows which orders that PDF holds (the app was restarted, or several PDFs were saved since). Print from the app, or save the PDF again and mark it then.',
      )
    }
    this.saved.delete(savedPdfId)
    await this.record?.(campaignId, saved.orderIds, saved.document)
    return { document: saved.document, orders: saved.orderIds.length }
  }
}

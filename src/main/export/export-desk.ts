import { ordersThatShip } from '../../shared/fulfillment'
import type { CampaignContribution } from '../../shared/api/schemas'
import { checksAsExportRows, runPrePrintChecks } from '../../shared/export/checks'
import { nothingSelectedText } from '../../shared/export/selection-text'
import type { PrePrintCheck } from '../../shared/export/checks'
import type {
  CsvExportRequest,
  CsvExportResult,
  ExcelExportResult,
  LabelsPdfSaved,
  LabelsPreview,
  LabelsRequest,
  PdfPrintedRequest,
  PdfPrintedResult,
  SelectionRequest,
  SlipBatchesRequest,
  SlipBatchPrintRequest,
  SlipsPreview,
  SlipsSaved,
  SmallLabelAddresses,
} from '../../shared/ipc'
import { problemLines } from '../../shared/problems/report'
import type { CampaignSnapshotInfo } from '../core/cache'
import { exportFileName, fileStem, SHIPPER_CSV_FILE_WORDS } from '../../shared/export/file-names'
import { nothingToPrint, PerkPackError } from '../core/system/perkpack-errors'
import { batchFiles, saveLabelsPdf } from '../core/print'
import { writeShipperCsv } from '../core/export/csv'
import { writePackingList } from '../core/export/excel'
import type { SaveFilter } from './desktop-port'
import type { Selection } from '../orders/orders-desk'
import {
  labelPrintOptions,
  labelsDocument,
  labelsPlan,
  previewOf,
  slipPrintOptions,
  SlipPlan,
  memoSmallAddresses,
} from '../print/print-documents'
import { slipsCancelled, writeSlipFiles } from '../print/slip-files'
import { PrintedMarks } from '../print/printed-marks'
import type { ExportDeskOptions } from './export-desk-options'
import { saveCustomsForms } from '../print/customs-pdf'
import type { CustomsPdfRequest, CustomsPdfSaved } from '../../shared/ipc/print-channels'
import { emptyCatalog, type CustomsContext } from '../../shared/catalog'
import { FALLBACK_CURRENCY } from '../core/catalog/customs-context'

const NO_CATALOG = { catalog: emptyCatalog(), currency: FALLBACK_CURRENCY }

export type { ExportDeskOptions } from './export-desk-options'

/**
 * A selection stays read for this long: the preview is redrawn at every change of a label
 * control, and printing right after must not parse the same orders from SQLite again.
 */
const SELECTION_TTL_MS = 30_000

const XLSX: SaveFilter[] = [{ name: 'Excel workbook', extensions: ['xlsx'] }]
const CSV: SaveFilter[] = [{ name: 'CSV (comma-separated)', extensions: ['csv'] }]
export const PDF: SaveFilter[] = [{ name: 'PDF document', extensions: ['pdf'] }]

/** The campaign as documents name it: the name the person gave, its title, else its id. */
export function displayTitle(
  info: Pick<CampaignSnapshotInfo, 'campaignId' | 'title'>,
  name?: (campaignId: number) => string | null | undefined,
): string {
  return name?.(info.campaignId)?.trim() || info.title?.trim() || `Campaign ${info.campaignId}`
}

/** Everything that leaves the app: checks, the packing list, the shipper CSV, labels, slips. */
export class ExportDesk {
  private memo: { key: string; selection: Selection } | null = null
  private memoTimer: ReturnType<typeof setTimeout> | null = null
  /** The "Save packing slips as PDF" under way: one at a time, cancelled through this. */
  private slipsRun: AbortController | null = null
  private readonly marks: PrintedMarks

  constructor(private readonly options: ExportDeskOptions) {
    this.marks = new PrintedMarks(options.printed)
  }

  clear(): void {
    this.memo = null
    if (this.memoTimer) clearTimeout(this.memoTimer)
    this.memoTimer = null
  }

  /** The selection, re-read when the filter or the snapshot changed or a while has passed. */
  private select(request: SelectionRequest): Selection {
    const key = JSON.stringify([request.campaignId, request.filter])
    let memo = this.memo
    // One row of the campaigns table: a sync in between means other orders.
    if (
      memo?.key !== key ||
      this.options.syncedAt(request.campaignId) !== memo.selection.info.lastSyncedAt
    ) {
      memo = null
    }
    if (memo === null) {
      memo = { key, selection: this.options.selection(request.campaignId, request.filter) }
      this.memo = memo
    }
    if (this.memoTimer) clearTimeout(this.memoTimer)
    this.memoTimer = setTimeout(() => this.clear(), SELECTION_TTL_MS)
    this.memoTimer.unref?.()
    return this.options.asShipped(memo.selection)
  }

  /** Refuses an empty selection before any dialog opens. */
  private nonEmpty(request: SelectionRequest, what: string): Selection {
    const selection = this.select(request)
    if (selection.contributions.length === 0) {
      throw new PerkPackError(
        'nothing_selected',
        `${nothingSelectedText(what)} Change the filters in Orders.`,
      )
    }
    return selection
  }

  /** The campaign as the person named it, else its title, else "Campaign 1234". */
  private campaignTitle(info: Selection['info']): string {
    return displayTitle(info, this.options.campaignName)
  }

  /** "tidepool-labels-2026-03-02-0930.pdf": the campaign, what, when (file-names.ts). */
  private fileName(selection: Selection, what: string, extension: string): string {
    const { info } = selection
    const stem = fileStem({ campaignId: info.campaignId, title: this.campaignTitle(info) })
    return exportFileName(stem, what, extension, new Date(this.options.now()))
  }

  private checksOf(
    selection: Selection,
    problemRows = this.options.problemRows(selection.info.campaignId),
  ): PrePrintCheck[] {
    const settings = this.options.settings()
    return runPrePrintChecks(selection.contributions, {
      problemRows,
      now: new Date(this.options.now()),
      lastSyncedAt: selection.info.lastSyncedAt,
      staleAfterHours: settings.staleAfterHours,
      senderCountry: settings.senderCountry,
      privileged: selection.info.privileged,
      packedButStopped: this.options.packedButStopped?.(selection.info.campaignId) ?? [],
      importedFrom: this.options.importedFrom?.(selection.info.campaignId) ?? null,
      addressChangedOnPlatform: selection.addressChanged ?? [],
      ...this.options.catalog?.(selection.info.campaignId),
    })
  }

  checks(request: SelectionRequest): PrePrintCheck[] {
    return this.checksOf(this.select(request))
  }

  async excel(request: SelectionRequest): Promise<ExcelExportResult | null> {
    const selection = this.nonEmpty(request, 'export')
    const chosen = await this.options.desktop.chooseSavePath({
      title: 'Save the packing list',
      defaultName: this.fileName(selection, 'packing-list', 'xlsx'),
      filters: XLSX,
    })
    if (chosen === null) return null
    const { info, contributions } = selection
    const problemRows = this.options.problemRows(info.campaignId)
    const catalog = this.options.catalog?.(info.campaignId)
    const result = await writePackingList({
      contributions,
      floor: this.options.floor?.(info.campaignId),
      ...(catalog && catalog.catalog.items.length > 0
        ? { catalog: { ...catalog, senderCountry: this.options.settings().senderCountry } }
        : {}),
      campaign: {
        id: info.campaignId,
        title: this.campaignTitle(info),
        lastSyncedAt: info.lastSyncedAt,
        privileged: info.privileged,
      },
      out: chosen,
      checks: checksAsExportRows(this.checksOf(selection, problemRows)),
      problems: problemLines(problemRows),
      locale: this.options.locale,
      onProgress: (done, total) => this.options.progress({ kind: 'excel', done, total }),
    })
    return { path: result.path as string, orders: result.orders, sheets: result.sheets }
  }

  async csv(request: CsvExportRequest): Promise<CsvExportResult | null> {
    const selection = this.nonEmpty(request, 'export')
    // Refused before the save dialog: a file of the header row alone would replace a good one.
    if (ordersThatShip(selection.contributions).length === 0) {
      throw nothingToPrint('shipper CSV', selection.contributions.length, 'write')
    }
    const chosen = await this.options.desktop.chooseSavePath({
      title: 'Save the shipper CSV',
      defaultName: this.fileName(selection, SHIPPER_CSV_FILE_WORDS[request.format], 'csv'),
      filters: CSV,
    })
    if (chosen === null) return null
    const result = await writeShipperCsv({
      contributions: selection.contributions,
      format: request.format,
      out: chosen,
      floor: this.options.floor?.(request.campaignId),
      ...this.options.catalog?.(request.campaignId),
    })
    return { path: result.path as string, rows: result.rows, orders: result.orders }
  }

  private labels(
    request: LabelsRequest,
    contributions: readonly CampaignContribution[],
    preview = false,
  ) {
    return labelsDocument(
      contributions,
      request,
      this.options.settings(),
      this.options.locale,
      preview,
      request.cn22 ? this.customsOf(request.campaignId) : undefined,
    )
  }

  labelsPreview(request: LabelsRequest): LabelsPreview {
    const { contributions } = this.select(request)
    return previewOf(this.labels(request, contributions, true), request)
  }

  private readonly small = memoSmallAddresses()
  smallAddresses(request: LabelsRequest): SmallLabelAddresses {
    const { settings, locale } = this.options
    return this.small(this.select(request).contributions, request, settings(), locale)
  }

  /** The labels of a non-empty selection, refusing when none of its orders has an address. */
  private printableLabels(request: LabelsRequest): { html: string; selection: Selection } {
    const selection = this.nonEmpty(request, 'print')
    const result = this.labels(request, selection.contributions)
    if (result.labels === 0) {
      throw nothingToPrint('label', selection.contributions.length)
    }
    return { html: result.html, selection }
  }

  private checkPrinter(): void {
    const why = this.options.desktop.printUnavailable
    if (why !== undefined) throw new PerkPackError('print_unavailable', why)
  }

  async printLabels(request: LabelsRequest): Promise<{ printed: boolean }> {
    this.checkPrinter()
    const { html, selection } = this.printableLabels(request)
    const printed = await this.options.desktop.print(html, labelPrintOptions(request))
    if (printed)
      await this.marks.printed(
        request.campaignId,
        ordersThatShip(selection.contributions),
        'labels',
      )
    return { printed }
  }

  /** The labels drawn straight into a PDF file (the PDF library: no print window needed). */
  async labelsPdf(request: LabelsRequest): Promise<LabelsPdfSaved | null> {
    const selection = this.nonEmpty(request, 'print')
    const plan = labelsPlan(
      selection.contributions,
      request,
      this.options.settings(),
      this.options.locale,
      request.cn22 ? this.customsOf(request.campaignId) : undefined,
    )
    if (plan.labels === 0) {
      throw nothingToPrint('label', selection.contributions.length)
    }
    const path = await this.options.desktop.chooseSavePath({
      title: 'Save the labels as PDF',
      defaultName: this.fileName(selection, 'labels', 'pdf'),
      filters: PDF,
    })
    if (path === null) return null
    await saveLabelsPdf(plan, path)
    // Saved is not printed: marked when the person says the file went to the printer.
    const shipping = ordersThatShip(selection.contributions)
    return { path, ...this.marks.savedPdf(request.campaignId, shipping, 'labels') }
  }

  /** Customs forms (the labels' CN22 switch, CN23): catalogue, currency, sender country. */
  private customsOf(campaignId: number): CustomsContext {
    const { catalog, currency } = this.options.catalog?.(campaignId) ?? NO_CATALOG
    return { catalog, currency, senderCountry: this.options.settings().senderCountry }
  }

  /** The selection's CN23 declarations to a PDF file (customs-pdf.ts). */
  customsPdf(request: CustomsPdfRequest): Promise<CustomsPdfSaved | null> {
    const selection = this.nonEmpty(request, 'print')
    return saveCustomsForms({
      desktop: this.options.desktop,
      selection,
      request,
      customs: this.customsOf(request.campaignId),
      senderName: this.campaignTitle(selection.info),
      returnAddress: this.options.settings().returnAddress,
      defaultName: this.fileName(selection, 'customs', 'pdf'),
      locale: this.options.locale,
    })
  }

  /** The person printed a PDF saved before: its orders are marked printed. */
  markPdfPrinted({ campaignId, savedPdfId }: PdfPrintedRequest): Promise<PdfPrintedResult> {
    return this.marks.markSavedPdf(campaignId, savedPdfId)
  }

  private slipPlan(request: SlipBatchesRequest, selection = this.select(request)): SlipPlan {
    return new SlipPlan(selection.contributions, {
      paper: request.paper,
      batchSize: request.batchSize ?? this.options.settings().slipBatchSize,
      campaignTitle: this.campaignTitle(selection.info),
      prefs: this.options.settings(),
      locale: this.options.locale,
    })
  }

  /** The selection's slips, refusing when none of its orders ships. */
  private printableSlips(request: SlipBatchesRequest): { plan: SlipPlan; selection: Selection } {
    const selection = this.nonEmpty(request, 'print')
    const plan = this.slipPlan(request, selection)
    if (plan.batches.length === 0) {
      throw nothingToPrint('packing slip', selection.contributions.length)
    }
    return { plan, selection }
  }

  slipsPreview(request: SlipBatchesRequest): SlipsPreview {
    return this.slipPlan(request).preview()
  }

  /** One batch (the first unless asked) to the system print dialog. */
  async printSlips(request: SlipBatchPrintRequest): Promise<{ printed: boolean }> {
    this.checkPrinter()
    const { plan } = this.printableSlips(request)
    const batch = plan.batch(request.batch ?? 0)
    const html = plan.batchDocument(batch).html
    const printed = await this.options.desktop.print(html, slipPrintOptions(request.paper))
    if (printed)
      await this.marks.printed(
        request.campaignId,
        plan.shipping.slice(batch.from, batch.to),
        'slips',
      )
    return { printed }
  }

  /** Every batch to its own PDF file (one file when one batch), with progress and cancel. */
  async slipsPdf(request: SlipBatchesRequest): Promise<SlipsSaved | null> {
    if (this.slipsRun !== null) {
      throw new PerkPackError(
        'export_busy',
        'Packing slips are being saved already: wait for them, or cancel, then save again.',
      )
    }
    const { plan, selection } = this.printableSlips(request)
    const batches = plan.batches.length
    const run = new AbortController()
    this.slipsRun = run
    try {
      const chosen = await this.options.desktop.chooseSavePath({
        title:
          batches === 1
            ? 'Save the packing slips as PDF'
            : `Save the packing slips as PDF: ${batches} files of up to ${plan.batchSize} slips, numbered after this name`,
        defaultName: this.fileName(selection, 'slips', 'pdf'),
        filters: PDF,
        // Several batches are numbered beside the name: those names must be free as well.
        companions: (path) => batchFiles(path, batches),
      })
      if (chosen === null) return null
      if (run.signal.aborted) throw slipsCancelled()
      const { files, pages } = await writeSlipFiles({
        batches: plan.batches,
        chosen: chosen,
        write: (batch, part, signal) => plan.writeBatchPdf(batch, part, signal),
        signal: run.signal,
        progress: this.options.slipsProgress,
      })
      const { savedPdfId } = this.marks.savedPdf(request.campaignId, plan.shipping, 'slips')
      return { path: files[0] as string, files, slips: plan.slips, pages, savedPdfId }
    } finally {
      this.slipsRun = null
    }
  }

  /** Stops the slips being saved; false when none is. */
  cancelSlips(): boolean {
    if (this.slipsRun === null || this.slipsRun.signal.aborted) return false
    this.slipsRun.abort()
    return true
  }
}

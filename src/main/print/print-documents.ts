import type { CampaignContribution } from '../../shared/api/schemas'
import type { CustomsContext } from '../../shared/catalog'
import { leftOutCounts, notShipping } from '../../shared/fulfillment'
import type { NotShipping } from '../../shared/fulfillment'
import type {
  AppSettings,
  LabelIssue,
  LabelsPreview,
  LabelsRequest,
  SlipBatchRange,
  SmallLabelAddresses,
  SlipPaper,
  SlipsPreview,
} from '../../shared/ipc'
import { UsageError } from '../core/system/perkpack-errors'
import {
  LABEL_LAYOUTS,
  planLabels,
  planSlipBatches,
  READABLE_PT,
  renderLabels,
  renderSlipBatch,
  slipPreview,
  smallAddresses,
  writeSlipsPdf,
} from '../core/print'
import type {
  LabelLayout,
  LabelOptions,
  LabelsPlan,
  LabelsResult,
  SlipOptions,
  SlipsResult,
} from '../core/print'
import type { PrintOptions } from '../export/desktop-port'

/** Issues listed in a preview: enough to act on, never 100,000 entries over IPC. */
const MAX_LISTED_ISSUES = 100
const PX_PER_INCH = 96
const MICRONS_PER_INCH = 25_400

type PrintPrefs = Pick<AppSettings, 'senderCountry' | 'slipFooterNote'>

/** The print core refuses out-of-range options with a RangeError; here that is bad input. */
function asUsage<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${error.message}.`)
    throw error
  }
}

function labelOptions(
  request: LabelsRequest,
  prefs: PrintPrefs,
  locale: string,
  preview: boolean,
  customs?: CustomsContext,
): LabelOptions {
  return {
    layout: request.layout,
    startAt: request.startAt,
    offsetMm: request.offsetMm,
    order: request.order,
    showSummary: request.showSummary,
    senderCountry: prefs.senderCountry,
    locale,
    // The CN22 switch: the same option as `perkpack labels --cn22`, 4×6 only (the schema says).
    ...(request.cn22 === true && customs ? { customs } : {}),
    // A preview shows where each label falls, and only the first sheet: laying out 100,000
    // addresses for it would take most of a minute.
    ...(preview ? { outlines: true, maxSheets: 1 } : {}),
  }
}

/** The labels as HTML: the print dialog and the preview. */
export function labelsDocument(
  contributions: readonly CampaignContribution[],
  request: LabelsRequest,
  prefs: PrintPrefs,
  locale: string,
  preview = false,
  customs?: CustomsContext,
): LabelsResult {
  return asUsage(() =>
    renderLabels(contributions, labelOptions(request, prefs, locale, preview, customs)),
  )
}

/** Addresses listed by name for the label panel's suggestion; the rest are counted. */
const MAX_LISTED_SMALL = 20

/** The selection's labels whose address the sheet layout prints at a size hard to read. */
export function smallAddressesOf(
  contributions: readonly CampaignContribution[],
  request: LabelsRequest,
  prefs: PrintPrefs,
  locale: string,
): SmallLabelAddresses {
  const small = asUsage(() =>
    smallAddresses(contributions, labelOptions(request, prefs, locale, false)),
  )
  return {
    layout: request.layout,
    readablePt: READABLE_PT,
    count: small.length,
    smallestPt: small.reduce<number | null>((min, s) => Math.min(min ?? s.fontPt, s.fontPt), null),
    orders: small.slice(0, MAX_LISTED_SMALL),
    contributionIds: small.map((s) => s.contributionId),
  }
}

/**
 * smallAddressesOf, kept for the rows it was made of (the desk's selection, held a while) and
 * the layout choice: fitting every address is slow, and each control's change asks again.
 */
export function memoSmallAddresses() {
  let last: { rows: unknown; key: string; value: SmallLabelAddresses } | null = null
  return (...args: Parameters<typeof smallAddressesOf>): SmallLabelAddresses => {
    const [rows, request] = args
    const key = JSON.stringify([request.layout, request.showSummary])
    if (last?.rows !== rows || last.key !== key) {
      last = { rows, key, value: smallAddressesOf(...args) }
    }
    return last.value
  }
}

/** The same labels laid out for the PDF file ("Save as PDF"). */
export function labelsPlan(
  contributions: readonly CampaignContribution[],
  request: LabelsRequest,
  prefs: PrintPrefs,
  locale: string,
  customs?: CustomsContext,
): LabelsPlan {
  return asUsage(() =>
    planLabels(contributions, labelOptions(request, prefs, locale, false, customs)),
  )
}

export interface SlipPlanOptions {
  paper: SlipPaper
  batchSize: number
  campaignTitle: string
  prefs: PrintPrefs
  locale: string
}

/**
 * A selection's packing slips cut into batches, as the print engine plans them: the orders
 * that ship (the same as the labels and the shipper CSV), each batch laid out only when asked.
 */
export class SlipPlan {
  readonly shipping: CampaignContribution[] = []
  readonly skippedCount: number
  readonly batches: SlipBatchRange[]
  readonly batchSize: number
  private readonly slipOptions: SlipOptions

  constructor(contributions: readonly CampaignContribution[], options: SlipPlanOptions) {
    let skipped = 0
    for (const row of contributions) {
      if (notShipping(row) === null) this.shipping.push(row)
      else skipped += 1
    }
    this.skippedCount = skipped
    this.batchSize = options.batchSize
    this.batches = asUsage(() => planSlipBatches(this.shipping.length, options.batchSize))
    this.slipOptions = {
      paper: options.paper,
      campaignTitle: options.campaignTitle,
      footerNote: options.prefs.slipFooterNote,
      senderCountry: options.prefs.senderCountry,
      locale: options.locale,
    }
  }

  get slips(): number {
    return this.shipping.length
  }

  /** Batch `index`, or a clear refusal when the selection has changed under the picker. */
  batch(index: number): SlipBatchRange {
    const batch = this.batches[index]
    if (batch === undefined) {
      throw new UsageError(
        `There is no batch ${index + 1}: the selection makes ${this.batches.length}. Pick a batch again.`,
      )
    }
    return batch
  }

  batchDocument(batch: SlipBatchRange): SlipsResult {
    return renderSlipBatch(this.shipping, this.slipOptions, batch)
  }

  /** The batch's slips drawn into a new PDF file (the PDF library); its page count. */
  async writeBatchPdf(batch: SlipBatchRange, path: string, signal: AbortSignal): Promise<number> {
    const shipping = this.shipping.slice(batch.from, batch.to)
    return (await writeSlipsPdf(shipping, this.slipOptions, path, signal)).pages
  }

  preview(): SlipsPreview {
    const first = slipPreview(this.shipping, this.slipOptions)
    const page = SLIP_PAPER_MICRONS[this.slipOptions.paper]
    const px = (microns: number) =>
      Math.round((microns / MICRONS_PER_INCH) * PX_PER_INCH * 100) / 100
    return {
      html: first === null ? '' : first.html,
      slips: this.slips,
      skippedCount: this.skippedCount,
      batchSize: this.batchSize,
      batches: this.batches,
      pageWidthPx: px(page.width),
      pageHeightPx: px(page.height),
    }
  }
}

/**
 * The document cut after its first sheet. renderLabels writes each sheet as one `<section>`
 * between `<body>` and `</body>`, so the head (page size, styles, policy) stays whole.
 */
function firstSheet(html: string): string {
  const end = html.indexOf('</section>')
  const bodyEnd = html.lastIndexOf('</body>')
  if (end === -1 || bodyEnd === -1 || bodyEnd < end) return html
  return `${html.slice(0, end + '</section>'.length)}\n${html.slice(bodyEnd)}`
}

function issues(
  list: readonly { contributionId: number; sequenceNumber: number | null }[],
  text: (i: number) => string,
): LabelIssue[] {
  return list.slice(0, MAX_LISTED_ISSUES).map((item, i) => ({
    contributionId: item.contributionId,
    sequenceNumber: item.sequenceNumber,
    message: text(i),
  }))
}

/**
 * The orders without a label, by reason (largest group first): each reason counted in full and
 * its first orders listed, so a long run of one reason does not hide the others.
 */
function skippedByReason(skipped: readonly NotShipping[]): {
  listed: LabelIssue[]
  reasons: { reason: string; count: number }[]
} {
  const groups = new Map<string, NotShipping[]>()
  for (const skip of skipped) {
    const group = groups.get(skip.reason)
    if (group) group.push(skip)
    else groups.set(skip.reason, [skip])
  }
  const sorted = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)
  return {
    listed: sorted.flatMap(([reason, group]) => issues(group, () => reason)),
    reasons: sorted.map(([reason, group]) => ({ reason, count: group.length })),
  }
}

function toPx(layout: LabelLayout, value: number): number {
  const inches = layout.unit === 'in' ? value : value / 25.4
  return Math.round(inches * PX_PER_INCH * 100) / 100
}

export function previewOf(result: LabelsResult, request: LabelsRequest): LabelsPreview {
  const layout = LABEL_LAYOUTS[request.layout]
  const skipped = skippedByReason(result.skipped)
  return {
    html: result.labels === 0 ? '' : firstSheet(result.html),
    labels: result.labels,
    pages: result.pages,
    skipped: skipped.listed,
    skippedReasons: skipped.reasons,
    warnings: issues(result.warnings, (i) => result.warnings[i]?.message ?? ''),
    skippedCount: result.skipped.length,
    leftOut: leftOutCounts(result.skipped),
    warningCount: result.warnings.length,
    pageWidthPx: toPx(layout, layout.pageWidth),
    pageHeightPx: toPx(layout, layout.pageHeight),
    layout: request.layout,
  }
}

/** The label stock's paper, to preselect it in the print dialog. */
export function labelPrintOptions(request: LabelsRequest): PrintOptions {
  const layout = LABEL_LAYOUTS[request.layout]
  const microns = (value: number) =>
    Math.round(layout.unit === 'in' ? value * MICRONS_PER_INCH : value * 1000)
  return { pageSize: { width: microns(layout.pageWidth), height: microns(layout.pageHeight) } }
}

const SLIP_PAPER_MICRONS: Readonly<Record<SlipPaper, { width: number; height: number }>> = {
  letter: { width: 215_900, height: 279_400 },
  a4: { width: 210_000, height: 297_000 },
}

export function slipPrintOptions(paper: SlipPaper): PrintOptions {
  return { pageSize: SLIP_PAPER_MICRONS[paper] }
}

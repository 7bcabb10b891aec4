import type { CampaignContribution } from '../../shared/api/schemas'
import type {
  AppSettings,
  LabelIssue,
  LabelsPreview,
  LabelsRequest,
  SlipPaper,
  SlipsRequest,
} from '../../shared/ipc'
import { UsageError } from '../services/perkpack-errors'
import { LABEL_LAYOUTS, renderLabels, renderPackingSlips } from '../services/print'
import type { LabelLayout, LabelsResult, SlipsResult } from '../services/print'
import type { PrintOptions } from './desktop-port'

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

export function labelsDocument(
  contributions: readonly CampaignContribution[],
  request: LabelsRequest,
  prefs: PrintPrefs,
  locale: string,
  preview = false,
): LabelsResult {
  return asUsage(() =>
    renderLabels(contributions, {
      layout: request.layout,
      startAt: request.startAt,
      offsetMm: request.offsetMm,
      order: request.order,
      showSummary: request.showSummary,
      senderCountry: prefs.senderCountry,
      locale,
      // A preview shows where each label falls, and only the first sheet: laying out 100,000
      // addresses for it would take most of a minute.
      ...(preview ? { outlines: true, maxSheets: 1 } : {}),
    }),
  )
}

export function slipsDocument(
  contributions: readonly CampaignContribution[],
  request: SlipsRequest,
  campaignTitle: string,
  prefs: PrintPrefs,
  locale: string,
): SlipsResult {
  return asUsage(() =>
    renderPackingSlips(contributions, {
      paper: request.paper,
      campaignTitle,
      footerNote: prefs.slipFooterNote,
      senderCountry: prefs.senderCountry,
      locale,
    }),
  )
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

function toPx(layout: LabelLayout, value: number): number {
  const inches = layout.unit === 'in' ? value : value / 25.4
  return Math.round(inches * PX_PER_INCH * 100) / 100
}

export function previewOf(result: LabelsResult, request: LabelsRequest): LabelsPreview {
  const layout = LABEL_LAYOUTS[request.layout]
  return {
    html: result.labels === 0 ? '' : firstSheet(result.html),
    labels: result.labels,
    pages: result.pages,
    skipped: issues(result.skipped, (i) => result.skipped[i]?.reason ?? ''),
    warnings: issues(result.warnings, (i) => result.warnings[i]?.message ?? ''),
    skippedCount: result.skipped.length,
    warningCount: result.warnings.length,
    pageWidthPx: toPx(layout, layout.pageWidth),
    pageHeightPx: toPx(layout, layout.pageHeight),
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

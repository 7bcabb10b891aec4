import type { CampaignContribution, Shipping } from '../../../shared/api/schemas'
import {
  compareBySequence as compareOrders,
  describeChoices,
  orderLines,
  orderNumberText,
} from '../../../shared/fulfillment'
import type { OrderLine } from '../../../shared/fulfillment'
import type { AddressOptions } from './address'
import { formatAddressDetailed } from './address'
import { fitLines, textWidthEm } from './fit'
import {
  cssNumber,
  escapeHtml,
  FONT_STACK,
  htmlDocument,
  LANG_FONT_CSS,
  langAttribute,
} from './html'
import type { LabelLayoutId, LabelOrder } from '../../../shared/ipc/enums'
import { MAX_OFFSET_MM } from '../../../shared/ipc/limits'
import type { LabelLayout } from './layouts'
import { LABEL_LAYOUTS, labelSlot, labelsPerPage, POINTS_PER_UNIT, sheetCount } from './layouts'

export interface LabelOptions extends AddressOptions {
  layout: LabelLayoutId
  /** 1-based position on the first sheet, so a half-used sheet is not wasted. Default 1. */
  startAt?: number
  /** Printer calibration: shifts every label right (x) and down (y), in millimetres. */
  offsetMm?: { x: number; y: number }
  /** 'variant': by SKU variant, then sequence number (the order a picker walks). Default. */
  order?: LabelOrder
  /** A small "#seq · SKU summary" line at the foot of each label. */
  showSummary?: boolean
  /** Faint label outlines, for an on-screen preview; never for printing on label stock. */
  outlines?: boolean
  /**
   * Lay out only the first this many sheets (a preview): addresses beyond them are neither
   * formatted nor fitted, which is nearly all of the cost. `labels`, `pages` and `skipped` still
   * count every order; `warnings` cover the sheets laid out.
   */
  maxSheets?: number
}

export interface LabelSkip {
  contributionId: number
  sequenceNumber: number | null
  reason: string
}

export interface LabelWarning {
  contributionId: number
  sequenceNumber: number | null
  message: string
}

export interface LabelsResult {
  html: string
  labels: number
  pages: number
  skipped: LabelSkip[]
  warnings: LabelWarning[]
}

const LINE_HEIGHT = 1.2
/** Space between the address block and the summary line, in points. */
const SUMMARY_GAP_PT = 1.5

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

interface Prepared {
  row: CampaignContribution
  shipping: Shipping
  lines: OrderLine[]
  /** SKU code and choices text per line, in the pick list's order: what the picker walks. */
  variants: string[]
}

function compareByVariant(a: Prepared, b: Prepared): number {
  // Orders with no items (digital or no perk) go last: nothing to pick for them.
  if (a.variants.length === 0 || b.variants.length === 0) {
    if (a.variants.length !== b.variants.length) return a.variants.length === 0 ? 1 : -1
  }
  const n = Math.min(a.variants.length, b.variants.length)
  for (let i = 0; i < n; i++) {
    const diff = compareText(a.variants[i] as string, b.variants[i] as string)
    if (diff !== 0) return diff
  }
  return a.variants.length - b.variants.length || compareBySequence(a, b)
}

function compareBySequence(a: Prepared, b: Prepared): number {
  return compareOrders(a.row, b.row) || a.row.id - b.row.id
}

/** "TPL-CORE ×2, TEE-BLK-M": codes carry the variant; choices are added only where codes repeat. */
function summaryItems(lines: readonly OrderLine[]): string[] {
  const codeCount = new Map<string, number>()
  for (const line of lines) codeCount.set(line.skuCode, (codeCount.get(line.skuCode) ?? 0) + 1)
  return lines.map((line) => {
    let text = line.skuCode
    if ((codeCount.get(line.skuCode) ?? 0) > 1 && line.choices.length > 0) {
      text += ` (${line.choices.map((c) => c.value).join('/')})`
    }
    if (line.quantity !== 1) text += ` ×${line.quantity}`
    return text
  })
}

/**
 * The summary must stay on one line; when the SKUs do not fit even at the smallest size, the
 * tail is replaced by an explicit "+N more" rather than cut off unmarked.
 */
function fitSummary(
  head: string,
  items: string[],
  widthPt: number,
  maxPt: number,
  minPt: number,
): { text: string; fontPt: number } {
  const compose = (count: number) => {
    const shown = items.slice(0, count).join(', ')
    const rest = items.length - count
    const tail = rest > 0 ? `${shown === '' ? '' : `${shown} `}+${rest} more` : shown
    return tail === '' ? head : `${head} · ${tail}`
  }
  for (let count = items.length; count >= 0; count--) {
    const text = compose(count)
    const size = Math.floor(Math.min(maxPt, widthPt / Math.max(textWidthEm(text), 1e-9)) * 2) / 2
    if (size >= minPt) return { text, fontPt: size }
  }
  return { text: compose(0), fontPt: minPt }
}

function hasAddress(shipping: Shipping): boolean {
  return [shipping.address, shipping.address2, shipping.city, shipping.zipcode].some(
    (field) => typeof field === 'string' && field.trim() !== '',
  )
}

function checkStartAt(layout: LabelLayout, startAt: number): void {
  const perPage = labelsPerPage(layout)
  if (!Number.isInteger(startAt) || startAt < 1 || startAt > perPage) {
    throw new RangeError(
      `startAt must be a whole number from 1 to ${perPage} for ${layout.name}, got ${startAt}`,
    )
  }
}

function checkOffset(offset: { x: number; y: number }): void {
  for (const [axis, value] of Object.entries(offset)) {
    if (!Number.isFinite(value) || Math.abs(value) > MAX_OFFSET_MM) {
      throw new RangeError(
        `Printer offset ${axis} must be between -${MAX_OFFSET_MM} and ${MAX_OFFSET_MM} mm, got ${value}`,
      )
    }
  }
}

function position(value: number, unit: string, offsetMm: number): string {
  const base = `${cssNumber(value)}${unit}`
  return offsetMm === 0 ? base : `calc(${base} + ${cssNumber(offsetMm)}mm)`
}

/**
 * Only the labels are positioned, and nothing inside them is flex: Chromium prints every positioned
 * or flex box at a cost, and with three per label the PDF of 3,000 labels took about twice as
 * long. The address block has a fixed height and is centred by a computed top padding instead.
 */
function labelCss(layout: LabelLayout, addressHeightPt: number, outlines: boolean): string {
  const u = layout.unit
  const len = (value: number) => `${cssNumber(value)}${u}`
  return `@page { size: ${len(layout.pageWidth)} ${len(layout.pageHeight)}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { font-family: ${FONT_STACK}; color: #000; background: #fff; }
${LANG_FONT_CSS}
.sheet { position: relative; width: ${len(layout.pageWidth)}; height: ${len(layout.pageHeight)};
  overflow: hidden; break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.label { position: absolute; width: ${len(layout.labelWidth)}; height: ${len(layout.labelHeight)};
  padding: ${len(layout.paddingY)} ${len(layout.paddingX)}; box-sizing: border-box;${outlines ? '\n  outline: 0.5pt dashed #bbb; outline-offset: -0.5pt;' : ''} }
.addr { height: ${cssNumber(addressHeightPt)}pt; box-sizing: border-box; }
.l { line-height: ${LINE_HEIGHT}; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext;
  text-align: left; }
.sum { line-height: ${LINE_HEIGHT}; white-space: pre; color: #333; }`
}

/**
 * Shipping labels as one self-contained HTML document for Chromium's print (physical units,
 * `@page` size, absolutely positioned labels on page-sized sheets).
 *
 * Orders without a usable address are skipped and listed; labels whose text needed wrapping or
 * does not fit even at the smallest size are listed in `warnings`, so a person checks them.
 */
export function renderLabels(
  orders: readonly CampaignContribution[],
  options: LabelOptions,
): LabelsResult {
  const layout = LABEL_LAYOUTS[options.layout]
  if (layout === undefined) throw new RangeError(`Unknown label layout: ${String(options.layout)}`)
  const startAt = options.startAt ?? 1
  checkStartAt(layout, startAt)
  const offset = options.offsetMm ?? { x: 0, y: 0 }
  checkOffset(offset)
  const addressOptions: AddressOptions = {
    senderCountry: options.senderCountry,
    locale: options.locale,
  }

  const skipped: LabelSkip[] = []
  const prepared: Prepared[] = []
  for (const row of orders) {
    const shipping = row.order.shipping
    const skip = (reason: string) =>
      skipped.push({
        contributionId: row.id,
        sequenceNumber: row.order.sequence_number ?? null,
        reason,
      })
    if (shipping === null || shipping === undefined) {
      skip('No shipping address (hidden without team access, or never given)')
      continue
    }
    if (!hasAddress(shipping)) {
      skip('The shipping address is empty')
      continue
    }
    const lines = orderLines(row)
    const variants = lines.map((line) => `${line.skuCode}\u0000${describeChoices(line.choices)}`)
    prepared.push({ row, shipping, lines, variants })
  }
  prepared.sort((options.order ?? 'variant') === 'variant' ? compareByVariant : compareBySequence)

  const toPt = POINTS_PER_UNIT[layout.unit]
  const innerWidthPt = (layout.labelWidth - 2 * layout.paddingX) * toPt
  const innerHeightPt = (layout.labelHeight - 2 * layout.paddingY) * toPt
  const summaryHeightPt = options.showSummary
    ? layout.summaryMaxPt * LINE_HEIGHT + SUMMARY_GAP_PT
    : 0
  const box = {
    widthPt: innerWidthPt,
    heightPt: innerHeightPt - summaryHeightPt,
    maxPt: layout.maxFontPt,
    minPt: layout.minFontPt,
    lineHeight: LINE_HEIGHT,
  }
  const warnings: LabelWarning[] = []
  const sheets: string[][] = []
  prepared.forEach((entry, i) => {
    const { row } = entry
    const slot = labelSlot(layout, startAt - 1 + i)
    if (options.maxSheets !== undefined && slot.page >= options.maxSheets) return
    const address = formatAddressDetailed(entry.shipping, addressOptions)
    const fit = fitLines(address.lines, box)
    const warn = (message: string) =>
      warnings.push({
        contributionId: row.id,
        sequenceNumber: row.order.sequence_number ?? null,
        message,
      })
    if (fit.wrapped) {
      warn(
        `A line of the address is too long for the label even at ${layout.minFontPt} pt and was wrapped onto the next line`,
      )
    }
    if (fit.overflows) {
      warn(
        `The address has more lines than the label holds even at ${layout.minFontPt} pt: text runs past the label edge`,
      )
    }

    const textHeight = fit.lines.length * fit.fontPt * LINE_HEIGHT
    const padTop = Math.max(0, (box.heightPt - textHeight) / 2)
    let html = `<div class="label" style="left:${position(slot.x, layout.unit, offset.x)};top:${position(slot.y, layout.unit, offset.y)}"${langAttribute(address.countryCode)}>`
    html += `<div class="addr" style="font-size:${cssNumber(fit.fontPt)}pt;padding-top:${cssNumber(padTop)}pt">`
    for (const line of fit.lines) html += `<div class="l" dir="auto">${escapeHtml(line)}</div>`
    html += '</div>'
    if (options.showSummary) {
      const summary = fitSummary(
        orderNumberText(row.order),
        summaryItems(entry.lines),
        innerWidthPt,
        layout.summaryMaxPt,
        layout.summaryMinPt,
      )
      // A smaller summary sits lower, so its baseline stays on the label's bottom padding.
      const sumPad = SUMMARY_GAP_PT + (layout.summaryMaxPt - summary.fontPt) * LINE_HEIGHT
      html += `<div class="sum" style="font-size:${cssNumber(summary.fontPt)}pt;padding-top:${cssNumber(sumPad)}pt">${escapeHtml(summary.text)}</div>`
    }
    html += '</div>'
    const sheet = sheets[slot.page] ?? (sheets[slot.page] = [])
    sheet.push(html)
  })

  const body = sheets
    .map(
      (labels, page) =>
        `<section class="sheet" data-page="${page + 1}">\n${labels.join('\n')}\n</section>`,
    )
    .join('\n')
  return {
    html: htmlDocument(
      `Shipping labels: ${layout.name}`,
      labelCss(layout, box.heightPt, options.outlines === true),
      body,
    ),
    labels: prepared.length,
    pages: sheetCount(layout, prepared.length, startAt),
    skipped,
    warnings,
  }
}

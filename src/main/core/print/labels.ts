import type { CampaignContribution, Shipping } from '../../../shared/api/schemas'
import {
  compareBySequence as compareOrders,
  describeChoices,
  notShipping,
  orderNumberText,
  shippableLines,
} from '../../../shared/fulfillment'
import type { NotShipping, OrderLine } from '../../../shared/fulfillment'
import type { AddressOptions } from '../../../shared/address'
import { formatAddressDetailed } from '../../../shared/address'
import { fontFaceCss } from './fonts'
import type { TextLang } from './fonts'
import { cssNumber, escapeHtml, fontCss, htmlDocument, langOf } from './html'
import type { LabelFit, PlacedLine } from './label-fit'
import { fitLabel, SUMMARY_GAP_PT } from './label-fit'
import { FacesUsed } from './measure'
import type { LabelLayoutId, LabelOrder } from '../../../shared/ipc/enums'
import { MAX_OFFSET_MM } from '../../../shared/ipc/limits'
import type { LabelLayout, LabelSlot } from './layouts'
import { labelLayoutOf, labelSlot, labelsPerPage, POINTS_PER_UNIT, sheetCount } from './layouts'
import type { CustomsContext } from '../../../shared/catalog'
import type { Cn22Part } from './cn22-labels'
import { CN22_GAP_PT, customsHtml, labelCustoms } from './cn22-labels'

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
  /**
   * 4×6 only: orders leaving the sender's customs area carry their CN22 in the label's lower
   * part, or a note that their CN23 is attached (cn22-labels.ts).
   */
  customs?: CustomsContext
}

/** An order without a label: it does not ship (shared/fulfillment/shipping.ts). */
export type LabelSkip = NotShipping

export interface LabelWarning {
  contributionId: number
  sequenceNumber: number | null
  message: string
  /** Where the label is, to find it on the printed sheets: the sheet and the position on it (both from 1). */
  sheet: number
  position: number
}

export interface LabelsResult {
  html: string
  labels: number
  pages: number
  skipped: LabelSkip[]
  /** Labels printed, but to be looked at: wrapped lines, an order line left out, odd characters. */
  warnings: LabelWarning[]
  /**
   * Labels whose address does not fit at the layout's smallest size even without the order
   * line: printed smaller than that, or (when even that fails) with a notice instead of the
   * address. The pre-print checks list them; each is also in `warnings`.
   */
  unfit: LabelWarning[]
  /** Labels with a CN22, and with "see CN23" (4×6 with `customs` only). */
  customsForms?: { cn22: number; cn23: number }
}

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
 * long. Every line is a block of the height measure.ts computed for it (custom properties set on
 * the address block, overridden by a line whose fonts need more), so where each line sits does
 * not depend on how Chromium builds its line boxes, and lines are never wrapped by the browser.
 */
function labelCss(layout: LabelLayout, outlines: boolean, faces: string): string {
  const u = layout.unit
  const len = (value: number) => `${cssNumber(value)}${u}`
  return `${faces}
@page { size: ${len(layout.pageWidth)} ${len(layout.pageHeight)}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { color: #000; background: #fff; }
${fontCss()}
.sheet { position: relative; width: ${len(layout.pageWidth)}; height: ${len(layout.pageHeight)};
  overflow: hidden; break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.label { position: absolute; width: ${len(layout.labelWidth)}; height: ${len(layout.labelHeight)};
  padding: ${len(layout.paddingY)} ${len(layout.paddingX)}; box-sizing: border-box;${outlines ? '\n  outline: 0.5pt dashed #bbb; outline-offset: -0.5pt;' : ''} }
.addr { box-sizing: border-box; overflow: visible; }
.l, .sum { box-sizing: border-box; white-space: pre; unicode-bidi: plaintext; text-align: left;
  height: var(--h); line-height: var(--lh); padding-top: var(--p); }
.sum { color: #333; }`
}

function cssPt(value: number): string {
  return `${cssNumber(value)}pt`
}

/** The custom properties of a line block. */
function lineVars(line: { box: PlacedLine['box'] }): string {
  const { box } = line
  return `--h:${cssPt(box.slotPt)};--lh:${cssPt(box.lineHeightPt)};--p:${cssPt(box.padTopPt)}`
}

function labelBody(fit: LabelFit): string {
  // Most lines share one block; the address block carries it and odd lines their own.
  const common = fit.lines[0] === undefined ? '' : lineVars(fit.lines[0])
  const padTop = Math.max(0, (fit.availablePt - fit.heightPt) / 2)
  let html = `<div class="addr" style="font-size:${cssPt(fit.fontPt)};padding-top:${cssPt(padTop)};height:${cssPt(fit.availablePt)};${common}">`
  for (const line of fit.lines) {
    const own = lineVars(line)
    html += `<div class="l" dir="auto"${own === common ? '' : ` style="${own}"`}>${escapeHtml(line.text)}</div>`
  }
  html += '</div>'
  const summary = fit.summary
  if (summary !== undefined) {
    // At the foot of the label, whatever the address left above it.
    html += `<div class="sum" style="font-size:${cssPt(summary.fontPt)};${lineVars(summary)};margin-top:${cssPt(SUMMARY_GAP_PT)}">${escapeHtml(summary.text)}</div>`
  }
  return html
}

function unfitMessage(fit: LabelFit, layout: LabelLayout): string {
  return fit.unprintable
    ? `The address does not fit the label even at the smallest size: the label prints a notice instead. Shorten the address or write this label by hand`
    : `The address does not fit the label at ${layout.minFontPt} pt: it prints at ${cssNumber(fit.fontPt)} pt, which may be hard to read. Shorten the address or check the label`
}

/** What a person should know about one label, most important first. */
function labelMessages(fit: LabelFit, layout: LabelLayout): string[] {
  const out: string[] = []
  if (fit.belowFloor) out.push(unfitMessage(fit, layout))
  if (fit.summaryDropped) {
    out.push('The order line was left out to make room for the address')
  }
  if (fit.wrapped) {
    out.push(
      `A line of the address is too long for the label even at ${cssNumber(fit.fontPt)} pt and was wrapped onto the next line`,
    )
  }
  if (fit.missing.length > 0) {
    out.push(
      `Characters the label fonts do not have (${fit.missing.join(' ')}): they print in another font or as empty boxes`,
    )
  }
  return out
}

/** One label as the layout engine placed it: what both backends (HTML, PDF) draw. */
export interface PlacedLabel {
  slot: LabelSlot
  lang: TextLang
  fit: LabelFit
  contributionId: number
  sequenceNumber: number | null
  /** The customs part at the foot of the label, `topPt` below the top of its padding box. */
  customs?: { part: Cn22Part; topPt: number }
}

/** The labels of a selection laid out: positions, fitted text, and what to tell the user. */
export interface LabelsPlan extends Omit<LabelsResult, 'html'> {
  layout: LabelLayout
  offsetMm: { x: number; y: number }
  placed: PlacedLabel[]
  faces: FacesUsed
}

/**
 * The one layout of shipping labels, for the HTML document (`renderLabels`: the print dialog
 * and the preview) and the PDF file (pdf-labels.ts): the same sort, slots, fitted lines and
 * warnings.
 *
 * Only orders that ship get a label (shared/fulfillment/shipping.ts, as slips and the shipper CSV):
 * the others are skipped and listed; labels whose text needed wrapping or
 * does not fit even at the smallest size are listed in `warnings`, so a person checks them.
 */
export function planLabels(
  orders: readonly CampaignContribution[],
  options: LabelOptions,
): LabelsPlan {
  const layout = labelLayoutOf(options.layout)
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
    const skip = notShipping(row)
    const shipping = row.order.shipping
    if (skip !== null || shipping === null || shipping === undefined) {
      if (skip !== null) skipped.push(skip)
      continue
    }
    // What the parcel carries: a digital perk's download code is neither picked nor listed.
    const lines = shippableLines(row)
    const variants = lines.map((line) => `${line.skuCode}\u0000${describeChoices(line.choices)}`)
    prepared.push({ row, shipping, lines, variants })
  }
  prepared.sort((options.order ?? 'variant') === 'variant' ? compareByVariant : compareBySequence)

  const toPt = POINTS_PER_UNIT[layout.unit]
  const spec = {
    widthPt: (layout.labelWidth - 2 * layout.paddingX) * toPt,
    heightPt: (layout.labelHeight - 2 * layout.paddingY) * toPt,
    maxPt: layout.maxFontPt,
    minPt: layout.minFontPt,
    summaryMaxPt: layout.summaryMaxPt,
    summaryMinPt: layout.summaryMinPt,
  }
  const warnings: LabelWarning[] = []
  const unfit: LabelWarning[] = []
  const faces = new FacesUsed()
  const customs = labelCustoms(
    layout.id,
    prepared.map((entry) => entry.row),
    options.customs,
  )
  const placed: PlacedLabel[] = []
  prepared.forEach((entry, i) => {
    const { row } = entry
    const slot = labelSlot(layout, startAt - 1 + i)
    if (options.maxSheets !== undefined && slot.page >= options.maxSheets) return
    const address = formatAddressDetailed(entry.shipping, addressOptions)
    const lang = langOf(address.countryCode)
    const part = customs?.part(row.id, spec.widthPt, lang, faces)
    const fit = fitLabel(
      address.lines,
      lang,
      options.showSummary
        ? { head: orderNumberText(row.order), items: summaryItems(entry.lines) }
        : undefined,
      part === undefined
        ? spec
        : { ...spec, heightPt: spec.heightPt - part.heightPt - CN22_GAP_PT },
    )
    for (const line of fit.lines) faces.add(line.measured)
    if (fit.summary !== undefined) faces.add(fit.summary.measured)
    for (const message of labelMessages(fit, layout)) {
      const warning = {
        contributionId: row.id,
        sequenceNumber: row.order.sequence_number ?? null,
        message,
        sheet: slot.page + 1,
        position: slot.index + 1,
      }
      warnings.push(warning)
      if (fit.belowFloor && message === unfitMessage(fit, layout)) unfit.push(warning)
    }
    placed.push({
      slot,
      lang,
      fit,
      contributionId: row.id,
      sequenceNumber: row.order.sequence_number ?? null,
      ...(part === undefined ? {} : { customs: { part, topPt: spec.heightPt - part.heightPt } }),
    })
  })
  return {
    layout,
    offsetMm: offset,
    placed,
    faces,
    labels: prepared.length,
    pages: sheetCount(layout, prepared.length, startAt),
    skipped,
    warnings,
    unfit,
    ...(customs === null ? {} : { customsForms: customs.counts }),
  }
}

/**
 * Shipping labels as one self-contained HTML document for Chromium's print (physical units,
 * `@page` size, absolutely positioned labels on page-sized sheets): the app's print dialog and
 * the label preview. PDF files come from pdf-labels.ts, of the same plan.
 */
export function renderLabels(
  orders: readonly CampaignContribution[],
  options: LabelOptions,
): LabelsResult {
  const { layout, offsetMm: offset, placed, faces, ...result } = planLabels(orders, options)
  const sheets: string[][] = []
  for (const { slot, lang, fit, customs } of placed) {
    const langAttr = lang === '' ? '' : ` lang="${lang}"`
    let html = `<div class="label" style="left:${position(slot.x, layout.unit, offset.x)};top:${position(slot.y, layout.unit, offset.y)}"${langAttr}>`
    html += labelBody(fit)
    if (customs !== undefined) html += customsHtml(layout, customs)
    html += '</div>'
    const sheet = sheets[slot.page] ?? (sheets[slot.page] = [])
    sheet.push(html)
  }

  const body = sheets
    .map(
      (labels, page) =>
        `<section class="sheet" data-page="${page + 1}">\n${labels.join('\n')}\n</section>`,
    )
    .join('\n')
  return {
    html: htmlDocument(
      `Shipping labels: ${layout.name}`,
      labelCss(layout, options.outlines === true, fontFaceCss(faces.all())),
      body,
    ),
    ...result,
  }
}

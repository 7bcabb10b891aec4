import type { TextLang } from './fonts'
import type { LineBox, Measured, TextStyle } from './measure'
import { lineBox, measure, wrapText } from './measure'

/**
 * How a label's text is made to fit its label, in this order: the address shrinks (half a point
 * at a time) down to the layout's floor; below the floor, lines too wide are wrapped; if the
 * lines are then too many, the optional order line goes (a warning); if they still are, the label
 * is flagged as not fitting and printed smaller than the floor, down to ABSOLUTE_MIN_PT; if even
 * that is not enough, the label prints no address but a notice, and is flagged. At no step does
 * any text leave the label or overlap other text, and no character is dropped.
 */

/** Below this a printed address is unreadable for a courier, and a scanner gives up. */
export const ABSOLUTE_MIN_PT = 4
/** Space between the address block and the order line, in points. */
export const SUMMARY_GAP_PT = 1.5

export interface LabelFitSpec {
  /** Inner size of the label (inside its padding), in points. */
  widthPt: number
  heightPt: number
  maxPt: number
  minPt: number
  summaryMaxPt: number
  summaryMinPt: number
}

export interface PlacedLine {
  text: string
  measured: Measured
  box: LineBox
}

export interface SummaryFit {
  text: string
  fontPt: number
  measured: Measured
  box: LineBox
}

export interface LabelFit {
  fontPt: number
  lines: PlacedLine[]
  /** Sum of the lines' blocks, in points. */
  heightPt: number
  /** Height the address block has (the label's, less the order line's), in points. */
  availablePt: number
  summary: SummaryFit | undefined
  /** A line was wrapped (it was too wide at the floor). */
  wrapped: boolean
  /** The order line was asked for and left out, to make room for the address. */
  summaryDropped: boolean
  /** The address prints smaller than the layout's floor. */
  belowFloor: boolean
  /** The address does not fit even at ABSOLUTE_MIN_PT: the label carries a notice instead. */
  unprintable: boolean
  /** Characters no bundled font has. */
  missing: string[]
}

function place(text: string, style: TextStyle, sizePt: number): PlacedLine {
  const measured = measure(text, style)
  return { text, measured, box: lineBox([measured], style.weight, sizePt) }
}

function total(lines: readonly PlacedLine[]): number {
  return lines.reduce((sum, line) => sum + line.box.slotPt, 0)
}

/** The largest half-point size from `fromPt` down to `toPt` at which the lines fit unwrapped. */
function shrink(
  lines: readonly string[],
  style: TextStyle,
  spec: LabelFitSpec,
  availablePt: number,
  fromPt: number,
  toPt: number,
): { fontPt: number; lines: PlacedLine[] } | null {
  let widest = 0
  for (const line of lines) widest = Math.max(widest, measure(line, style).widthEm)
  const byWidth = widest === 0 ? fromPt : spec.widthPt / widest
  for (let size = Math.floor(Math.min(fromPt, byWidth) * 2) / 2; size >= toPt; size -= 0.5) {
    const placed = lines.map((line) => place(line, style, size))
    if (total(placed) <= availablePt) return { fontPt: size, lines: placed }
  }
  return null
}

/** At `sizePt`, lines too wide wrapped; null when the result is taller than `availablePt`. */
function wrapAt(
  lines: readonly string[],
  style: TextStyle,
  spec: LabelFitSpec,
  availablePt: number,
  sizePt: number,
): { fontPt: number; lines: PlacedLine[]; wrapped: boolean } | null {
  const placed: PlacedLine[] = []
  let wrapped = false
  for (const line of lines) {
    const pieces = wrapText(line, spec.widthPt / sizePt, style)
    if (pieces.length > 1) wrapped = true
    for (const piece of pieces) placed.push(place(piece, style, sizePt))
  }
  return total(placed) <= availablePt ? { fontPt: sizePt, lines: placed, wrapped } : null
}

/**
 * The order line must stay on one line; when its SKUs do not fit even at the smallest size, the
 * tail is replaced by an explicit "+N more" rather than cut off unmarked.
 */
export function fitSummary(
  head: string,
  items: readonly string[],
  style: TextStyle,
  spec: LabelFitSpec,
): SummaryFit | null {
  const compose = (count: number) => {
    const shown = items.slice(0, count).join(', ')
    const rest = items.length - count
    const tail = rest > 0 ? `${shown === '' ? '' : `${shown} `}+${rest} more` : shown
    return tail === '' ? head : `${head} · ${tail}`
  }
  const at = (text: string, fontPt: number): SummaryFit => {
    const measured = measure(text, style)
    return { text, fontPt, measured, box: lineBox([measured], style.weight, fontPt) }
  }
  for (let count = items.length; count >= 0; count--) {
    const text = compose(count)
    const widthEm = Math.max(measure(text, style).widthEm, 1e-9)
    const size = Math.floor(Math.min(spec.summaryMaxPt, spec.widthPt / widthEm) * 2) / 2
    if (size >= spec.summaryMinPt) return at(text, size)
  }
  // Not even the order number fits at the smallest size: the line is left out, never cut.
  return null
}

function shrinkSummary(fit: SummaryFit, style: TextStyle, fontPt: number): SummaryFit {
  return { ...fit, fontPt, box: lineBox([fit.measured], style.weight, fontPt) }
}

export function fitLabel(
  address: readonly string[],
  lang: TextLang,
  summary: { head: string; items: readonly string[] } | undefined,
  spec: LabelFitSpec,
): LabelFit {
  const style: TextStyle = { lang, weight: 400 }
  const missing = [...new Set(address.flatMap((line) => measure(line, style).missing))]
  const attempt = (availablePt: number) =>
    shrink(address, style, spec, availablePt, spec.maxPt, spec.minPt) ??
    wrapAt(address, style, spec, availablePt, spec.minPt)

  const summaryFit =
    summary === undefined
      ? undefined
      : (fitSummary(summary.head, summary.items, style, spec) ?? undefined)
  const result = (
    fit: { fontPt: number; lines: PlacedLine[]; wrapped?: boolean },
    availablePt: number,
    flags: Partial<Pick<LabelFit, 'summaryDropped' | 'belowFloor' | 'unprintable'>>,
  ): LabelFit => ({
    fontPt: fit.fontPt,
    lines: fit.lines,
    heightPt: total(fit.lines),
    availablePt,
    summary: flags.summaryDropped ? undefined : summaryFit,
    wrapped: fit.wrapped ?? false,
    summaryDropped: flags.summaryDropped ?? false,
    belowFloor: flags.belowFloor ?? false,
    unprintable: flags.unprintable ?? false,
    missing,
  })

  const withSummary = (fit: SummaryFit | undefined) =>
    fit === undefined ? spec.heightPt : spec.heightPt - fit.box.slotPt - SUMMARY_GAP_PT
  const first = attempt(withSummary(summaryFit))
  if (first !== null) {
    return result(first, withSummary(summaryFit), {
      summaryDropped: summary !== undefined && !summaryFit,
    })
  }
  // The order line at its smallest size leaves the address a little more room.
  if (summaryFit !== undefined && summaryFit.fontPt > spec.summaryMinPt) {
    const smaller = shrinkSummary(summaryFit, style, spec.summaryMinPt)
    const fit = attempt(withSummary(smaller))
    if (fit !== null) return { ...result(fit, withSummary(smaller), {}), summary: smaller }
  }
  const summaryDropped = summary !== undefined
  if (summaryFit !== undefined) {
    const second = attempt(spec.heightPt)
    if (second !== null) return result(second, spec.heightPt, { summaryDropped })
  }
  for (let size = spec.minPt - 0.5; size >= ABSOLUTE_MIN_PT; size -= 0.5) {
    const small =
      shrink(address, style, spec, spec.heightPt, size, size) ??
      wrapAt(address, style, spec, spec.heightPt, size)
    if (small !== null) return result(small, spec.heightPt, { summaryDropped, belowFloor: true })
  }
  const notice = wrapAt(
    ['Address too long for this label: see the pre-print checks'],
    style,
    spec,
    spec.heightPt,
    ABSOLUTE_MIN_PT,
  ) ?? { fontPt: ABSOLUTE_MIN_PT, lines: [] }
  return result(notice, spec.heightPt, { summaryDropped, belowFloor: true, unprintable: true })
}

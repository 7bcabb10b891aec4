import type { FacesUsed, LineBox, TextStyle } from './measure'
import { lineBox, widthEm } from './measure'
import { escapeHtml, pt } from './html'
import type { PdfCanvas } from './pdf-canvas'

/**
 * A form drawn as a list of lines and rules at computed places (the customs declarations): the
 * layout decides every position, each backend only draws. Lengths are points from the form's
 * top-left corner.
 */

export interface PlacedText {
  text: string
  x: number
  /** Top of the line's block (measure.ts `lineBox`): the baseline is `box.baselinePt` below. */
  top: number
  sizePt: number
  style: TextStyle
  box: LineBox
  /** 0 black; the documents' secondary gray is about 0.27. */
  gray: number
}

export interface PlacedRule {
  x: number
  y: number
  width: number
  height: number
}

export interface Drawing {
  texts: PlacedText[]
  rules: PlacedRule[]
  /** Outlined squares (tick boxes); a ticked one also has an "X" among the texts. */
  squares: PlacedRule[]
}

export const emptyDrawing = (): Drawing => ({ texts: [], rules: [], squares: [] })

/** The ellipsis a shortened text ends with. */
export const ELLIPSIS = '\u2026'

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * `text` as it fits `maxWidthPt` at `sizePt`: whole, or its longest start (whole characters, a
 * letter with its marks) followed by an ellipsis. Never wider than asked: a text that cannot
 * keep even one character is the ellipsis alone.
 */
export function ellipsize(text: string, maxWidthPt: number, sizePt: number, style: TextStyle) {
  const maxEm = maxWidthPt / sizePt
  if (widthEm(text, style) <= maxEm) return text
  const parts = [...graphemes.segment(text)].map((part) => part.segment)
  let low = 0
  let high = parts.length - 1
  // The longest start that fits with the ellipsis: widths grow with the start's length.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (widthEm(parts.slice(0, mid).join('').trimEnd() + ELLIPSIS, style) <= maxEm) low = mid
    else high = mid - 1
  }
  return parts.slice(0, low).join('').trimEnd() + ELLIPSIS
}

/** Builds a drawing: texts measured (their faces recorded for the document), rules, squares. */
export class DrawingBuilder {
  readonly drawing = emptyDrawing()

  constructor(private readonly faces: FacesUsed) {}

  /** The block a line of `text` takes, without placing it. */
  box(text: string, sizePt: number, style: TextStyle): LineBox {
    return lineBox([this.faces.text(text, style)], style.weight, sizePt)
  }

  /**
   * One line at (x, top), shortened with an ellipsis to `maxWidthPt`; `align` right puts its
   * end at x + maxWidthPt. Returns the placed line.
   */
  text(
    text: string,
    x: number,
    top: number,
    sizePt: number,
    style: TextStyle,
    options: { maxWidthPt: number; align?: 'left' | 'right'; gray?: number },
  ): PlacedText {
    const shown = ellipsize(text, options.maxWidthPt, sizePt, style)
    const width = widthEm(shown, style) * sizePt
    const left = options.align === 'right' ? x + options.maxWidthPt - width : x
    const placed: PlacedText = {
      text: shown,
      x: left,
      top,
      sizePt,
      style,
      box: this.box(shown, sizePt, style),
      gray: options.gray ?? 0,
    }
    this.drawing.texts.push(placed)
    return placed
  }

  rule(x: number, y: number, width: number, height: number): void {
    this.drawing.rules.push({ x, y, width, height })
  }

  square(x: number, y: number, size: number): void {
    this.drawing.squares.push({ x, y, width: size, height: size })
  }
}

/** Squares' outline, as thin as the tables' rules. */
const SQUARE_LINE = 0.6

/** The drawing into the PDF, its origin at (dx, dy) on the page. */
export function drawPdf(canvas: PdfCanvas, drawing: Drawing, dx: number, dy: number): void {
  for (const t of drawing.texts)
    canvas.text(t.text, dx + t.x, dy + t.top + t.box.baselinePt, t.sizePt, t.style, t.gray)
  for (const r of drawing.rules) canvas.rule(dx + r.x, dy + r.y, r.width, r.height)
  for (const s of drawing.squares) {
    const half = SQUARE_LINE / 2
    canvas.doc
      .rect(dx + s.x + half, dy + s.y + half, s.width - SQUARE_LINE, s.height - SQUARE_LINE)
      .lineWidth(SQUARE_LINE)
      .stroke('#000')
  }
}

const grayCss = (gray: number) => {
  const channel = Math.round(gray * 255)
  return gray === 0 ? '' : `color:rgb(${channel},${channel},${channel});`
}

/**
 * The drawing as absolutely placed HTML, its origin at (dx, dy) in the positioned parent (the
 * label): each line a block of its computed height, as the address lines are (`.l`).
 */
export function drawingHtml(drawing: Drawing, dx: number, dy: number): string {
  let html = ''
  for (const t of drawing.texts) {
    const { box } = t
    html += `<div class="l" dir="auto" style="position:absolute;left:${pt(dx + t.x)};top:${pt(dy + t.top)};font-size:${pt(t.sizePt)};font-weight:${t.style.weight};${grayCss(t.gray)}--h:${pt(box.slotPt)};--lh:${pt(box.lineHeightPt)};--p:${pt(box.padTopPt)}">${escapeHtml(t.text)}</div>`
  }
  for (const r of drawing.rules)
    html += `<div style="position:absolute;left:${pt(dx + r.x)};top:${pt(dy + r.y)};width:${pt(r.width)};height:${pt(r.height)};background:#000"></div>`
  for (const s of drawing.squares)
    html += `<div style="position:absolute;left:${pt(dx + s.x)};top:${pt(dy + s.y)};width:${pt(s.width)};height:${pt(s.height)};box-sizing:border-box;border:${pt(SQUARE_LINE)} solid #000"></div>`
  return html
}

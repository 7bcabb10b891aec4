import type { LabelLayout } from '../../src/main/core/print'
import { labelSlot, labelsPerPage } from '../../src/main/core/print'
import { POINTS_PER_UNIT } from '../../src/main/core/print/layouts'
import type { PdfPage, Rect, TextBox } from './print-pdf-boxes'
import { inside, overlaps } from './print-pdf-boxes'

/** The text lines of each label of a labels document, in document order (`.l`, `.sum`). */
export function labelTexts(html: string): string[][] {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
  return html
    .split('<div class="label"')
    .slice(1)
    .map((label) =>
      [...label.matchAll(/<div class="(?:l|sum)"[^>]*>([^<]*)<\/div>/g)].map((m) =>
        decode(m[1] ?? ''),
      ),
    )
}

/** Label `index` (0-based, on its page) as a rectangle in points, with the printer offset. */
export function labelRect(
  layout: LabelLayout,
  index: number,
  offsetMm: { x: number; y: number } = { x: 0, y: 0 },
): Rect {
  const k = POINTS_PER_UNIT[layout.unit]
  const slot = labelSlot(layout, index)
  const x = slot.x * k + (offsetMm.x * 72) / 25.4
  const y = slot.y * k + (offsetMm.y * 72) / 25.4
  return { xMin: x, yMin: y, xMax: x + layout.labelWidth * k, yMax: y + layout.labelHeight * k }
}

/** Characters of a text, sorted, without spaces: right-to-left text comes out reversed. */
function letters(text: string): string {
  return [...text.replace(/\s+/g, '')].sort().join('')
}

/**
 * Reads the labels back from the PDF: every word must lie inside the rectangle of the label it
 * belongs to, no two words may overlap, and each label's words must be exactly its lines'
 * characters (nothing cut, nothing from a neighbour). Returns what is wrong, empty when nothing.
 */
export function checkLabels(
  pages: readonly PdfPage[],
  layout: LabelLayout,
  texts: readonly string[][],
  startAt: number,
  offsetMm: { x: number; y: number } = { x: 0, y: 0 },
): string[] {
  const problems: string[] = []
  const perPage = labelsPerPage(layout)
  const rects = Array.from({ length: perPage }, (_, i) => labelRect(layout, i, offsetMm))
  const found: string[] = texts.map(() => '')
  pages.forEach((page, p) => {
    problems.push(...overlaps(page.words).map((o) => `page ${p + 1}: ${o}`))
    for (const word of page.words) {
      const cx = (word.xMin + word.xMax) / 2
      const cy = (word.yMin + word.yMax) / 2
      const index = rects.findIndex(
        (r) => cx >= r.xMin && cx <= r.xMax && cy >= r.yMin && cy <= r.yMax,
      )
      const label = p * perPage + index - (startAt - 1)
      if (index === -1 || label < 0 || label >= texts.length) {
        problems.push(`page ${p + 1}: "${word.text}" is on no label`)
        continue
      }
      if (!inside(word, rects[index] as Rect)) {
        problems.push(`page ${p + 1}: "${word.text}" crosses the edge of label ${label + 1}`)
      }
      found[label] += word.text
    }
  })
  texts.forEach((lines, i) => {
    if (letters(found[i] ?? '') !== letters(lines.join(''))) {
      problems.push(`label ${i + 1}: printed "${found[i]}", expected "${lines.join(' / ')}"`)
    }
  })
  return problems
}

/**
 * Every word inside the page's printable area (the margins of a page of the paper's size: the
 * PDF's own page box is Chromium's, rounded to whole CSS pixels) and no two overlapping.
 */
export function checkPage(
  page: PdfPage,
  paper: { widthPt: number; heightPt: number },
  marginPt: number,
  p: number,
): string[] {
  const area: Rect = {
    xMin: marginPt,
    yMin: marginPt,
    xMax: paper.widthPt - marginPt,
    yMax: paper.heightPt - marginPt,
  }
  return [
    ...page.words
      .filter((word: TextBox) => !inside(word, area))
      .map((word) => `page ${p + 1}: "${word.text}" outside the margins`),
    ...overlaps(page.words).map((o) => `page ${p + 1}: ${o}`),
  ]
}

import type { FontWeight, TextLang } from './fonts'
import { escapeHtml, fontCss, pt } from './html'
import type { FacesUsed, LineBox, TextStyle } from './measure'
import { lineBox, measure, wrapText } from './measure'
import type { Paper } from './papers'

/**
 * Lines of text as blocks of measured height (measure.ts), for the packing slip: the browser
 * wraps nothing and sizes nothing, so the slip's layout is the one computed here.
 */

export interface TextType {
  /** Class of each line's block; CSS gives it the size, weight and usual block (typeCss). */
  cls: string
  /** Where the class means this type (`.shipto .l`); default `.cls`. */
  selector?: string
  sizePt: number
  weight: FontWeight
}

/** The block of a line of Latin text: what most lines are, so it is the class's default. */
function usualBox(type: TextType): LineBox {
  return lineBox([measure('x', { lang: '', weight: type.weight })], type.weight, type.sizePt)
}

function vars(box: LineBox): string {
  return `--h:${pt(box.slotPt)};--lh:${pt(box.lineHeightPt)};--p:${pt(box.padTopPt)}`
}

export function typeCss(types: readonly TextType[]): string {
  const rules = types.map(
    (type) =>
      `${type.selector ?? `.${type.cls}`} { font-size: ${pt(type.sizePt)}; font-weight: ${type.weight}; ${vars(usualBox(type))}; }`,
  )
  const all = [...new Set(types.map((type) => `.${type.cls}`))].join(', ')
  return `${all} { box-sizing: border-box; white-space: pre; unicode-bidi: plaintext;
  height: var(--h); line-height: var(--lh); padding-top: var(--p); }
${rules.join('\n')}`
}

/** One line of a block, for the PDF: its text and block (measure.ts). */
export interface LinePart {
  text: string
  box: LineBox
}

export interface Lines {
  html: string
  heightPt: number
  count: number
  /** What the PDF draws: the same lines, size and style as the HTML. */
  parts: LinePart[]
  sizePt: number
  style: TextStyle
}

/**
 * `texts` (each may hold line breaks) wrapped to `widthPt`, as blocks of class `type.cls`.
 * `extraStyle` goes on every block (alignment); a line whose fonts need a taller block than the
 * class's carries its own.
 */
export function lines(
  texts: readonly string[],
  type: TextType,
  widthPt: number,
  faces: FacesUsed,
  lang: TextLang = '',
  sizePt: number = type.sizePt,
): Lines {
  const style = { lang, weight: type.weight }
  const usual = vars(usualBox(type))
  let html = ''
  let heightPt = 0
  let count = 0
  const parts: LinePart[] = []
  for (const text of texts) {
    for (const paragraph of text.split('\n')) {
      for (const piece of wrapText(paragraph, widthPt / sizePt, style)) {
        const measured = faces.text(piece, style)
        const box = lineBox([measured], type.weight, sizePt)
        parts.push({ text: piece, box })
        const own = vars(box)
        const attrs: string[] = []
        if (sizePt !== type.sizePt) attrs.push(`font-size:${pt(sizePt)}`)
        if (own !== usual || sizePt !== type.sizePt) attrs.push(own)
        html += `<div class="${type.cls}" dir="auto"${attrs.length ? ` style="${attrs.join(';')}"` : ''}>${escapeHtml(piece)}</div>`
        heightPt += box.slotPt
        count += 1
      }
    }
  }
  return { html, heightPt, count, parts, sizePt, style }
}

/** Height of `lines` without building them (for the footer note, the same on every slip). */
export function linesHeight(
  texts: readonly string[],
  type: TextType,
  widthPt: number,
  lang: TextLang = '',
): number {
  const style = { lang, weight: type.weight }
  let height = 0
  for (const text of texts) {
    for (const paragraph of text.split('\n')) {
      for (const piece of wrapText(paragraph, widthPt / type.sizePt, style)) {
        height += lineBox([measure(piece, style)], type.weight, type.sizePt).slotPt
      }
    }
  }
  return height
}

/** Characters of `texts` no bundled font has. */
export function missingCharacters(texts: readonly string[], lang: TextLang = ''): string[] {
  const missing = new Set<string>()
  for (const text of texts) {
    for (const char of measure(text, { lang, weight: 400 }).missing) missing.add(char)
  }
  return [...missing]
}

/**
 * The CSS a paged print document (slips, the pick list) starts with: the paper, the bundled
 * fonts, its text types, and one box of class `pageClass` per printed page.
 */
export function pagedDocumentCss(
  paper: Paper,
  faces: string,
  types: readonly TextType[],
  pageClass: string,
): string {
  return `${faces}
@page { size: ${paper.size}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { color: #000; background: #fff; }
${fontCss()}
${typeCss(types)}
.${pageClass} { position: relative; box-sizing: border-box; width: ${pt(paper.widthPt)}; height: ${pt(paper.heightPt)};
  padding: ${pt(paper.marginPt)}; overflow: hidden; break-after: page; page-break-after: always; }
.${pageClass}:last-child { break-after: auto; page-break-after: auto; }`
}

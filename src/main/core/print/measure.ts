import { withoutDirectionControls } from '../../../shared/text/direction-controls'
import type { Face, FontWeight, TextLang } from './fonts'
import { advanceEm, faceFor, loadFace, strutFace } from './fonts'

/**
 * Text measured with the bundled fonts (fonts.ts), as Chromium lays it out in a print document
 * whose CSS turns kerning and optional ligatures off (`font-kerning: none;
 * font-variant-ligatures: none`, see html.ts): a line of Latin, Greek, Cyrillic, CJK or Hangul is
 * then the sum of its glyphs' advances, read from the font's tables. Scripts that must be shaped
 * (Arabic, Hebrew with points, Devanagari, combining marks) go through fontkit's shaper.
 */

export interface TextStyle {
  lang: TextLang
  weight: FontWeight
}

export const REGULAR: TextStyle = { lang: '', weight: 400 }
export const BOLD: TextStyle = { lang: '', weight: 700 }

export interface Measured {
  /** Advance width in em (multiply by the size in points for points). */
  widthEm: number
  /** The faces the text is drawn with; the document must embed them. */
  faces: Face[]
  /** Characters no bundled font has: they would print in whatever the machine has. */
  missing: string[]
  /** How far shaped marks are moved above and below their base glyphs, in em. */
  riseEm: number
  dropEm: number
}

// The features Chromium leaves on once kerning and optional ligatures are off in CSS; the
// required ones (Arabic joining forms, mark placement, rlig) stay on in both.
export const SHAPING_OFF: Record<string, boolean> = {
  kern: false,
  liga: false,
  clig: false,
  calt: false,
  dlig: false,
}

const MARK_RE = /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]/u
/** Characters a missing glyph is measured as: wide, so a line judged to fit does fit. */
export const MISSING_EM = 1

export function needsShaping(face: Face, text: string): boolean {
  return (
    face.family.id === 'arabic' ||
    face.family.id === 'hebrew' ||
    face.subset === 'devanagari' ||
    MARK_RE.test(text)
  )
}

export interface Run {
  face: Face | null
  text: string
}

/** Splits text into runs of one face each; a combining mark stays with its base's face. */
export function runs(text: string, style: TextStyle): Run[] {
  const out: Run[] = []
  let current: Run | undefined
  for (const char of text) {
    const code = char.codePointAt(0) as number
    if (
      current !== undefined &&
      current.face !== null &&
      MARK_RE.test(char) &&
      loadFace(current.face).font.hasGlyphForCodePoint(code)
    ) {
      current.text += char
      continue
    }
    const face = faceFor(code, style.lang, style.weight)
    if (current !== undefined && current.face === face) current.text += char
    else {
      current = { face, text: char }
      out.push(current)
    }
  }
  return out
}

function measureRuns(text: string, style: TextStyle): Measured {
  const faces = new Set<Face>()
  const missing: string[] = []
  let widthEm = 0
  let riseEm = 0
  let dropEm = 0
  for (const run of runs(text, style)) {
    const face = run.face
    if (face === null) {
      for (const char of run.text) {
        missing.push(char)
        widthEm += MISSING_EM
      }
      continue
    }
    faces.add(face)
    if (!needsShaping(face, run.text)) {
      for (const char of run.text) widthEm += advanceEm(face, char.codePointAt(0) as number)
      continue
    }
    const { font } = loadFace(face)
    const shaped = font.layout(run.text, SHAPING_OFF)
    for (const position of shaped.positions) {
      widthEm += position.xAdvance / font.unitsPerEm
      riseEm = Math.max(riseEm, position.yOffset / font.unitsPerEm)
      dropEm = Math.max(dropEm, -position.yOffset / font.unitsPerEm)
    }
  }
  return { widthEm, faces: [...faces], missing, riseEm, dropEm }
}

const cache = new Map<string, Measured>()

/**
 * The text as one line, measured; results are cached (addresses repeat cities and streets).
 * Without its direction controls, as visual-runs.ts draws it (shared/text/direction-controls.ts).
 */
export function measure(text: string, style: TextStyle = REGULAR): Measured {
  const key = `${style.lang}\u0000${style.weight}\u0000${text}`
  let measured = cache.get(key)
  if (measured === undefined) {
    measured = measureRuns(withoutDirectionControls(text), style)
    if (cache.size >= 100_000) cache.clear()
    cache.set(key, measured)
  }
  return measured
}

export function widthEm(text: string, style: TextStyle = REGULAR): number {
  return measure(text, style).widthEm
}

/**
 * Splits a line into pieces no wider than `maxEm`, at spaces where possible and between
 * characters where a single word is too wide (a long CJK line has no spaces at all). Every
 * character is kept: the pieces joined with the spaces they were cut at give the line back.
 */
export function wrapText(text: string, maxEm: number, style: TextStyle = REGULAR): string[] {
  if (widthEm(text, style) <= maxEm) return [text]
  const pieces: string[] = []
  let current = ''
  const push = () => {
    const trimmed = current.trimEnd()
    if (trimmed !== '') pieces.push(trimmed)
    current = ''
  }
  for (const word of text.split(/(?<= )/)) {
    if (widthEm(current + word.trimEnd(), style) <= maxEm) {
      current += word
      continue
    }
    if (widthEm(word.trimEnd(), style) <= maxEm) {
      push()
      current = word
      continue
    }
    // A word wider than a whole line is broken between characters (never between a base and
    // its marks), starting on the current line.
    for (const cluster of word.match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
      if (current !== '' && widthEm(current + cluster, style) > maxEm) push()
      current += cluster
    }
  }
  push()
  return pieces
}

export interface LineBox {
  /** CSS line-height of the line, in points. */
  lineHeightPt: number
  /** Space above the line box inside the line's block, in points. */
  padTopPt: number
  /** Height of the line's block: the next line starts this far below, in points. */
  slotPt: number
  /** Where the baseline lies below the top of the line's block, in points (the PDF draws there). */
  baselinePt: number
}

/**
 * Space between two lines' ink, in em, and at least half a CSS pixel on each side: Chromium
 * rounds ascent, descent and leading to whole pixels, which moves a baseline by up to that much.
 */
/** A CSS pixel, in points. */
const PT_PER_PX = 0.75
const GAP_EM = 0.08
const MIN_GAP_PT = 0.75

/**
 * The block a line of `measured` text needs at `sizePt`, such that the ink of every glyph (from
 * ascent to descent of its font, as a PDF reader boxes it) lies inside the block with a gap to
 * the next. Chromium puts the baseline where the tallest half-leading box of the line's fonts
 * (the element's first available font, the strut, included) needs it; this mirrors that.
 */
export function lineBox(
  measured: readonly Measured[],
  weight: FontWeight,
  sizePt: number,
): LineBox {
  const strut = loadFace(strutFace(weight))
  const used = new Set<Face>()
  let rise = 0
  let drop = 0
  for (const part of measured) {
    for (const face of part.faces) used.add(face)
    rise = Math.max(rise, part.riseEm)
    drop = Math.max(drop, part.dropEm)
  }
  const inked = [...used].map((face) => loadFace(face))
  if (inked.length === 0) inked.push(strut)
  const all = [strut, ...inked]
  const gap = Math.max(GAP_EM * sizePt, MIN_GAP_PT)
  let extent = 0
  for (const font of inked) extent = Math.max(extent, font.ascent + font.descent)
  const lineHeight = (extent + rise + drop) * sizePt + gap
  let baseline = 0
  for (const font of all) {
    baseline = Math.max(baseline, (lineHeight + (font.ascent - font.descent) * sizePt) / 2)
  }
  let inkTop = Infinity
  let inkBottom = 0
  for (const font of inked) {
    inkTop = Math.min(inkTop, baseline - (font.ascent + rise) * sizePt)
    inkBottom = Math.max(inkBottom, baseline + (font.descent + drop) * sizePt)
  }
  const padTop = Math.max(0, gap / 2 - inkTop)
  // Where Chromium draws the baseline: from each font's ascent and descent rounded to whole
  // CSS pixels, the half-leading floored (LayoutNG). The PDF draws there too.
  let drawn = 0
  for (const font of all) {
    const ascent = Math.round((font.ascent * sizePt) / PT_PER_PX)
    const descent = Math.round((font.descent * sizePt) / PT_PER_PX)
    const half = (lineHeight / PT_PER_PX - (ascent + descent)) / 2
    drawn = Math.max(drawn, (Math.floor(half) + ascent) * PT_PER_PX)
  }
  return {
    lineHeightPt: lineHeight,
    padTopPt: padTop,
    slotPt: padTop + Math.max(lineHeight, inkBottom + gap / 2),
    baselinePt: padTop + drawn,
  }
}

/** The faces a document's text is drawn with, collected while it is laid out. */
export class FacesUsed {
  private readonly faces = new Set<Face>()
  private readonly weights = new Set<FontWeight>([400])

  add(measured: Measured, weight: FontWeight = 400): void {
    for (const face of measured.faces) this.faces.add(face)
    this.weights.add(weight)
  }

  /** Measures `text` (so its faces are embedded) and returns the measure. */
  text(text: string, style: TextStyle = REGULAR): Measured {
    const measured = measure(text, style)
    this.add(measured, style.weight)
    return measured
  }

  /** Every face to embed: the text's, and the strut of each weight used (it sets line boxes). */
  all(): Face[] {
    return [...this.faces, ...[...this.weights].map((weight) => strutFace(weight))]
  }
}

/**
 * Text fitting without a browser: labels are laid out in plain Node (tests, the command line,
 * the main process), so the width of a line is estimated from font metrics rather than measured.
 * The estimate errs wide, so a line judged to fit does fit; the Chromium tests check that.
 */

// Advance widths of Helvetica (and the metric-compatible Arial / Liberation Sans), in 1/1000 em,
// for ASCII 32..126.
// prettier-ignore
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space../
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0..?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @..O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P.._
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `..o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p..~
]

/** Headroom for the fallback fonts and kerning differences between platforms. */
const SAFETY = 1.06

const COMBINING_RE = /\p{M}/u

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) || // Hangul Jamo
    (code >= 0x2e80 && code <= 0x303e) || // CJK radicals, punctuation
    (code >= 0x3041 && code <= 0x33ff) || // kana, CJK symbols
    (code >= 0x3400 && code <= 0x4dbf) || // CJK extension A
    (code >= 0x4e00 && code <= 0x9fff) || // CJK unified ideographs
    (code >= 0xa960 && code <= 0xa97f) || // Hangul Jamo extended A
    (code >= 0xac00 && code <= 0xd7ff) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) || // CJK compatibility ideographs
    (code >= 0xfe30 && code <= 0xfe4f) || // CJK compatibility forms
    (code >= 0xff00 && code <= 0xff60) || // full-width forms
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) || // emoji
    (code >= 0x20000 && code <= 0x3fffd) // CJK extensions B..
  )
}

function charEm(char: string): number {
  const code = char.codePointAt(0) ?? 0
  if (code >= 32 && code <= 126) return (ASCII_WIDTHS[code - 32] ?? 600) / 1000
  if (code < 32 || COMBINING_RE.test(char)) return 0
  if (code === 0xa0) return 0.278
  if (isWide(code)) return 1
  if (code < 0x250) {
    // Accented Latin: the base letter's width ("é" as "e"), ligatures like "æ" and "ß" as wide.
    const base = char.normalize('NFD').charAt(0)
    const baseCode = base.charCodeAt(0)
    // (An accented i is wider than a plain one: its accent needs room, 0.278 em in Helvetica.)
    if (base === 'i') return 0.278
    if (baseCode >= 32 && baseCode <= 126 && base !== char) return charEm(base)
    return 0.89
  }
  if (code >= 0x370 && code <= 0x52f) return 0.72 // Greek, Cyrillic: capitals near 0.72
  // Zero-width spaces, joiners and direction marks; the rest of the block (spaces up to an em
  // quad, dashes, bullets) at a full em.
  if ((code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x206f)) return 0
  if (code >= 0x2000 && code <= 0x205f) return 1
  return 0.78
}

/** Estimated width of one line of text in em (font-size units), rounded up for safety. */
export function textWidthEm(text: string): number {
  let em = 0
  for (const char of text) em += charEm(char)
  return em * SAFETY
}

/**
 * Splits a line into pieces no wider than `maxEm`, at spaces where possible and between
 * characters where a single word is too wide (a long CJK line has no spaces at all).
 */
export function wrapText(text: string, maxEm: number): string[] {
  if (textWidthEm(text) <= maxEm) return [text]
  const pieces: string[] = []
  let current = ''
  const push = () => {
    const trimmed = current.trimEnd()
    if (trimmed !== '') pieces.push(trimmed)
    current = ''
  }
  for (const word of text.split(/(?<= )/)) {
    if (textWidthEm(current + word.trimEnd()) <= maxEm) {
      current += word
      continue
    }
    push()
    if (textWidthEm(word.trimEnd()) <= maxEm) {
      current = word
      continue
    }
    for (const char of word) {
      if (current !== '' && textWidthEm(current + char) > maxEm) push()
      current += char
    }
  }
  push()
  return pieces
}

export interface FitBox {
  /** Inner width, in points. */
  widthPt: number
  /** Inner height, in points. */
  heightPt: number
  /** The size used when everything fits comfortably. */
  maxPt: number
  /** Never smaller than this: below it a carrier's scanner and a courier both struggle. */
  minPt: number
  /** Line height as a multiple of the font size. */
  lineHeight: number
}

export interface FitResult {
  fontPt: number
  lines: string[]
  /** Some line was too wide even at `minPt` and was broken onto further lines. */
  wrapped: boolean
  /** The lines are taller than the box even at `minPt` (after wrapping). */
  overflows: boolean
}

/**
 * The largest size (in half points, capped at `maxPt`) at which the widest line fits the width
 * and all lines fit the height. Below the floor the size stays at `minPt` and over-wide lines are
 * wrapped instead: text is never cut, and the caller reports what happened.
 */
export function fitLines(lines: readonly string[], box: FitBox): FitResult {
  let widestEm = 0
  for (const line of lines) widestEm = Math.max(widestEm, textWidthEm(line))
  const byWidth = widestEm === 0 ? Infinity : box.widthPt / widestEm
  const byHeight = lines.length === 0 ? Infinity : box.heightPt / (lines.length * box.lineHeight)
  const size = Math.floor(Math.min(box.maxPt, byWidth, byHeight) * 2) / 2
  if (size >= box.minPt)
    return { fontPt: size, lines: [...lines], wrapped: false, overflows: false }

  const maxEm = box.widthPt / box.minPt
  const out: string[] = []
  let wrapped = false
  for (const line of lines) {
    const pieces = wrapText(line, maxEm)
    if (pieces.length > 1) wrapped = true
    out.push(...pieces)
  }
  const overflows = out.length * box.lineHeight * box.minPt > box.heightPt + 1e-9
  return { fontPt: box.minPt, lines: out, wrapped, overflows }
}

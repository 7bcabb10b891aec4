import bidiFactory from 'bidi-js'
import { withoutDirectionControls } from '../../../shared/text/direction-controls'
import type { Face } from './fonts'
import { loadFace } from './fonts'
import type { TextStyle } from './measure'
import { MISSING_EM, needsShaping, runs, SHAPING_OFF } from './measure'

/**
 * A line of text as a PDF draws it: runs of glyphs in visual order, left to right, as Chromium
 * lays out a `unicode-bidi: plaintext` line: the paragraph direction from the first strong
 * character, the Unicode bidirectional algorithm for mixed lines (bidi-js), mirrored brackets in
 * right-to-left runs, one run per bidi level and face, shaped by fontkit with the features
 * measure.ts measures with. The widths are measure.ts's: a line drawn is as wide as measured.
 */

export interface PlacedGlyph {
  /** Glyph id in the face's font file. */
  id: number
  /** The glyph's own advance, and where the pen moves after it, in em. */
  advanceEm: number
  xAdvanceEm: number
  xOffsetEm: number
  yOffsetEm: number
  /** The characters the glyph stands for, so text can be copied and searched in the PDF. */
  codePoints: number[]
}

export interface VisualRun {
  /** Null: characters no bundled font has (measured MISSING_EM each, drawn as nothing). */
  face: Face | null
  glyphs: PlacedGlyph[]
  widthEm: number
}

const bidi = bidiFactory()

interface Piece {
  face: Face | null
  level: number
  /** Logical code-unit range, `end` exclusive. */
  start: number
  end: number
}

const shapedCache = new Map<string, VisualRun>()

/**
 * `text` shaped in `face`; `source` is the text before mirroring (same length), whose characters
 * the glyphs stand for when the text is copied, as in Chromium's PDFs.
 */
function shape(face: Face | null, text: string, rtl: boolean, source = text): VisualRun {
  if (face === null) {
    return { face, glyphs: [], widthEm: [...text].length * MISSING_EM }
  }
  const key = `${face.file}\u0000${rtl ? 'r' : 'l'}\u0000${text}\u0000${source === text ? '' : source}`
  const cached = shapedCache.get(key)
  if (cached !== undefined) return cached
  const { font } = loadFace(face)
  const em = font.unitsPerEm
  const glyphs: PlacedGlyph[] = []
  if (needsShaping(face, text)) {
    // fontkit keeps each glyph with the characters of the first text it was made for (its
    // glyph cache): a form two letters share would read back as the first. Made afresh, each
    // glyph carries the characters it stands for here.
    ;(font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {}
    const run = font.layout(text, SHAPING_OFF, undefined, undefined, rtl ? 'rtl' : 'ltr')
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i]
      glyphs.push({
        id: glyph.id,
        advanceEm: glyph.advanceWidth / em,
        xAdvanceEm: (position?.xAdvance ?? glyph.advanceWidth) / em,
        xOffsetEm: (position?.xOffset ?? 0) / em,
        yOffsetEm: (position?.yOffset ?? 0) / em,
        codePoints: glyph.codePoints,
      })
    })
  } else {
    // What measure.ts sums: each character's own glyph and advance, no substitution.
    const sourceChars = [...source]
    for (const [i, char] of [...text].entries()) {
      const glyph = font.glyphForCodePoint(char.codePointAt(0) as number)
      const advanceEm = glyph.advanceWidth / em
      glyphs.push({
        id: glyph.id,
        advanceEm,
        xAdvanceEm: advanceEm,
        xOffsetEm: 0,
        yOffsetEm: 0,
        codePoints: [(sourceChars[i] ?? char).codePointAt(0) as number],
      })
    }
    if (rtl) glyphs.reverse()
  }
  const shaped = { face, glyphs, widthEm: glyphs.reduce((sum, g) => sum + g.xAdvanceEm, 0) }
  if (shapedCache.size >= 50_000) shapedCache.clear()
  shapedCache.set(key, shaped)
  return shaped
}

/** Right-to-left characters; a line without any is drawn in its logical order. */
const RTL_RE =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u

/**
 * `text` as one line, in visual order: the runs to draw from the left edge, one after another.
 * The direction controls a backer typed are left out (shared/text/direction-controls.ts): the
 * line is ordered by its letters alone, so an override in one field cannot reverse the rest.
 */
export function visualRuns(typed: string, style: TextStyle): VisualRun[] {
  const text = withoutDirectionControls(typed)
  const logical = runs(text, style)
  if (!RTL_RE.test(text)) return logical.map((run) => shape(run.face, run.text, false))

  const faceAt: Array<Face | null> = []
  for (const run of logical) for (let i = 0; i < run.text.length; i++) faceAt.push(run.face)
  const embedding = bidi.getEmbeddingLevels(text, 'auto')
  const { levels } = embedding
  const mirrored = bidi.getMirroredCharactersMap(text, levels)
  let drawn = text
  if (mirrored.size > 0) {
    const units = text.split('')
    for (const [index, char] of mirrored) units[index] = char
    drawn = units.join('')
  }
  const pieces: Piece[] = []
  let current: Piece | undefined
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const face = faceAt[index] ?? null
    const level = levels[index] ?? 0
    const rtl = level % 2 === 1
    if (
      current !== undefined &&
      current.face === face &&
      current.level === level &&
      (rtl ? index === current.start - 1 : index === current.end)
    ) {
      if (rtl) current.start = index
      else current.end = index + 1
      continue
    }
    current = { face, level, start: index, end: index + 1 }
    pieces.push(current)
  }
  return pieces.map((piece) =>
    shape(
      piece.face,
      drawn.slice(piece.start, piece.end),
      piece.level % 2 === 1,
      text.slice(piece.start, piece.end),
    ),
  )
}

/** The line reads right to left (its first strong character is), as `dir="auto"` decides. */
export function isRightToLeft(typed: string): boolean {
  const text = withoutDirectionControls(typed)
  if (!RTL_RE.test(text)) return false
  return (bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level ?? 0) % 2 === 1
}

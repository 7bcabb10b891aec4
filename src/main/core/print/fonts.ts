import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { create } from 'fontkit'
import type { Font } from 'fontkit'
import { BUNDLED_FAMILIES, FAMILY_STACKS } from '../../../shared/bundled-fonts'
import type { BundledFamily, FontWeight, TextLang } from '../../../shared/bundled-fonts'
import { woffToSfnt } from './woff-sfnt'

/**
 * The fonts labels and slips are printed with, bundled with the app (docs/printing.md): Noto Sans
 * for Latin, Greek and Cyrillic, Noto Sans Arabic and Hebrew, the Japanese, Korean, Simplified
 * and Traditional Chinese Noto Sans and Noto Emoji, all from the @fontsource packages (SIL Open
 * Font License).
 * Each package ships a font cut into unicode-range subsets; a document embeds only the subsets its
 * text needs, and text is measured with those same files, so what is measured is what prints,
 * whatever fonts the machine has.
 */

export type { FamilyId, FontWeight, TextLang } from '../../../shared/bundled-fonts'
export { cssFamilies } from '../../../shared/bundled-fonts'

type FamilyDef = BundledFamily
const FAMILIES = BUNDLED_FAMILIES
const STACKS = FAMILY_STACKS

/** The packages whose files the app bundles (electron-builder.yml copies the same list). */
export const FONT_PACKAGES: readonly string[] = FAMILIES.map(
  (family) => `@fontsource/${family.pkg}`,
)

export class BundledFontsMissingError extends Error {}

let rootOverride: string | undefined
/** Where the packages are, for a packaged app (resources/fonts) or a test; undefined resets. */
export function setFontRoot(dir: string | undefined): void {
  rootOverride = dir
  catalogue = undefined
  resolved.clear()
  loaded.clear()
}

/**
 * The folder holding `@fontsource/<package>`: the packaged app's resources (electron-builder's
 * extraResources), else the node_modules above this file (the source tree: CLI, tests, dev).
 */
function fontRoot(): string {
  const probe = (dir: string) => existsSync(join(dir, '@fontsource', 'noto-sans', 'unicode.json'))
  if (rootOverride !== undefined) return rootOverride
  const resources = (process as { resourcesPath?: string }).resourcesPath
  if (resources !== undefined && probe(join(resources, 'fonts'))) return join(resources, 'fonts')
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (probe(join(dir, 'node_modules'))) return join(dir, 'node_modules')
    if (dirname(dir) === dir) break
  }
  throw new BundledFontsMissingError(
    'The fonts for labels and slips are missing from this installation (@fontsource packages). Reinstall PerkPack.',
  )
}

export interface Face {
  family: FamilyDef
  weight: FontWeight
  subset: string
  file: string
  /** As the package's CSS declares it, for the @font-face rule. */
  unicodeRange: string
  ranges: ReadonlyArray<readonly [number, number]>
  /** Position in the catalogue: the @font-face rules are written in this order. */
  order: number
}

interface Loaded {
  font: Font
  /** The file as it is (the HTML embeds it). */
  bytes: Buffer
  /** The plain font it holds (fontkit reads it, the PDF embeds a subset of it). */
  sfnt: Buffer
  format: 'woff' | 'woff2'
  /** hhea ascender and descender (positive), in em. */
  ascent: number
  descent: number
  advances: Map<number, number>
}

interface Catalogue {
  root: string
  faces: Face[]
  /** Faces of a family and weight, last declared first: the order Chromium tries them in. */
  byFamily: Map<string, Face[]>
}

let catalogue: Catalogue | undefined
const loaded = new Map<string, Loaded>()

function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, '').split('-')
    const from = parseInt(start ?? '', 16)
    return [from, end === undefined ? from : parseInt(end, 16)]
  })
}

function loadCatalogue(): Catalogue {
  if (catalogue !== undefined) return catalogue
  const root = fontRoot()
  const faces: Face[] = []
  const byFamily = new Map<string, Face[]>()
  for (const family of FAMILIES) {
    const dir = join(root, '@fontsource', family.pkg)
    let subsets: Record<string, string>
    try {
      subsets = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<
        string,
        string
      >
    } catch {
      throw new BundledFontsMissingError(
        `The font package @fontsource/${family.pkg} is missing or damaged. Reinstall PerkPack.`,
      )
    }
    for (const weight of family.weights) {
      const list: Face[] = []
      for (const [key, unicodeRange] of Object.entries(subsets)) {
        if (family.subsets !== undefined && !family.subsets.includes(key)) continue
        const subset = key.replace(/[[\]]/g, '')
        const face: Face = {
          family,
          weight,
          subset,
          // WOFF, not woff2: the same font, but fontkit can subset it into a PDF (pdf-canvas.ts).
          file: join(dir, 'files', `${family.pkg}-${subset}-${weight}-normal.woff`),
          unicodeRange,
          ranges: parseRanges(unicodeRange),
          order: faces.length,
        }
        faces.push(face)
        list.push(face)
      }
      byFamily.set(`${family.id}:${weight}`, list.reverse())
    }
  }
  catalogue = { root, faces, byFamily }
  return catalogue
}

/**
 * A few WOFF files (Chinese subsets sc-101 and tc-119 of 5.3.0) have a cmap fontkit cannot read,
 * where their woff2 twins read, and subset, fine: those faces use the woff2 file.
 */
export const WOFF2_FACES: readonly string[] = ['noto-sans-sc-101-', 'noto-sans-tc-119-']

/** The file a face is read from: its WOFF file, or for WOFF2_FACES the woff2. */
function fontFile(face: Face): { file: string; format: 'woff' | 'woff2' } {
  return WOFF2_FACES.some((stem) => face.file.includes(`${stem}${face.weight}`))
    ? { file: face.file.replace(/\.woff$/, '.woff2'), format: 'woff2' }
    : { file: face.file, format: 'woff' }
}

function readFont(face: Face): {
  font: Font
  bytes: Buffer
  sfnt: Buffer
  format: 'woff' | 'woff2'
} {
  const { file, format } = fontFile(face)
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    throw new BundledFontsMissingError(
      `A font file of @fontsource/${face.family.pkg} is missing (${face.subset}, weight ${face.weight}). Reinstall PerkPack.`,
    )
  }
  const sfnt = woffToSfnt(bytes)
  return { font: create(sfnt), bytes, sfnt, format }
}

/** The parsed font of a face, read once. */
export function loadFace(face: Face): Loaded {
  let entry = loaded.get(face.file)
  if (entry === undefined) {
    const { font, bytes, sfnt, format } = readFont(face)
    entry = {
      font,
      bytes,
      sfnt,
      format,
      ascent: font.ascent / font.unitsPerEm,
      descent: -font.descent / font.unitsPerEm,
      advances: new Map(),
    }
    loaded.set(face.file, entry)
  }
  return entry
}

/** Advance width of one code point in em, without shaping (cached per face). */
export function advanceEm(face: Face, codePoint: number): number {
  const entry = loadFace(face)
  let advance = entry.advances.get(codePoint)
  if (advance === undefined) {
    advance = entry.font.glyphForCodePoint(codePoint).advanceWidth / entry.font.unitsPerEm
    entry.advances.set(codePoint, advance)
  }
  return advance
}

function inRanges(ranges: Face['ranges'], codePoint: number): boolean {
  for (const [from, to] of ranges) if (codePoint >= from && codePoint <= to) return true
  return false
}

const resolved = new Map<string, Face | null>()

/**
 * The face Chromium draws `codePoint` with: the first family of the lang's stack with a face
 * whose unicode-range holds it and whose font has a glyph for it (within a family, the face
 * declared last wins). A weight the family lacks falls back to its regular face, as Chromium
 * synthesises bold from it. Null when no bundled font has the character.
 */
export function faceFor(codePoint: number, lang: TextLang, weight: FontWeight): Face | null {
  const key = `${lang}:${weight}:${codePoint}`
  const cached = resolved.get(key)
  if (cached !== undefined) return cached
  const { byFamily } = loadCatalogue()
  let found: Face | null = null
  for (const id of STACKS[lang]) {
    const faces = byFamily.get(`${id}:${weight}`) ?? byFamily.get(`${id}:400`) ?? []
    found =
      faces.find(
        (face) =>
          inRanges(face.ranges, codePoint) && loadFace(face).font.hasGlyphForCodePoint(codePoint),
      ) ?? null
    if (found !== null) break
  }
  if (resolved.size > 200_000) resolved.clear()
  resolved.set(key, found)
  return found
}

/**
 * The "first available font" of an element (CSS Fonts 4): the stack's first face whose range
 * holds the space. Its ascent and descent shape every line box, so it is always embedded.
 */
export function strutFace(weight: FontWeight): Face {
  const face = faceFor(0x20, '', weight)
  if (face === null) throw new BundledFontsMissingError('The Latin font has no space character.')
  return face
}

const base64Cache = new Map<string, string>()

/** One @font-face rule of `face`, its file at `url`: the print documents and the window's. */
export function fontFaceRule(face: Face, url: string, format: 'woff' | 'woff2'): string {
  return (
    `@font-face { font-family: '${face.family.css}'; font-style: normal; font-weight: ${face.weight};` +
    ` src: url(${url}) format('${format}'); unicode-range: ${face.unicodeRange}; }`
  )
}

/**
 * @font-face rules for `faces`, the font bytes inline (a document must not load anything), in
 * catalogue order so that Chromium's choice among overlapping ranges is the one `faceFor` made.
 */
export function fontFaceCss(faces: Iterable<Face>): string {
  const sorted = [...new Set(faces)].sort((a, b) => a.order - b.order)
  return sorted
    .map((face) => {
      const { bytes, format } = loadFace(face)
      let data = base64Cache.get(face.file)
      if (data === undefined) {
        data = bytes.toString('base64')
        base64Cache.set(face.file, data)
      }
      return fontFaceRule(face, `data:font/${format};base64,${data}`, format)
    })
    .join('\n')
}

export interface BundledFace {
  face: Face
  /** The file the app bundles for it (fontFile): what the PDF embeds and the window loads. */
  file: string
  format: 'woff' | 'woff2'
}

/** Every face the app bundles, in catalogue order, with its file (nothing is read). */
export function bundledFaces(): BundledFace[] {
  return loadCatalogue().faces.map((face) => ({ face, ...fontFile(face) }))
}

/** Every font file the app bundles, with its size: for docs/printing.md and the packaging test. */
export function bundledFontFiles(): Array<{ pkg: string; file: string }> {
  return bundledFaces().map(({ face, file }) => ({ pkg: `@fontsource/${face.family.pkg}`, file }))
}

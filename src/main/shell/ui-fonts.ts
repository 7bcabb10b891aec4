import { basename } from 'node:path'
import { bundledFaces, fontFaceRule } from '../core/print/fonts'
import type { BundledFace } from '../core/print/fonts'

/**
 * The window's fallback fonts: the files labels and slips print with (fonts.ts), served from where
 * the app already has them (the font root: resources/fonts when packaged, node_modules in the
 * source tree) rather than copied into the renderer build. `/fonts.css` declares one @font-face
 * per bundled subset with its unicode-range, so the window fetches only the subsets its text
 * needs; `/fonts/<package>/files/<file>` answers the files those rules name, and nothing else.
 * Pure Node: app-protocol.ts (app://perkpack) and the web harness (static-files.ts) both use it.
 */
export const UI_FONTS_CSS_PATH = '/fonts.css'
const FILES_PREFIX = '/fonts/'

export type UiFontTarget =
  { ok: true; css: string } | { ok: true; file: string } | { ok: false; reason: string }

interface Served {
  css: string
  /** URL path to file: the only paths answered, so no path is ever joined onto the root. */
  files: Map<string, string>
}

/** Built once per catalogue (setFontRoot makes a new one, with new faces). */
const served = new WeakMap<object, Served>()

function urlPath({ face, file }: BundledFace): string {
  return `${FILES_PREFIX}${face.family.pkg}/files/${basename(file)}`
}

function servedFonts(): Served {
  const faces = bundledFaces()
  const key = faces[0]?.face ?? served
  let entry = served.get(key)
  if (entry === undefined) {
    // Catalogue order: among overlapping ranges the face declared last wins, as in the PDFs.
    entry = {
      css: `${faces.map((bundled) => fontFaceRule(bundled.face, urlPath(bundled), bundled.format)).join('\n')}\n`,
      files: new Map(faces.map((bundled) => [urlPath(bundled), bundled.file])),
    }
    served.set(key, entry)
  }
  return entry
}

/**
 * What `path` (a URL's path as sent, still percent-encoded) asks of the window's fonts: null when
 * it is not about them, else the CSS, a bundled file, or a refusal. A file is looked up by its
 * exact path among those the CSS names: `..`, `%2e%2e`, `//`, a file the app does not bundle
 * (another weight, the woff2 twin, the package's other files) match none and are refused.
 */
export function uiFontTarget(path: string): UiFontTarget | null {
  if (path !== UI_FONTS_CSS_PATH && !path.startsWith(FILES_PREFIX)) return null
  let fonts: Served
  try {
    fonts = servedFonts()
  } catch (error) {
    // Fonts missing from the installation: the window keeps the machine's fonts.
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
  if (path === UI_FONTS_CSS_PATH) return { ok: true, css: fonts.css }
  const file = fonts.files.get(path)
  return file === undefined ? { ok: false, reason: 'not a bundled font file' } : { ok: true, file }
}

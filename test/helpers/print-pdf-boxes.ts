import { execFileSync } from 'node:child_process'

/**
 * The text boxes of a real PDF as poppler's `pdftotext -bbox-layout` reports them: what a
 * printer will put on paper, read back. Coordinates in points from the page's top-left corner.
 */

export interface Rect {
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

export interface TextBox extends Rect {
  text: string
}

export interface PdfLine extends TextBox {
  words: TextBox[]
}

export interface PdfPage {
  widthPt: number
  heightPt: number
  lines: PdfLine[]
  words: TextBox[]
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

function rect(attrs: string): Rect {
  const value = (name: string) => Number(new RegExp(`${name}="([-\\d.]+)"`).exec(attrs)?.[1])
  return { xMin: value('xMin'), yMin: value('yMin'), xMax: value('xMax'), yMax: value('yMax') }
}

export function readBoxes(path: string): PdfPage[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  })
  const pages: PdfPage[] = []
  for (const pageMatch of xml.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g,
  )) {
    const page: PdfPage = {
      widthPt: Number(pageMatch[1]),
      heightPt: Number(pageMatch[2]),
      lines: [],
      words: [],
    }
    for (const lineMatch of (pageMatch[3] ?? '').matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
      const words: TextBox[] = []
      for (const word of (lineMatch[2] ?? '').matchAll(/<word ([^>]*)>([^<]*)<\/word>/g)) {
        words.push({ ...rect(word[1] ?? ''), text: decode(word[2] ?? '') })
      }
      const line = { ...rect(lineMatch[1] ?? ''), text: words.map((w) => w.text).join(' '), words }
      page.lines.push(line)
      page.words.push(...words)
    }
    pages.push(page)
  }
  return pages
}

/** `inner` lies within `outer`, give or take `tolerance` points. */
export function inside(inner: Rect, outer: Rect, tolerance = 0.01): boolean {
  return (
    inner.xMin >= outer.xMin - tolerance &&
    inner.yMin >= outer.yMin - tolerance &&
    inner.xMax <= outer.xMax + tolerance &&
    inner.yMax <= outer.yMax + tolerance
  )
}

/** The two boxes share area (touching edges do not count). */
export function overlap(a: Rect, b: Rect, tolerance = 0.01): boolean {
  return (
    Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin) > tolerance &&
    Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin) > tolerance
  )
}

/** Every pair of overlapping boxes among `boxes`, described (sweep over x, fine for a page). */
export function overlaps(boxes: readonly TextBox[]): string[] {
  const sorted = [...boxes].sort((a, b) => a.xMin - b.xMin)
  const out: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as TextBox
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as TextBox
      if (b.xMin >= a.xMax) break
      if (overlap(a, b)) out.push(`"${a.text}" overlaps "${b.text}"`)
    }
  }
  return out
}

import { createWriteStream } from 'node:fs'
import type { WriteStream } from 'node:fs'
import PDFDocument from 'pdfkit'
import { PerkPackError } from '../system/perkpack-errors'
import type { PdfEmbeddedFont } from 'pdfkit'
import type { Face } from './fonts'
import { loadFace } from './fonts'
import type { TextStyle } from './measure'
import type { Lines } from './slip-text'
import type { VisualRun } from './visual-runs'
import { isRightToLeft, visualRuns } from './visual-runs'

export type Align = 'start' | 'right' | 'center'

/**
 * A PDF file drawn by pdfkit with the bundled fonts, embedded and subsetted: only the glyphs a
 * document uses are in it. Text goes in as fontkit placed it (visual-runs.ts), so a line is drawn
 * exactly as wide as measure.ts measured it, in the order Chromium shows it. Lengths are points
 * from the page's top-left corner, as pdfkit and the layouts use them.
 */

function fontBytes(face: Face): Buffer {
  // Already read to measure with (fonts.ts), unpacked from its WOFF file.
  return loadFace(face).sfnt
}

/** Cancelled before the file was complete: the caller removes it. */
export function cancelledError(): PerkPackError {
  return new PerkPackError('print_cancelled', 'Cancelled: no PDF was written.')
}

/** Short numbers in the content stream; never exponent notation. */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0')
}

/** UTF-16BE with its byte order mark, as a PDF text string in hex. */
function utf16Hex(codePoints: readonly number[]): string {
  let hex = 'feff'
  for (const unit of String.fromCodePoint(...codePoints).split('')) hex += hex4(unit.charCodeAt(0))
  return hex
}

function sameText(a: readonly number[] | undefined, b: readonly number[]): boolean {
  return a !== undefined && a.length === b.length && a.every((value, i) => value === b[i])
}

export class PdfCanvas {
  readonly doc: PDFDocument
  private readonly out: WriteStream
  private readonly fonts = new Map<string, PdfEmbeddedFont>()
  private readonly finished: Promise<void>

  constructor(path: string, title: string) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      margin: 0,
      info: { Title: title, Producer: 'PerkPack', Creator: 'PerkPack' },
    })
    this.out = createWriteStream(path, { flags: 'wx', mode: 0o600 })
    this.finished = new Promise((resolve, reject) => {
      this.out.on('finish', () => resolve())
      this.out.on('error', reject)
      this.doc.on('error', reject)
    })
    // A failure before end() must not be an unhandled rejection; end() awaits it again.
    this.finished.catch(() => undefined)
    this.doc.pipe(this.out)
  }

  /** Pages added so far. */
  pages = 0

  /**
   * A new PDF file at `path` (created exclusively), its pages added by `draw`: ended when `draw`
   * is done, stopped on failure or cancel (the caller removes the file).
   */
  static async write<T>(
    path: string,
    title: string,
    draw: (canvas: PdfCanvas) => Promise<T>,
  ): Promise<T> {
    const canvas = new PdfCanvas(path, title)
    try {
      const result = await draw(canvas)
      await canvas.end()
      return result
    } catch (error) {
      await canvas.abort()
      throw error
    }
  }

  addPage(widthPt: number, heightPt: number): void {
    this.doc.addPage({ size: [widthPt, heightPt], margin: 0 })
    this.pages += 1
  }

  /**
   * A page drawn by `draw`; every `every` pages the file stream catches up (memory holds a few
   * pages, not the document) and a cancel is honoured.
   */
  async page(
    widthPt: number,
    heightPt: number,
    draw: () => void,
    signal?: AbortSignal,
    every = 50,
  ): Promise<void> {
    this.addPage(widthPt, heightPt)
    draw()
    if (this.pages % every === 0) await this.drain(signal)
  }

  /** The face embedded in this document (once), as pdfkit's font object. */
  private font(face: Face): PdfEmbeddedFont {
    let font = this.fonts.get(face.file)
    if (font === undefined) {
      this.doc.registerFont(face.file, fontBytes(face))
      this.doc.font(face.file)
      font = this.doc._font
      this.fonts.set(face.file, font)
    }
    return font
  }

  /** Width of `text` in points, as drawn (and as measured). */
  static widthPt(text: string, style: TextStyle, sizePt: number): number {
    return visualRuns(text, style).reduce((sum, run) => sum + run.widthEm, 0) * sizePt
  }

  /**
   * One line of text, its left edge at `x`, its baseline at `baseline`: the runs of
   * visual-runs.ts one after the other, each in its face. Returns the width drawn, in points.
   */
  text(
    text: string,
    x: number,
    baseline: number,
    sizePt: number,
    style: TextStyle,
    gray = 0,
  ): number {
    return this.runs(visualRuns(text, style), x, baseline, sizePt, gray)
  }

  /** `gray`: 0 black, 1 white (the documents' #333 is 0.2). */
  runs(runs: readonly VisualRun[], x: number, baseline: number, sizePt: number, gray = 0): number {
    const { doc } = this
    const height = doc.page.height
    // The colour every time: a rule drawn before (pdfkit's fill) leaves its own set.
    const ops: string[] = ['BT', `${num(gray)} g`]
    let at = x
    for (const run of runs) {
      if (run.face === null || run.glyphs.length === 0) {
        at += run.widthEm * sizePt
        continue
      }
      const font = this.font(run.face)
      doc.page.fonts[font.id] ??= font.ref()
      ops.push(`/${font.id} ${num(sizePt)} Tf`)
      // Glyphs in a row share one TJ; a glyph moved off its pen position (a mark) gets its own.
      let hex = ''
      let segmentX = at
      const flush = () => {
        if (hex !== '')
          ops.push(`1 0 0 1 ${num(segmentX)} ${num(height - baseline)} Tm <${hex}> Tj`)
        hex = ''
      }
      for (const glyph of run.glyphs) {
        const gid = font.subset.includeGlyph(glyph.id)
        font.widths[gid] ??= glyph.advanceEm * 1000
        font.unicode[gid] ??= glyph.codePoints
        // One glyph for two texts in a document (a form two letters share): the PDF's map
        // from glyph to text names the first; this one says its own.
        const ownText = !sameText(font.unicode[gid], glyph.codePoints)
        const moved = glyph.xOffsetEm !== 0 || glyph.yOffsetEm !== 0
        if (ownText || moved || glyph.xAdvanceEm !== glyph.advanceEm) {
          flush()
          const gx = at + glyph.xOffsetEm * sizePt
          const gy = height - baseline + glyph.yOffsetEm * sizePt
          const draw = `1 0 0 1 ${num(gx)} ${num(gy)} Tm <${hex4(gid)}> Tj`
          ops.push(
            ownText
              ? `/Span <</ActualText <${utf16Hex(glyph.codePoints)}>>> BDC ${draw} EMC`
              : draw,
          )
          at += glyph.xAdvanceEm * sizePt
          segmentX = at
          continue
        }
        hex += hex4(gid)
        at += glyph.xAdvanceEm * sizePt
      }
      flush()
    }
    ops.push('ET')
    if (ops.some((op) => op.endsWith('Tj'))) {
      // pdfkit's pages draw top-down (a flip on the page); text is set in the PDF's own space.
      doc.save()
      doc.transform(1, 0, 0, -1, 0, height)
      doc.addContent(ops.join('\n'))
      doc.restore()
    }
    return at - x
  }

  /**
   * A block of lines (slip-text.ts) with its top-left corner at (x, y), `width` wide: each line
   * on its block's baseline, aligned as the HTML aligns it (`start`: the line's own direction).
   */
  block(lines: Lines, x: number, y: number, width: number, align: Align = 'start', gray = 0) {
    let top = y
    for (const part of lines.parts) {
      const w = PdfCanvas.widthPt(part.text, lines.style, lines.sizePt)
      let left = x
      if (align === 'center') left += (width - w) / 2
      else if (align === 'right' || isRightToLeft(part.text)) left += width - w
      this.text(part.text, left, top + part.box.baselinePt, lines.sizePt, lines.style, gray)
      top += part.box.slotPt
    }
  }

  /** A filled rectangle: rules, bars. `gray` 0 is black. */
  rule(x: number, y: number, width: number, height: number, gray = 0): void {
    const channel = Math.round(gray * 255)
      .toString(16)
      .padStart(2, '0')
    this.doc.rect(x, y, width, height).fill(`#${channel}${channel}${channel}`)
  }

  /** A tick box: 9 pt square, 1 pt black border, its top-left corner at (x, y). */
  tickBox(x: number, y: number): void {
    this.doc
      .rect(x + 0.5, y + 0.5, 8, 8)
      .lineWidth(1)
      .stroke('#000')
  }

  /**
   * Lets the file stream take what pdfkit has produced, and waits until it has written it: a
   * long document written in one go would otherwise sit in memory until its end. A stream that
   * fails (a full disk, a folder gone read-only) emits 'error' and 'close', never 'drain': the
   * wait ends on those with the write error, and on a cancel.
   */
  async drain(signal?: AbortSignal): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve))
    if (this.out.errored !== null) throw this.out.errored
    if (signal?.aborted) throw cancelledError()
    if (!this.out.writableNeedDrain) return
    await new Promise<void>((resolve, reject) => {
      const settle = (outcome: () => void) => () => {
        this.out.off('drain', drained).off('error', failed).off('close', closed)
        signal?.removeEventListener('abort', cancelled)
        outcome()
      }
      const drained = settle(resolve)
      const failed = settle(() => reject(this.out.errored))
      const closed = settle(() => reject(this.out.errored ?? new Error('The file closed early.')))
      const cancelled = settle(() => reject(cancelledError()))
      this.out.once('drain', drained).once('error', failed).once('close', closed)
      signal?.addEventListener('abort', cancelled, { once: true })
    })
  }

  async end(): Promise<void> {
    this.doc.end()
    await this.finished
  }

  /** Stops writing (failure, cancel); the caller removes the file. */
  async abort(): Promise<void> {
    this.doc.unpipe(this.out)
    if (this.out.closed) return
    const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()))
    this.out.destroy()
    await closed
  }
}

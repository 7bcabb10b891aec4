// The part of pdfkit (https://github.com/foliojs/pdfkit) the PDF backend uses; the package ships
// no types. pdf-canvas.ts also reaches the embedded font of the current font (`_font`) and the
// page's content stream, to draw glyphs fontkit has already shaped and placed (bidi, no kerning).
declare module 'pdfkit' {
  import type { Readable } from 'node:stream'
  import type { Font as FontkitFont } from 'fontkit'

  export interface PdfFontSubset {
    /** The glyph's id in the subset. */
    includeGlyph(glyphId: number): number
  }

  export interface PdfEmbeddedFont {
    id: string
    font: FontkitFont
    subset: PdfFontSubset
    /** 1000 / unitsPerEm. */
    scale: number
    widths: Array<number | undefined>
    unicode: Array<number[] | undefined>
    ref(): unknown
  }

  export interface PdfPage {
    height: number
    fonts: Record<string, unknown>
  }

  export interface PdfDocumentOptions {
    size?: [number, number]
    margin?: number
    autoFirstPage?: boolean
    compress?: boolean
    info?: Record<string, string>
  }

  export default class PDFDocument extends Readable {
    constructor(options?: PdfDocumentOptions)
    page: PdfPage
    _font: PdfEmbeddedFont
    registerFont(name: string, src: Buffer): this
    font(name: string): this
    addPage(options?: PdfDocumentOptions): this
    addContent(data: string): this
    save(): this
    restore(): this
    transform(a: number, b: number, c: number, d: number, e: number, f: number): this
    rect(x: number, y: number, w: number, h: number): this
    moveTo(x: number, y: number): this
    lineTo(x: number, y: number): this
    lineWidth(width: number): this
    fillColor(color: string): this
    strokeColor(color: string): this
    fill(color?: string): this
    stroke(color?: string): this
    end(): void
  }
}

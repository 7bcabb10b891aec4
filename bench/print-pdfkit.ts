import { createWriteStream, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import bwipjs from 'bwip-js/node'
import type { CampaignContribution } from '../src/shared/api/schemas'
import { backerName } from '../src/shared/export/order-rows'
import { describeChoices, orderLines, orderNumberText } from '../src/shared/fulfillment'
import { formatAddressDetailed, LABEL_LAYOUTS, labelSlot } from '../src/main/services/print'
import type { Face, TextLang } from '../src/main/services/print/fonts'
import { faceFor } from '../src/main/services/print/fonts'
import { langOf } from '../src/main/services/print/html'
import { fitLabel } from '../src/main/services/print/label-fit'
import { POINTS_PER_UNIT } from '../src/main/services/print/layouts'
import { wrapText } from '../src/main/services/print/measure'

/**
 * The other candidate renderer, for the comparison in BENCHMARKS.md and docs/printing.md: the same
 * layout (label-fit.ts, the same fonts) drawn straight into a PDF by pdfkit, with the fonts
 * embedded and subsetted. Labels are complete; slips draw the same content (header, barcode,
 * addresses, item rows with rules, footer) one page per order, which is what their cost is made
 * of. Right-to-left lines are drawn in logical order: a real renderer would need a bidi step.
 */

interface PdfDoc {
  pipe(stream: NodeJS.WritableStream): void
  registerFont(name: string, data: Buffer): void
  font(name: string): PdfDoc
  fontSize(size: number): PdfDoc
  text(text: string, x: number, y: number, options?: Record<string, unknown>): PdfDoc
  widthOfString(text: string): number
  rect(x: number, y: number, w: number, h: number): PdfDoc
  moveTo(x: number, y: number): PdfDoc
  lineTo(x: number, y: number): PdfDoc
  lineWidth(width: number): PdfDoc
  stroke(): PdfDoc
  fill(color?: string): PdfDoc
  addPage(options?: Record<string, unknown>): PdfDoc
  end(): void
}

const PDFDocument = createRequire(__filename)('pdfkit') as new (
  options: Record<string, unknown>,
) => PdfDoc

class Writer {
  readonly doc: PdfDoc
  private readonly registered = new Set<string>()
  readonly done: Promise<void>

  constructor(out: string, size: [number, number]) {
    this.doc = new PDFDocument({ size, margin: 0, autoFirstPage: false })
    const stream = createWriteStream(out)
    this.done = new Promise((resolve, reject) => {
      stream.on('finish', () => resolve())
      stream.on('error', reject)
    })
    this.doc.pipe(stream)
  }

  /**
   * The face's WOFF file (the same font as its woff2): fontkit cannot subset most of the woff2
   * subsets for pdfkit ("Offset is outside the bounds of the DataView"), so a pdfkit renderer
   * would have to ship the larger WOFF (or TTF) files.
   */
  private use(face: Face): string {
    if (!this.registered.has(face.file)) {
      this.doc.registerFont(face.file, readFileSync(face.file.replace(/\.woff2$/, '.woff')))
      this.registered.add(face.file)
    }
    return face.file
  }

  /** One line, switching font where the bundled face changes (as Chromium would). */
  line(text: string, x: number, y: number, size: number, lang: TextLang, weight: 400 | 700 = 400) {
    let run = ''
    let runFace: Face | null = null
    let at = x
    const flush = () => {
      if (run === '' || runFace === null) return
      this.doc.font(this.use(runFace)).fontSize(size)
      this.doc.text(run, at, y, { lineBreak: false })
      at += this.doc.widthOfString(run)
      run = ''
    }
    for (const char of text) {
      const face: Face | null = faceFor(char.codePointAt(0) as number, lang, weight) ?? runFace
      if (face !== runFace && /\P{M}/u.test(char)) {
        flush()
        runFace = face
      }
      run += char
    }
    flush()
  }

  async end(): Promise<void> {
    this.doc.end()
    await this.done
  }
}

export async function pdfkitLabels(
  orders: readonly CampaignContribution[],
  out: string,
): Promise<number> {
  const layout = LABEL_LAYOUTS.avery5160
  const k = POINTS_PER_UNIT[layout.unit]
  const spec = {
    widthPt: (layout.labelWidth - 2 * layout.paddingX) * k,
    heightPt: (layout.labelHeight - 2 * layout.paddingY) * k,
    maxPt: layout.maxFontPt,
    minPt: layout.minFontPt,
    summaryMaxPt: layout.summaryMaxPt,
    summaryMinPt: layout.summaryMinPt,
  }
  const writer = new Writer(out, [layout.pageWidth * k, layout.pageHeight * k])
  let page = -1
  orders.forEach((row, i) => {
    const slot = labelSlot(layout, i)
    if (slot.page !== page) {
      writer.doc.addPage()
      page = slot.page
    }
    const address = formatAddressDetailed(row.order.shipping!, {})
    const lang = langOf(address.countryCode)
    const items = orderLines(row).map((line) => line.skuCode)
    const fit = fitLabel(address.lines, lang, { head: orderNumberText(row.order), items }, spec)
    const x = (slot.x + layout.paddingX) * k
    let y = (slot.y + layout.paddingY) * k + Math.max(0, (fit.availablePt - fit.heightPt) / 2)
    for (const line of fit.lines) {
      writer.line(line.text, x, y + line.box.padTopPt, fit.fontPt, lang)
      y += line.box.slotPt
    }
    if (fit.summary) {
      const top = (slot.y + layout.paddingY) * k + spec.heightPt - fit.summary.box.slotPt
      writer.line(fit.summary.text, x, top, fit.summary.fontPt, lang)
    }
  })
  await writer.end()
  return page + 1
}

/** Code 128 bars as filled rectangles, from bwip-js's encoding (as barcode.ts draws them). */
function barcode(doc: PdfDoc, text: string, x: number, y: number): number {
  const encoded = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs?: number[] }>
  let at = x + 10 * 1.08
  ;(encoded[0]?.sbs ?? []).forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, y, width * 1.08, 40)
    at += width * 1.08
  })
  doc.fill('#000')
  return at + 10 * 1.08 - x
}

export async function pdfkitSlips(
  orders: readonly CampaignContribution[],
  out: string,
  title: string,
): Promise<number> {
  const [width, height, margin] = [612, 792, 36]
  const writer = new Writer(out, [width, height])
  const { doc } = writer
  const column = (width - 2 * margin - 12) / 2
  let pages = 0
  for (const row of orders) {
    const lines = orderLines(row)
    const perPage = 30
    for (let first = 0; first < Math.max(1, lines.length); first += perPage) {
      doc.addPage()
      pages += 1
      const orderId = String(row.order.id)
      const barWidth = barcode(doc, orderId, width - margin - 120, margin)
      writer.line(orderId, width - margin - barWidth / 2 - 20, margin + 42, 10, '')
      writer.line(title, margin, margin, 13, '')
      writer.line('Packing slip', margin, margin + 17, 20, '', 700)
      writer.line(
        `${orderNumberText(row.order)} · Order ID ${orderId}`,
        margin,
        margin + 44,
        10,
        '',
      )
      doc
        .moveTo(margin, margin + 70)
        .lineTo(width - margin, margin + 70)
        .lineWidth(1)
        .stroke()
      let y = margin + 82
      writer.line('SHIP TO', margin, y, 8, '')
      writer.line('BACKER', margin + column + 12, y, 8, '')
      const address = row.order.shipping ? formatAddressDetailed(row.order.shipping, {}) : null
      const lang = langOf(address?.countryCode)
      let ay = y + 12
      for (const text of address?.lines ?? ['No shipping address']) {
        for (const piece of wrapText(text, column / 11, { lang, weight: 400 })) {
          writer.line(piece, margin, ay, 11, lang)
          ay += 15
        }
      }
      writer.line(backerName(row), margin + column + 12, y + 12, 10, '')
      y = Math.max(ay, y + 40) + 12
      for (const line of lines.slice(first, first + perPage)) {
        writer.line(line.skuCode, margin + 28, y, 10, '')
        writer.line(line.itemName, margin + 160, y, 10, '')
        writer.line(describeChoices(line.choices), margin + 360, y, 10, '')
        writer.line(String(line.quantity), width - margin - 20, y, 10, '', 700)
        doc
          .rect(margin + 4, y, 9, 9)
          .lineWidth(1)
          .stroke()
        doc
          .moveTo(margin, y + 16)
          .lineTo(width - margin, y + 16)
          .lineWidth(0.5)
          .stroke()
        y += 21
      }
      writer.line(
        `${orderNumberText(row.order)} · page 1 of 1`,
        width - margin - 120,
        height - margin - 10,
        8,
        '',
      )
    }
  }
  await writer.end()
  return pages
}

/** The baseline: the same number of pages of plain text, pdfkit's built-in Helvetica. */
export async function pdfkitPlain(pages: number, out: string): Promise<void> {
  const doc = new PDFDocument({ size: [612, 792], margin: 0, autoFirstPage: false })
  const stream = createWriteStream(out)
  const done = new Promise<void>((resolve) => stream.on('finish', () => resolve()))
  doc.pipe(stream)
  for (let p = 0; p < pages; p++) {
    doc.addPage()
    doc.font('Helvetica').fontSize(10)
    for (let l = 0; l < 30; l++) {
      doc.text(`Page ${p + 1}, line ${l + 1}: 1234 Maple Street`, 36, 36 + l * 14, {
        lineBreak: false,
      })
    }
  }
  doc.end()
  await done
}

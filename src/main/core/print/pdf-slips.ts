import type { CampaignContribution } from '../../../shared/api/schemas'
import type { NotShipping } from '../../../shared/fulfillment'
import { barRects } from './barcode'
import { CELL_PAD_X, CELL_PAD_Y, CELL_RULE, HEAD_RULE } from './item-table'
import { PdfCanvas } from './pdf-canvas'
import type { Align } from './pdf-canvas'
import type { Row, SlipLayout, SlipOptions } from './slip-layout'
import {
  BARCODE_HEIGHT,
  CHECK_COL,
  FOOT_PAD,
  FOOT_RULE,
  isSlip,
  QTY_COL,
  SECTION_GAP,
  SlipLayouter,
  T,
} from './slip-layout'
import type { Lines } from './slip-text'

/**
 * Packing slips drawn straight into a PDF file (pdfkit), from the same layout as the HTML
 * (slip-layout.ts): every block where slips.ts's CSS puts it, the rules and tick boxes as
 * rectangles, the barcode as bars. Orders are laid out and drawn one at a time, and the file
 * stream is given time to write every few pages, so memory holds a page, not the document.
 */

/** The HTML's #444 (captions, table heads, page numbers) and #999 (rules). */
const GRAY_444 = 0x44 / 0xff
const GRAY_999 = 0x99 / 0xff

class SlipPainter {
  private readonly left: number
  private readonly top: number

  constructor(
    private readonly canvas: PdfCanvas,
    private readonly layouter: SlipLayouter,
  ) {
    this.left = layouter.paper.marginPt
    this.top = layouter.paper.marginPt
  }

  /** A block of lines at (x, y) inside the page's margins, `width` wide. */
  private block(lines: Lines, x: number, y: number, width: number, align?: Align, gray = 0) {
    this.canvas.block(lines, this.left + x, this.top + y, width, align, gray)
  }

  private rule(x: number, y: number, width: number, height: number, gray: number) {
    this.canvas.rule(this.left + x, this.top + y, width, height, gray)
  }

  page(slip: SlipLayout, chunk: readonly Row[], page: number): void {
    const { layouter } = this
    const { innerWidth, innerHeight, columnWidth, cols } = layouter
    const text = (texts: string[], type: (typeof T)[keyof typeof T], width: number) =>
      layouter.text(texts, type, width)

    // Head: title, heading and meta on the left; barcode and its digits on the right.
    let y = 0
    for (const lines of [slip.campaign, slip.heading, slip.meta]) {
      this.block(lines, 0, y, slip.textWidth)
      y += lines.heightPt
    }
    const barX = innerWidth - slip.barcodeWidth
    for (const [x, w] of barRects(slip.barcode)) this.rule(barX + x, 0, w, BARCODE_HEIGHT, 0)
    this.block(slip.barcodeId, barX, BARCODE_HEIGHT, slip.barcodeWidth, 'center')
    this.rule(0, slip.headHeight - HEAD_RULE, innerWidth, HEAD_RULE, 0)

    // Parties: ship-to on the left, backer on the right, each under its caption.
    const partiesTop = slip.headHeight + SECTION_GAP
    const shipCaption = text(['SHIP TO'], T.caption, columnWidth)
    this.block(shipCaption, 0, partiesTop, columnWidth, 'start', GRAY_444)
    this.block(slip.shipTo, 0, partiesTop + shipCaption.heightPt, columnWidth)
    const backerX = innerWidth - columnWidth
    const backerCaption = text(['BACKER'], T.caption, columnWidth)
    this.block(backerCaption, backerX, partiesTop, columnWidth, 'start', GRAY_444)
    this.block(slip.backer, backerX, partiesTop + backerCaption.heightPt, columnWidth)

    // Items: the table's columns, head, rows and foot.
    y = slip.headHeight + slip.partiesHeight + SECTION_GAP
    if (page > 0) {
      const continued = text([`Continued from page ${page} of this order`], T.continued, innerWidth)
      this.block(continued, 0, y, innerWidth, 'start', GRAY_444)
      y += continued.heightPt
    }
    const widths = [CHECK_COL, cols.sku, cols.item, cols.choices, QTY_COL]
    const xs = widths.map((_, i) => widths.slice(0, i).reduce((sum, w) => sum + w, 0))
    const cellX = (i: number) => (xs[i] ?? 0) + CELL_PAD_X
    const cellW = (i: number) => (widths[i] ?? 0) - 2 * CELL_PAD_X
    layouter.thead.forEach((head, i) =>
      this.block(head, cellX(i + 1), y + CELL_PAD_Y, cellW(i + 1), 'start', GRAY_444),
    )
    this.block(layouter.qtyHead, cellX(4), y + CELL_PAD_Y, cellW(4), 'right', GRAY_444)
    this.rule(0, y + layouter.theadHeight - HEAD_RULE, innerWidth, HEAD_RULE, 0)
    y += layouter.theadHeight
    if (slip.count === 0) {
      const none = text(['No items in this order'], T.cell, innerWidth - 2 * CELL_PAD_X)
      this.block(none, cellX(1), y + CELL_PAD_Y, innerWidth - CHECK_COL - 2 * CELL_PAD_X)
      const height = none.heightPt + 2 * CELL_PAD_Y + CELL_RULE
      this.rule(0, y + height - CELL_RULE, innerWidth, CELL_RULE, GRAY_999)
      y += height
    }
    for (const row of chunk) {
      // The tick box, 2 pt below the cell's padding (item-table.ts).
      this.canvas.tickBox(this.left + CELL_PAD_X, this.top + y + CELL_PAD_Y + 2)
      row.cells.forEach((cell, i) => this.block(cell, cellX(i + 1), y + CELL_PAD_Y, cellW(i + 1)))
      this.block(row.qty, cellX(4), y + CELL_PAD_Y, cellW(4), 'right')
      this.rule(0, y + row.heightPt - CELL_RULE, innerWidth, CELL_RULE, GRAY_999)
      y += row.heightPt
    }
    const spanWidth = cols.sku + cols.item + cols.choices
    if (page === slip.chunks.length - 1) {
      const lines = slip.count === 1 ? 'line' : 'lines'
      const total = text([`Total units (${slip.count} ${lines})`], T.cellBold, innerWidth)
      this.block(total, cellX(1), y + CELL_PAD_Y, spanWidth - 2 * CELL_PAD_X)
      this.block(
        text([slip.unitsText], T.cellBold, QTY_COL),
        cellX(4),
        y + CELL_PAD_Y,
        cellW(4),
        'right',
      )
      // What follows in a later parcel: under the total (its room was kept on every page).
      if (slip.parcel !== null)
        this.block(slip.parcel, 0, y + this.layouter.tfootHeight + SECTION_GAP / 2, innerWidth)
    } else {
      const next = text(['Continued on the next page'], T.continued, innerWidth)
      this.block(
        next,
        cellX(1),
        y + CELL_PAD_Y,
        spanWidth + QTY_COL - 2 * CELL_PAD_X,
        'start',
        GRAY_444,
      )
    }

    // Foot: a rule, the note, the page number on the right.
    y = innerHeight - layouter.footHeight
    this.rule(0, y, innerWidth, FOOT_RULE, GRAY_999)
    y += FOOT_RULE + FOOT_PAD
    if (layouter.note !== undefined) {
      this.block(layouter.note, 0, y, innerWidth)
      y += layouter.note.heightPt
    }
    const number = text(
      [`${slip.pageTitle} · page ${page + 1} of ${slip.chunks.length}`],
      T.pageNumber,
      innerWidth,
    )
    this.block(number, 0, y, innerWidth, 'right', GRAY_444)
  }
}

export interface SlipsPdfWritten {
  slips: number
  pages: number
  skipped: NotShipping[]
  warnings: SlipLayouter['warnings']
}

/** The slips of `orders` to a new PDF file at `path` (created exclusively; the caller removes it on failure). */
export async function writeSlipsPdf(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
  path: string,
  signal?: AbortSignal,
): Promise<SlipsPdfWritten> {
  const layouter = new SlipLayouter(options)
  const { widthPt, heightPt } = layouter.paper
  const skipped: NotShipping[] = []
  let slips = 0
  const pages = await PdfCanvas.write(path, `Packing slips: ${layouter.title}`, async (canvas) => {
    const painter = new SlipPainter(canvas, layouter)
    for (const row of orders) {
      const slip = layouter.layout(row)
      if (!isSlip(slip)) {
        skipped.push(slip)
        continue
      }
      slips += 1
      for (const [page, chunk] of slip.chunks.entries()) {
        await canvas.page(widthPt, heightPt, () => painter.page(slip, chunk, page), signal)
      }
    }
    return canvas.pages
  })
  return { slips, pages, skipped, warnings: layouter.warnings }
}

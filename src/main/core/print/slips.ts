import type { CampaignContribution } from '../../../shared/api/schemas'
import type { NotShipping } from '../../../shared/fulfillment'
import { barsSvg } from './barcode'
import { fontFaceCss } from './fonts'
import { escapeHtml, htmlDocument, pt } from './html'
import { CELL_PAD_X, HEAD_RULE, itemTableCss } from './item-table'
import type { Paper } from './papers'
import type { SlipLayout, SlipOptions, SlipWarning } from './slip-layout'
import {
  CHECK_COL,
  FOOT_PAD,
  FOOT_RULE,
  HEAD_PAD,
  isSlip,
  QTY_COL,
  SECTION_GAP,
  SlipLayouter,
  T,
} from './slip-layout'
import { pagedDocumentCss } from './slip-text'

export type { SlipOptions, SlipWarning } from './slip-layout'

export interface SlipsResult {
  html: string
  /** Orders with a slip: those that ship, as labels and the shipper CSV. */
  slips: number
  /** One per slip, more for a slip whose item list needs continuation pages. */
  pages: number
  /** Orders without a slip, and why (shared/fulfillment/shipping.ts). */
  skipped: NotShipping[]
  warnings: SlipWarning[]
}

function slipCss(paper: Paper, faces: string): string {
  return `${pagedDocumentCss(paper, faces, Object.values(T), 'slip')}
.head { box-sizing: border-box; border-bottom: ${pt(HEAD_RULE)} solid #000; padding-bottom: ${pt(HEAD_PAD)}; }
.barcode { float: right; margin-left: ${pt(SECTION_GAP)}; }
.barcode svg { display: block; }
.bcid { text-align: center; }
.parties { box-sizing: border-box; padding-top: ${pt(SECTION_GAP)}; }
.shipto { float: left; }
.backer { float: right; }
.caption { color: #444; }
.items { box-sizing: border-box; padding-top: ${pt(SECTION_GAP)}; }
${itemTableCss()}
tfoot td { border-bottom: none; }
.continued { color: #444; }
.parcel-note { padding-top: ${pt(SECTION_GAP / 2)}; }
.foot { box-sizing: border-box; border-top: ${pt(FOOT_RULE)} solid #999; padding-top: ${pt(FOOT_PAD)}; }`
}

/** The HTML pages of one order's slip (its layout: slip-layout.ts). */
function slipPages(slip: SlipLayout, layouter: SlipLayouter): string[] {
  const { innerWidth, columnWidth, cols } = layouter
  const text = (texts: string[], type: (typeof T)[keyof typeof T], widthPt: number) =>
    layouter.text(texts, type, widthPt).html
  const barcode = barsSvg(slip.barcode)
  const thead = layouter.thead.map((l) => l.html)
  return slip.chunks.map((chunk, page) => {
    const last = page === slip.chunks.length - 1
    let html = `<section class="slip" data-order-id="${escapeHtml(slip.orderId)}">`
    html += `<div class="head" style="height:${pt(slip.headHeight)}">`
    html += `<div class="barcode" style="width:${pt(slip.barcodeWidth)}">${barcode}${slip.barcodeId.html}</div>`
    html += `<div class="text" style="width:${pt(slip.textWidth)}">${slip.campaign.html}${slip.heading.html}${slip.meta.html}</div>`
    html += '</div>'

    html += `<div class="parties" style="height:${pt(slip.partiesHeight)}">`
    html += `<div class="shipto" style="width:${pt(columnWidth)}"${slip.lang === '' ? '' : ` lang="${slip.lang}"`}>${text(['SHIP TO'], T.caption, columnWidth)}${slip.shipTo.html}</div>`
    html += `<div class="backer" style="width:${pt(columnWidth)}">${text(['BACKER'], T.caption, columnWidth)}${slip.backer.html}</div>`
    html += '</div>'

    html += `<div class="items" style="height:${pt(slip.itemsHeight)}">`
    if (page > 0) {
      html += text([`Continued from page ${page} of this order`], T.continued, innerWidth)
    }
    html += '<table><colgroup>'
    for (const width of [CHECK_COL, cols.sku, cols.item, cols.choices, QTY_COL]) {
      html += `<col style="width:${pt(width)}">`
    }
    html += `</colgroup><thead><tr><th class="check"></th><th>${thead.join('</th><th>')}</th>`
    html += `<th class="num">${layouter.qtyHead.html}</th></tr></thead><tbody>`
    if (slip.count === 0) {
      html += `<tr><td class="check"></td><td colspan="4">${text(['No items in this order'], T.cell, innerWidth - 2 * CELL_PAD_X)}</td></tr>`
    }
    for (const row of chunk) {
      html += '<tr><td class="check"><span class="box"></span></td>'
      for (const cell of row.cells) html += `<td dir="auto">${cell.html}</td>`
      html += `<td class="num">${row.qty.html}</td></tr>`
    }
    html += '</tbody><tfoot><tr><td></td>'
    html += last
      ? `<td colspan="3">${text([`Total units (${slip.count} line${slip.count === 1 ? '' : 's'})`], T.cellBold, innerWidth)}</td><td class="num">${text([slip.unitsText], T.cellBold, QTY_COL)}</td>`
      : `<td colspan="4">${text(['Continued on the next page'], T.continued, innerWidth)}</td>`
    html += '</tr></tfoot></table>'
    if (last && slip.parcel !== null) html += `<div class="parcel-note">${slip.parcel.html}</div>`
    html += '</div>'

    html += `<div class="foot" style="height:${pt(layouter.footHeight)}">`
    if (layouter.note !== undefined) html += layouter.note.html
    html += text(
      [`${slip.pageTitle} · page ${page + 1} of ${slip.chunks.length}`],
      T.pageNumber,
      innerWidth,
    )
    html += '</div></section>'
    return html
  })
}

/**
 * Packing slips, one page per order (continued on further pages only when its item list is too
 * long for one), as one self-contained HTML document for Chromium's print: the app's print
 * dialog and the preview. Each slip carries the campaign, the order's sequence number and id
 * (also as a Code 128 barcode), the backer, the ship-to address and a checklist of the parcel's
 * items. PDF files come from pdf-slips.ts, of the same layout.
 */
export function renderPackingSlips(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
): SlipsResult {
  const layouter = new SlipLayouter(options)
  const skipped: NotShipping[] = []
  const pagesHtml: string[] = []
  let slips = 0
  for (const row of orders) {
    const slip = layouter.layout(row)
    if (!isSlip(slip)) {
      skipped.push(slip)
      continue
    }
    slips++
    pagesHtml.push(...slipPages(slip, layouter))
  }
  return {
    html: htmlDocument(
      `Packing slips: ${layouter.title}`,
      slipCss(layouter.paper, fontFaceCss(layouter.faces.all())),
      pagesHtml.join('\n'),
    ),
    slips,
    pages: pagesHtml.length,
    skipped,
    warnings: layouter.warnings,
  }
}

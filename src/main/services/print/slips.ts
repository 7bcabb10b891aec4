import type { CampaignContribution } from '../../../shared/api/schemas'
import { backerName } from '../../../shared/export/order-rows'
import { describeChoices, orderLines, perkLabels } from '../../../shared/fulfillment'
import type { OrderLine } from '../../../shared/fulfillment'
import type { AddressOptions } from './address'
import { formatAddressDetailed } from './address'
import { code128Svg } from './barcode'
import { fitLines, wrapText } from './fit'
import {
  cssNumber,
  escapeHtml,
  FONT_STACK,
  htmlDocument,
  LANG_FONT_CSS,
  langAttribute,
} from './html'

import type { SlipPaper } from '../../../shared/ipc/enums'

export interface SlipOptions extends AddressOptions {
  paper: SlipPaper
  campaignTitle: string
  /** Printed at the foot of every slip (set in Settings): returns policy, a thank-you, ... */
  footerNote?: string
}

export interface SlipWarning {
  contributionId: number
  sequenceNumber: number | null
  message: string
}

export interface SlipsResult {
  html: string
  /** One per order, more for an order whose item list needs continuation pages. */
  pages: number
  warnings: SlipWarning[]
}

interface Paper {
  /** CSS `@page` size, in the paper's own unit. */
  size: string
  widthPt: number
  heightPt: number
  marginPt: number
}

const PAPERS: Readonly<Record<SlipPaper, Paper>> = {
  letter: { size: '8.5in 11in', widthPt: 612, heightPt: 792, marginPt: 36 },
  a4: {
    size: '210mm 297mm',
    widthPt: (210 / 25.4) * 72,
    heightPt: (297 / 25.4) * 72,
    marginPt: 36,
  },
}

// Type sizes (pt) and line heights; the page is laid out from these numbers, so the CSS below
// uses the same constants and the estimate of what fits matches what Chromium draws.
const TITLE_MAX = 13
const TITLE_MIN = 9
const HEADING = 20
const META = 10
const LABEL = 8
const ADDRESS = 11
const BACKER = 10
const CELL = 10
const FOOTER = 9
const LH = 1.3
const CELL_LH = 1.25
const CELL_PAD_Y = 4
const CELL_PAD_X = 4
const BARCODE_HEIGHT = 40
const SECTION_GAP = 12
/** Rule under the header and the table's borders, with rounding headroom. */
const RULE = 1.5

const CHECK_COL = 24
const QTY_COL = 44

interface Columns {
  sku: number
  item: number
  choices: number
}

function columns(innerWidth: number): Columns {
  const rest = innerWidth - CHECK_COL - QTY_COL
  return { sku: rest * 0.24, item: rest * 0.44, choices: rest * 0.32 }
}

/** Lines a cell's text takes at the cell size, wrapped as the browser will (at spaces first). */
function cellLines(text: string, widthPt: number): number {
  if (text === '') return 1
  return wrapText(text, (widthPt - 2 * CELL_PAD_X) / CELL).length
}

function rowHeight(line: OrderLine, cols: Columns): number {
  const lines = Math.max(
    cellLines(line.skuCode, cols.sku),
    cellLines(line.itemName, cols.item),
    cellLines(describeChoices(line.choices), cols.choices),
  )
  return lines * CELL * CELL_LH + 2 * CELL_PAD_Y + 1
}

function wrappedCount(text: string, widthPt: number, sizePt: number): number {
  let count = 0
  for (const paragraph of text.split('\n')) count += wrapText(paragraph, widthPt / sizePt).length
  return count
}

/** Order lines split into pages; an order always gets at least one page. */
function paginate(lines: OrderLine[], heights: number[], capacity: number): OrderLine[][] {
  const pages: OrderLine[][] = [[]]
  let used = 0
  lines.forEach((line, i) => {
    const height = heights[i] ?? 0
    const page = pages[pages.length - 1] as OrderLine[]
    if (page.length > 0 && used + height > capacity) {
      pages.push([line])
      used = height
    } else {
      page.push(line)
      used += height
    }
  })
  return pages
}

function slipCss(paper: Paper): string {
  const pt = (value: number) => `${cssNumber(value)}pt`
  return `@page { size: ${paper.size}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { font-family: ${FONT_STACK}; color: #000; background: #fff; }
${LANG_FONT_CSS}
.slip { position: relative; box-sizing: border-box; width: ${pt(paper.widthPt)}; height: ${pt(paper.heightPt)};
  padding: ${pt(paper.marginPt)}; overflow: hidden; display: flex; flex-direction: column;
  break-after: page; page-break-after: always; }
.slip:last-child { break-after: auto; page-break-after: auto; }
.head { display: flex; justify-content: space-between; gap: ${pt(SECTION_GAP)}; flex: none;
  border-bottom: 1pt solid #000; box-sizing: border-box; }
.head .text { min-width: 0; flex: 1; }
.campaign { line-height: 1.2; overflow-wrap: anywhere; }
h1 { font-size: ${pt(HEADING)}; line-height: 1.2; margin: 0; font-weight: 700; }
.meta { font-size: ${pt(META)}; line-height: ${LH}; }
.barcode { flex: none; text-align: center; font-size: ${pt(META)}; line-height: ${LH}; }
.barcode svg { display: block; margin: 0 auto; }
.parties { display: flex; gap: ${pt(SECTION_GAP)}; flex: none; box-sizing: border-box;
  padding-top: ${pt(SECTION_GAP)}; }
.parties > div { flex: 1 1 0; min-width: 0; }
.caption { font-size: ${pt(LABEL)}; line-height: ${LH}; text-transform: uppercase; letter-spacing: 0.05em; color: #444; }
/* Each line keeps its own direction (an Arabic name) but every line starts at the left edge. */
.l { overflow-wrap: anywhere; unicode-bidi: plaintext; text-align: left; }
.shipto .l { font-size: ${pt(ADDRESS)}; line-height: ${LH}; }
.backer .l { font-size: ${pt(BACKER)}; line-height: ${LH}; }
.missing { font-size: ${pt(ADDRESS)}; line-height: ${LH}; font-weight: 700; }
.items { flex: 1 1 auto; min-height: 0; }
table { border-collapse: collapse; table-layout: fixed; width: 100%; font-size: ${pt(CELL)}; }
th, td { padding: ${pt(CELL_PAD_Y)} ${pt(CELL_PAD_X)}; line-height: ${CELL_LH}; text-align: left;
  vertical-align: top; overflow-wrap: anywhere; border-bottom: 0.5pt solid #999; }
th { font-size: ${pt(LABEL)}; text-transform: uppercase; letter-spacing: 0.05em; border-bottom: 1pt solid #000; }
td.qty, th.qty { text-align: right; }
td.qty { font-weight: 700; }
td.check { padding-right: 0; }
.box { display: inline-block; width: ${pt(CELL * 0.9)}; height: ${pt(CELL * 0.9)}; border: 1pt solid #000;
  box-sizing: border-box; vertical-align: -1pt; }
tfoot td { border-bottom: none; font-weight: 700; }
.continued { font-size: ${pt(META)}; line-height: ${LH}; font-style: italic; }
.foot { flex: none; box-sizing: border-box; border-top: 0.5pt solid #999; padding-top: 4pt; }
.note { font-size: ${pt(FOOTER)}; line-height: ${LH}; white-space: pre-wrap; overflow-wrap: anywhere; }
.pageno { font-size: ${pt(LABEL)}; line-height: ${LH}; color: #444; text-align: right; }`
}

/**
 * Packing slips, one page per order (continued on further pages only when its item list is too
 * long for one), as one self-contained HTML document for Chromium's print. Each slip carries
 * the campaign, the order's sequence number and id (also as a Code 128 barcode), the backer,
 * the ship-to address and a checklist of the parcel's items.
 */
export function renderPackingSlips(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
): SlipsResult {
  const paper = PAPERS[options.paper]
  if (paper === undefined) throw new RangeError(`Unknown paper size: ${String(options.paper)}`)
  const addressOptions: AddressOptions = {
    senderCountry: options.senderCountry,
    locale: options.locale,
  }
  const innerWidth = paper.widthPt - 2 * paper.marginPt
  const innerHeight = paper.heightPt - 2 * paper.marginPt
  const cols = columns(innerWidth)
  const pt = (value: number) => `${cssNumber(value)}pt`

  const footerNote = (options.footerNote ?? '').replace(/\r\n?/g, '\n').trim()
  const noteLines = footerNote === '' ? 0 : wrappedCount(footerNote, innerWidth, FOOTER)
  const footHeight = 4 + 0.5 + noteLines * FOOTER * LH + LABEL * LH + 2

  const title = options.campaignTitle.replace(/\s+/g, ' ').trim()
  const warnings: SlipWarning[] = []
  const pagesHtml: string[] = []

  for (const row of orders) {
    const order = row.order
    const warn = (message: string) =>
      warnings.push({
        contributionId: row.id,
        sequenceNumber: order.sequence_number ?? null,
        message,
      })
    const orderId = String(order.id)
    // "Order #12", or "Order ID 70001" when the API sent no order number.
    const pageTitle =
      order.sequence_number == null ? `Order ID ${orderId}` : `Order #${order.sequence_number}`
    const barcode = code128Svg(orderId, { heightPt: BARCODE_HEIGHT })
    const barcodeWidth = Number(/width="([\d.]+)pt"/.exec(barcode)?.[1] ?? 0)

    // Header: the title shrinks to fit beside the barcode and wraps only below TITLE_MIN.
    const titleFit = fitLines([title], {
      widthPt: innerWidth - barcodeWidth - SECTION_GAP,
      heightPt: Infinity,
      maxPt: TITLE_MAX,
      minPt: TITLE_MIN,
      lineHeight: 1.2,
    })
    const headText = titleFit.lines.length * titleFit.fontPt * 1.2 + HEADING * 1.2 + 2 * META * LH
    const headHeight = Math.max(headText, BARCODE_HEIGHT + META * LH) + 6 + 1

    // Ship-to and backer columns.
    const columnWidth = (innerWidth - SECTION_GAP) / 2
    const shipping = order.shipping
    let addressHtml: string
    let addressLines: number
    let lang = ''
    const address = shipping ? formatAddressDetailed(shipping, addressOptions) : null
    if (address === null || address.lines.length === 0) {
      // An address whose every part is blank is no more use than none: say so, not a gap.
      addressHtml = '<div class="missing">No shipping address (hidden or never given)</div>'
      addressLines = 2
      warn('No shipping address: the slip prints without one')
    } else {
      lang = langAttribute(address.countryCode)
      addressHtml = address.lines
        .map((line) => `<div class="l" dir="auto">${escapeHtml(line)}</div>`)
        .join('')
      addressLines = address.lines.reduce(
        (sum, line) => sum + wrappedCount(line, columnWidth, ADDRESS),
        0,
      )
    }
    const perks = perkLabels(order.perks, ', ')
    const created = row.created_at?.trim() ?? ''
    const pledged = created === '' ? '' : `Pledged ${created.slice(0, 10)}`
    const backerRows = [backerName(row), pledged].filter((line) => line !== '')
    if (perks !== '') backerRows.push(`Perks: ${perks}`)
    const backerLines = backerRows.reduce(
      (sum, line) => sum + wrappedCount(line, columnWidth, BACKER),
      0,
    )
    const partiesHeight =
      SECTION_GAP +
      LABEL * LH +
      Math.max(addressLines * ADDRESS * LH, backerLines * BACKER * LH) +
      2

    const lines = orderLines(row)
    const heights = lines.map((line) => rowHeight(line, cols))
    const theadHeight = LABEL * CELL_LH + 2 * CELL_PAD_Y + 1
    const tfootHeight = CELL * CELL_LH + 2 * CELL_PAD_Y + 1
    const continuedHeight = META * LH
    const capacity =
      innerHeight -
      headHeight -
      partiesHeight -
      footHeight -
      SECTION_GAP -
      theadHeight -
      tfootHeight -
      continuedHeight -
      RULE
    if (capacity < 2 * CELL * CELL_LH) {
      warn('The header, address and footer note leave almost no room for items on the slip')
    }
    const chunks = paginate(lines, heights, capacity)
    const units = lines.reduce((sum, line) => sum + line.quantity, 0)

    chunks.forEach((chunk, page) => {
      const last = page === chunks.length - 1
      let html = `<section class="slip" data-order-id="${escapeHtml(orderId)}">`
      html += `<div class="head" style="height:${pt(headHeight)}"><div class="text">`
      html += `<div class="campaign" style="font-size:${pt(titleFit.fontPt)}">${escapeHtml(title)}</div>`
      html += '<h1>Packing slip</h1>'
      html +=
        order.sequence_number == null
          ? `<div class="meta">Order ID ${escapeHtml(orderId)}</div>`
          : `<div class="meta">Order #${order.sequence_number} · Order ID ${escapeHtml(orderId)}</div>`
      if (pledged) html += `<div class="meta">${escapeHtml(pledged)}</div>`
      html += `</div><div class="barcode">${barcode}<div>${escapeHtml(orderId)}</div></div></div>`

      html += `<div class="parties" style="height:${pt(partiesHeight)}">`
      html += `<div class="shipto"${lang}><div class="caption">Ship to</div>${addressHtml}</div>`
      html += '<div class="backer"><div class="caption">Backer</div>'
      html += backerRows
        .map((line) => `<div class="l" dir="auto">${escapeHtml(line)}</div>`)
        .join('')
      html += '</div></div>'

      html += `<div class="items" style="padding-top:${pt(SECTION_GAP)}">`
      if (page > 0) html += `<div class="continued">Continued from page ${page} of this order</div>`
      html += '<table><colgroup>'
      for (const width of [CHECK_COL, cols.sku, cols.item, cols.choices, QTY_COL]) {
        html += `<col style="width:${pt(width)}">`
      }
      html +=
        '</colgroup><thead><tr><th class="check"></th><th>SKU</th><th>Item</th><th>Choices</th>'
      html += '<th class="qty">Qty</th></tr></thead><tbody>'
      if (lines.length === 0) {
        html += '<tr><td class="check"></td><td colspan="4">No items in this order</td></tr>'
      }
      for (const line of chunk) {
        html += '<tr><td class="check"><span class="box"></span></td>'
        html += `<td dir="auto">${escapeHtml(line.skuCode)}</td>`
        html += `<td dir="auto">${escapeHtml(line.itemName)}</td>`
        html += `<td dir="auto">${escapeHtml(describeChoices(line.choices))}</td>`
        html += `<td class="qty">${line.quantity}</td></tr>`
      }
      html += '</tbody>'
      if (last) {
        html += `<tfoot><tr><td></td><td colspan="3">Total units (${lines.length} line${lines.length === 1 ? '' : 's'})</td>`
        html += `<td class="qty">${units}</td></tr></tfoot>`
      } else {
        html += `<tfoot><tr><td></td><td colspan="4" class="continued">Continued on the next page</td></tr></tfoot>`
      }
      html += '</table></div>'

      html += `<div class="foot" style="height:${pt(footHeight)}">`
      if (footerNote !== '') html += `<div class="note">${escapeHtml(footerNote)}</div>`
      html += `<div class="pageno">${escapeHtml(pageTitle)} · page ${page + 1} of ${chunks.length}</div>`
      html += '</div></section>'
      pagesHtml.push(html)
    })
  }

  return {
    html: htmlDocument(`Packing slips: ${title}`, slipCss(paper), pagesHtml.join('\n')),
    pages: pagesHtml.length,
    warnings,
  }
}

import type { CampaignContribution } from '../../../shared/api/schemas'
import { backerName } from '../../../shared/export/order-rows'
import {
  describeChoices,
  notShipping,
  perkLabels,
  shippableLines,
} from '../../../shared/fulfillment'
import type { NotShipping } from '../../../shared/fulfillment'
import type { AddressOptions } from '../../../shared/address'
import { formatAddressDetailed } from '../../../shared/address'
import { formatDate } from '../../../shared/format/locale-format'
import { code128Svg } from './barcode'
import { fontFaceCss } from './fonts'
import { cssNumber, escapeHtml, fontCss, htmlDocument, langOf } from './html'
import { FacesUsed, measure } from './measure'
import type { SlipPaper } from '../../../shared/ipc/enums'
import type { Paper } from './papers'
import { PAPERS } from './papers'
import {
  CELL_PAD_X,
  CELL_PAD_Y,
  CELL_RULE,
  HEAD_RULE,
  itemTableCss,
  TABLE_TYPES,
} from './item-table'
import type { TextType } from './slip-text'
import { lines, linesHeight, missingCharacters, typeCss } from './slip-text'

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
  /** Orders with a slip: those that ship, as labels and the shipper CSV. */
  slips: number
  /** One per slip, more for a slip whose item list needs continuation pages. */
  pages: number
  /** Orders without a slip, and why (shared/fulfillment/shipping.ts). */
  skipped: NotShipping[]
  warnings: SlipWarning[]
}

// Type sizes (pt). Every line is a block of measured height (slip-text.ts), so the page is laid
// out from these numbers and the browser only draws it.
const TITLE_MAX = 13
const TITLE_MIN = 9
const T = {
  campaign: { cls: 'campaign', sizePt: TITLE_MAX, weight: 400 },
  heading: { cls: 'heading', sizePt: 20, weight: 700 },
  meta: { cls: 'meta', sizePt: 10, weight: 400 },
  barcodeId: { cls: 'bcid', sizePt: 10, weight: 400 },
  caption: { cls: 'caption', sizePt: 8, weight: 400 },
  address: { cls: 'l', selector: '.shipto .l', sizePt: 11, weight: 400 },
  backer: { cls: 'l', selector: '.backer .l', sizePt: 10, weight: 400 },
  missing: { cls: 'missing', sizePt: 11, weight: 700 },
  continued: { cls: 'continued', sizePt: 10, weight: 400 },
  note: { cls: 'note', sizePt: 9, weight: 400 },
  ...TABLE_TYPES,
} satisfies Record<string, TextType>

const HEAD_PAD = 6
const FOOT_RULE = 0.5
const FOOT_PAD = 4
const BARCODE_HEIGHT = 40
const SECTION_GAP = 12
/** Room left unused at the foot of the item list: Chromium rounds lengths to 1/64 px. */
const SLACK = 1
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

interface Row {
  html: string
  heightPt: number
}

/** Order lines split into pages by height; an order always gets at least one page. */
function paginate(rows: readonly Row[], capacity: (page: number) => number): Row[][] {
  const pages: Row[][] = [[]]
  let used = 0
  for (const row of rows) {
    const page = pages[pages.length - 1] as Row[]
    if (page.length > 0 && used + row.heightPt > capacity(pages.length - 1)) {
      pages.push([row])
      used = row.heightPt
    } else {
      page.push(row)
      used += row.heightPt
    }
  }
  return pages
}

const pt = (value: number) => `${cssNumber(value)}pt`

function slipCss(paper: Paper, faces: string): string {
  return `${faces}
@page { size: ${paper.size}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { color: #000; background: #fff; }
${fontCss()}
${typeCss(Object.values(T))}
.slip { position: relative; box-sizing: border-box; width: ${pt(paper.widthPt)}; height: ${pt(paper.heightPt)};
  padding: ${pt(paper.marginPt)}; overflow: hidden; break-after: page; page-break-after: always; }
.slip:last-child { break-after: auto; page-break-after: auto; }
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
.foot { box-sizing: border-box; border-top: ${pt(FOOT_RULE)} solid #999; padding-top: ${pt(FOOT_PAD)}; }`
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
  const columnWidth = (innerWidth - SECTION_GAP) / 2
  const faces = new FacesUsed()

  const footerNote = (options.footerNote ?? '').replace(/\r\n?/g, '\n').trim()
  const note = footerNote === '' ? undefined : lines([footerNote], T.note, innerWidth, faces)
  const pageNumberHeight = linesHeight(['Order #1 · page 1 of 1'], T.pageNumber, innerWidth)
  const footHeight = FOOT_RULE + FOOT_PAD + (note?.heightPt ?? 0) + pageNumberHeight

  const title = options.campaignTitle.replace(/\s+/g, ' ').trim()
  const titles = new Map<number, ReturnType<typeof lines>>()
  /** The title beside a barcode this wide: shrunk to fit, wrapped only below TITLE_MIN. */
  const titleLines = (widthPt: number) => {
    let fit = titles.get(widthPt)
    if (fit === undefined) {
      const widthEm = Math.max(measure(title).widthEm, 1e-9)
      const size = Math.max(TITLE_MIN, Math.min(TITLE_MAX, Math.floor((widthPt / widthEm) * 2) / 2))
      fit = lines([title], T.campaign, widthPt, faces, '', size)
      titles.set(widthPt, fit)
    }
    return fit
  }
  const thead = ['SKU', 'ITEM', 'CHOICES'].map((text) => lines([text], T.th, 100, faces).html)
  const qtyHead = lines(['QTY'], T.th, QTY_COL, faces).html
  const theadHeight = 2 * CELL_PAD_Y + HEAD_RULE + linesHeight(['SKU'], T.th, 100)
  const tfootHeight = 2 * CELL_PAD_Y + linesHeight(['1'], T.cellBold, 100)
  const continuedHeight = linesHeight(['Continued'], T.continued, innerWidth)

  const warnings: SlipWarning[] = []
  const skipped: NotShipping[] = []
  const pagesHtml: string[] = []
  let slips = 0

  for (const row of orders) {
    const skip = notShipping(row)
    if (skip !== null) {
      skipped.push(skip)
      continue
    }
    slips++
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
    const textWidth = innerWidth - barcodeWidth - SECTION_GAP

    // Header: title, heading, order and date beside the barcode.
    const created = row.created_at?.trim() ?? ''
    const pledged = created === '' ? '' : `Pledged ${formatDate(created, options.locale)}`
    const campaign = titleLines(textWidth)
    const heading = lines(['Packing slip'], T.heading, textWidth, faces)
    const metaTexts =
      order.sequence_number == null
        ? [`Order ID ${orderId}`]
        : [`Order #${order.sequence_number} · Order ID ${orderId}`]
    if (pledged) metaTexts.push(pledged)
    const meta = lines(metaTexts, T.meta, textWidth, faces)
    const barcodeId = lines([orderId], T.barcodeId, barcodeWidth, faces)
    const headHeight =
      Math.max(
        campaign.heightPt + heading.heightPt + meta.heightPt,
        BARCODE_HEIGHT + barcodeId.heightPt,
      ) +
      HEAD_PAD +
      HEAD_RULE

    // Ship-to and backer columns.
    const shipping = order.shipping
    const address = shipping ? formatAddressDetailed(shipping, addressOptions) : null
    const lang = langOf(address?.countryCode)
    let shipTo: ReturnType<typeof lines>
    if (address === null || address.lines.length === 0) {
      // An address whose every part is blank is no more use than none: say so, not a gap.
      shipTo = lines(['No shipping address (hidden or never given)'], T.missing, columnWidth, faces)
      warn('No shipping address: the slip prints without one')
    } else {
      shipTo = lines(address.lines, T.address, columnWidth, faces, lang)
    }
    const perks = perkLabels(order.perks, ', ')
    const backerRows = [backerName(row), pledged].filter((line) => line !== '')
    if (perks !== '') backerRows.push(`Perks: ${perks}`)
    const backer = lines(backerRows, T.backer, columnWidth, faces)
    const caption = (text: string) => lines([text], T.caption, columnWidth, faces)
    const partiesHeight =
      SECTION_GAP +
      linesHeight(['SHIP TO'], T.caption, columnWidth) +
      Math.max(shipTo.heightPt, backer.heightPt)

    // Item rows.
    // What the parcel carries: a digital perk's download code is not packed.
    const orderLinesList = shippableLines(row)
    const cell = (text: string, widthPt: number) =>
      lines([text], T.cell, widthPt - 2 * CELL_PAD_X, faces)
    const rows: Row[] = orderLinesList.map((line) => {
      const cells = [
        cell(line.skuCode, cols.sku),
        cell(line.itemName, cols.item),
        cell(describeChoices(line.choices), cols.choices),
      ]
      const qty = lines([String(line.quantity)], T.cellBold, QTY_COL - 2 * CELL_PAD_X, faces)
      const content = Math.max(qty.heightPt, ...cells.map((c) => c.heightPt))
      let html = '<tr><td class="check"><span class="box"></span></td>'
      for (const c of cells) html += `<td dir="auto">${c.html}</td>`
      html += `<td class="num">${qty.html}</td></tr>`
      return { html, heightPt: content + 2 * CELL_PAD_Y + CELL_RULE }
    })
    const missing = missingCharacters(
      [title, ...(address?.lines ?? []), ...backerRows, ...orderLinesList.map((l) => l.itemName)],
      lang,
    )
    if (missing.length > 0) {
      warn(
        `Characters the slip fonts do not have (${missing.join(' ')}): they print in another font or as empty boxes`,
      )
    }

    const itemsHeight = innerHeight - headHeight - partiesHeight - footHeight
    const capacity = (page: number) =>
      itemsHeight -
      SECTION_GAP -
      theadHeight -
      tfootHeight -
      (page > 0 ? continuedHeight : 0) -
      SLACK
    const tallest = Math.max(0, ...rows.map((r) => r.heightPt))
    if (capacity(1) < Math.max(tallest, 2 * T.cell.sizePt * 1.5)) {
      warn('The header, address and footer note leave almost no room for items on the slip')
    }
    const chunks = paginate(rows, capacity)
    const units = orderLinesList.reduce((sum, line) => sum + line.quantity, 0)
    const count = orderLinesList.length

    chunks.forEach((chunk, page) => {
      const last = page === chunks.length - 1
      let html = `<section class="slip" data-order-id="${escapeHtml(orderId)}">`
      html += `<div class="head" style="height:${pt(headHeight)}">`
      html += `<div class="barcode" style="width:${pt(barcodeWidth)}">${barcode}${barcodeId.html}</div>`
      html += `<div class="text" style="width:${pt(textWidth)}">${campaign.html}${heading.html}${meta.html}</div>`
      html += '</div>'

      html += `<div class="parties" style="height:${pt(partiesHeight)}">`
      html += `<div class="shipto" style="width:${pt(columnWidth)}"${lang === '' ? '' : ` lang="${lang}"`}>${caption('SHIP TO').html}${shipTo.html}</div>`
      html += `<div class="backer" style="width:${pt(columnWidth)}">${caption('BACKER').html}${backer.html}</div>`
      html += '</div>'

      html += `<div class="items" style="height:${pt(itemsHeight)}">`
      if (page > 0) {
        html += lines(
          [`Continued from page ${page} of this order`],
          T.continued,
          innerWidth,
          faces,
        ).html
      }
      html += '<table><colgroup>'
      for (const width of [CHECK_COL, cols.sku, cols.item, cols.choices, QTY_COL]) {
        html += `<col style="width:${pt(width)}">`
      }
      html += `</colgroup><thead><tr><th class="check"></th><th>${thead.join('</th><th>')}</th>`
      html += `<th class="num">${qtyHead}</th></tr></thead><tbody>`
      if (count === 0) {
        html += `<tr><td class="check"></td><td colspan="4">${cell('No items in this order', innerWidth).html}</td></tr>`
      }
      for (const item of chunk) html += item.html
      html += '</tbody><tfoot><tr><td></td>'
      html += last
        ? `<td colspan="3">${lines([`Total units (${count} line${count === 1 ? '' : 's'})`], T.cellBold, innerWidth, faces).html}</td><td class="num">${lines([String(units)], T.cellBold, QTY_COL, faces).html}</td>`
        : `<td colspan="4">${lines(['Continued on the next page'], T.continued, innerWidth, faces).html}</td>`
      html += '</tr></tfoot></table></div>'

      html += `<div class="foot" style="height:${pt(footHeight)}">`
      if (note !== undefined) html += note.html
      html += lines(
        [`${pageTitle} · page ${page + 1} of ${chunks.length}`],
        T.pageNumber,
        innerWidth,
        faces,
      ).html
      html += '</div></section>'
      pagesHtml.push(html)
    })
  }

  return {
    html: htmlDocument(
      `Packing slips: ${title}`,
      slipCss(paper, fontFaceCss(faces.all())),
      pagesHtml.join('\n'),
    ),
    slips,
    pages: pagesHtml.length,
    skipped,
    warnings,
  }
}

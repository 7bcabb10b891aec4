import type { CampaignContribution } from '../../../shared/api/schemas'
import { backerName } from '../../../shared/export/order-rows'
import {
  checkByHandNote,
  describeChoices,
  flaggedItemName,
  flaggedQuantityText,
  notShipping,
  perkLabels,
  shippableFlaggedItems,
  shippableLines,
} from '../../../shared/fulfillment'
import type { NotShipping } from '../../../shared/fulfillment'
import type { AddressOptions } from '../../../shared/address'
import { formatAddressDetailed } from '../../../shared/address'
import { formatDate } from '../../../shared/format/locale-format'
import { parcelNoteOf, parcelNoteTexts } from '../../../shared/waves/parcel-rows'
import type { SlipPaper } from '../../../shared/ipc/enums'
import { code128Bars } from './barcode'
import type { Code128Bars } from './barcode'
import type { TextLang } from './fonts'
import { langOf } from './html'
import { CELL_PAD_X, CELL_PAD_Y, CELL_RULE, HEAD_RULE, TABLE_TYPES } from './item-table'
import { FacesUsed, measure } from './measure'
import type { Paper } from './papers'
import { paperOf } from './papers'
import type { Lines, TextType } from './slip-text'
import { lines, linesHeight, missingCharacters } from './slip-text'

/**
 * The one layout of a packing slip, for both backends: the HTML document (slips.ts: the print
 * dialog, the preview) and the PDF file (pdf-slips.ts). Every line is a block of measured height
 * (slip-text.ts) and every box's height is computed here, so neither backend sizes anything.
 */

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

// Type sizes (pt).
const TITLE_MAX = 13
const TITLE_MIN = 9
export const T = {
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
  parcel: { cls: 'parcel', sizePt: 10, weight: 400 },
  ...TABLE_TYPES,
} satisfies Record<string, TextType>

export const HEAD_PAD = 6
export const FOOT_RULE = 0.5
export const FOOT_PAD = 4
export const BARCODE_HEIGHT = 40
export const SECTION_GAP = 12
/** Room left unused at the foot of the item list: Chromium rounds lengths to 1/64 px. */
const SLACK = 1
export const CHECK_COL = 24
export const QTY_COL = 44

export interface Row {
  cells: Lines[]
  qty: Lines
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

/** One order's slip: its pages share the head, parties and foot; the items are cut in chunks. */
export interface SlipLayout {
  orderId: string
  /** "Order #12", or "Order ID 70001" when the API sent no order number. */
  pageTitle: string
  barcode: Code128Bars
  barcodeWidth: number
  textWidth: number
  headHeight: number
  campaign: Lines
  heading: Lines
  meta: Lines
  barcodeId: Lines
  partiesHeight: number
  lang: TextLang
  shipTo: Lines
  backer: Lines
  itemsHeight: number
  chunks: Row[][]
  /** Item lines and units of the order. */
  count: number
  units: number
  /** `units` as the total prints it: "5", or "5 + ?" when an item has no readable quantity. */
  unitsText: string
  /** A parcel of an order shipping in part: what follows, what went before; under the items. */
  parcel: Lines | null
}

/** What the slip of a parcel says of the order's other parcels (null: the whole order). */
export function parcelTexts(row: CampaignContribution): string[] | null {
  const note = parcelNoteOf(row)
  const texts = note === null ? [] : parcelNoteTexts(note)
  return texts.length > 0 ? texts : null
}

/** The numbers every slip of a document shares, and the slips laid out one order at a time. */
export class SlipLayouter {
  readonly paper: Paper
  readonly faces = new FacesUsed()
  readonly innerWidth: number
  readonly innerHeight: number
  readonly cols: { sku: number; item: number; choices: number }
  readonly columnWidth: number
  readonly note: Lines | undefined
  readonly footHeight: number
  readonly title: string
  readonly thead: Lines[]
  readonly qtyHead: Lines
  readonly theadHeight: number
  readonly tfootHeight: number
  readonly warnings: SlipWarning[] = []
  private readonly continuedHeight: number
  private readonly titles = new Map<number, Lines>()
  private readonly addressOptions: AddressOptions

  constructor(readonly options: SlipOptions) {
    const paper = paperOf(options.paper)
    this.paper = paper
    this.addressOptions = { senderCountry: options.senderCountry, locale: options.locale }
    this.innerWidth = paper.widthPt - 2 * paper.marginPt
    this.innerHeight = paper.heightPt - 2 * paper.marginPt
    const rest = this.innerWidth - CHECK_COL - QTY_COL
    this.cols = { sku: rest * 0.24, item: rest * 0.44, choices: rest * 0.32 }
    this.columnWidth = (this.innerWidth - SECTION_GAP) / 2
    const footerNote = (options.footerNote ?? '').replace(/\r\n?/g, '\n').trim()
    this.note =
      footerNote === '' ? undefined : lines([footerNote], T.note, this.innerWidth, this.faces)
    const pageNumberHeight = linesHeight(['Order #1 · page 1 of 1'], T.pageNumber, this.innerWidth)
    this.footHeight = FOOT_RULE + FOOT_PAD + (this.note?.heightPt ?? 0) + pageNumberHeight
    this.title = options.campaignTitle.replace(/\s+/g, ' ').trim()
    this.thead = ['SKU', 'ITEM', 'CHOICES'].map((text) => lines([text], T.th, 100, this.faces))
    this.qtyHead = lines(['QTY'], T.th, QTY_COL, this.faces)
    this.theadHeight = 2 * CELL_PAD_Y + HEAD_RULE + linesHeight(['SKU'], T.th, 100)
    this.tfootHeight = 2 * CELL_PAD_Y + linesHeight(['1'], T.cellBold, 100)
    this.continuedHeight = linesHeight(['Continued'], T.continued, this.innerWidth)
  }

  /** The title beside a barcode this wide: shrunk to fit, wrapped only below TITLE_MIN. */
  private titleLines(widthPt: number): Lines {
    let fit = this.titles.get(widthPt)
    if (fit === undefined) {
      const widthEm = Math.max(measure(this.title).widthEm, 1e-9)
      const size = Math.max(TITLE_MIN, Math.min(TITLE_MAX, Math.floor((widthPt / widthEm) * 2) / 2))
      fit = lines([this.title], T.campaign, widthPt, this.faces, '', size)
      this.titles.set(widthPt, fit)
    }
    return fit
  }

  /** Text of the document: measured, and its fonts noted for embedding. */
  text(texts: readonly string[], type: TextType, widthPt: number, lang: TextLang = ''): Lines {
    return lines(texts, type, widthPt, this.faces, lang)
  }

  /** The slip of `row`, or why it has none. */
  layout(row: CampaignContribution): SlipLayout | NotShipping {
    const skip = notShipping(row)
    if (skip !== null) return skip
    const { faces, innerWidth, columnWidth, cols } = this
    const order = row.order
    const warn = (message: string) =>
      this.warnings.push({
        contributionId: row.id,
        sequenceNumber: order.sequence_number ?? null,
        message,
      })
    const orderId = String(order.id)
    const pageTitle =
      order.sequence_number == null ? `Order ID ${orderId}` : `Order #${order.sequence_number}`
    const barcode = code128Bars(orderId, { heightPt: BARCODE_HEIGHT })
    const barcodeWidth = barcode.widthPt
    const textWidth = innerWidth - barcodeWidth - SECTION_GAP

    // Header: title, heading, order and date beside the barcode.
    const created = row.created_at?.trim() ?? ''
    const pledged = created === '' ? '' : `Pledged ${formatDate(created, this.options.locale)}`
    const campaign = this.titleLines(textWidth)
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
    const address = shipping ? formatAddressDetailed(shipping, this.addressOptions) : null
    const lang = langOf(address?.countryCode)
    let shipTo: Lines
    if (address === null || address.lines.length === 0) {
      // An address whose every part is blank is no more use than none: say so, not a gap.
      shipTo = lines(['No shipping address (hidden or never given)'], T.missing, columnWidth, faces)
      warn('No shipping address: the slip prints without one')
    } else {
      shipTo = lines(address.lines, T.address, columnWidth, faces, lang)
    }
    const perks = perkLabels(order.perks, ', ')
    // The pledge date is in the header beside the order number; once per slip is enough.
    const backerRows = [backerName(row)].filter((line) => line !== '')
    if (perks !== '') backerRows.push(`Perks: ${perks}`)
    const backer = lines(backerRows, T.backer, columnWidth, faces)
    const partiesHeight =
      SECTION_GAP +
      linesHeight(['SHIP TO'], T.caption, columnWidth) +
      Math.max(shipTo.heightPt, backer.heightPt)

    // Item rows. What the parcel carries: a digital perk's download code is not packed.
    const orderLines = shippableLines(row)
    const cell = (text: string, widthPt: number) =>
      lines([text], T.cell, widthPt - 2 * CELL_PAD_X, faces)
    const itemRow = (texts: [string, string, string], quantity: string): Row => {
      const cells = [
        cell(texts[0], cols.sku),
        cell(texts[1], cols.item),
        cell(texts[2], cols.choices),
      ]
      const qty = lines([quantity], T.cellBold, QTY_COL - 2 * CELL_PAD_X, faces)
      const content = Math.max(qty.heightPt, ...cells.map((c) => c.heightPt))
      return { cells, qty, heightPt: content + 2 * CELL_PAD_Y + CELL_RULE }
    }
    const rows: Row[] = orderLines.map((line) =>
      itemRow([line.skuCode, line.itemName, describeChoices(line.choices)], String(line.quantity)),
    )
    // An item PerkPack cannot read is still in the parcel: the packer is told to look.
    const flagged = shippableFlaggedItems(row).map(({ item }) => item)
    for (const item of flagged) {
      const name = `${flaggedItemName(item)} (${checkByHandNote(item)})`
      const texts: [string, string, string] = [
        item.sku_code ?? '',
        name,
        describeChoices(item.choices),
      ]
      rows.push(itemRow(texts, flaggedQuantityText(item)))
    }
    // A parcel of an order shipping in part says what follows, under the items of its last page.
    const parcelLines = parcelTexts(row)
    const parcel = parcelLines === null ? null : lines(parcelLines, T.parcel, innerWidth, faces)
    const parcelRoom = parcel === null ? 0 : parcel.heightPt + SECTION_GAP / 2

    const missing = missingCharacters(
      [
        this.title,
        ...(address?.lines ?? []),
        ...backerRows,
        ...orderLines.map((l) => l.itemName),
        ...flagged.map(flaggedItemName),
        ...(parcelLines ?? []),
      ],
      lang,
    )
    if (missing.length > 0) {
      warn(
        `Characters the slip fonts do not have (${missing.join(' ')}): they print in another font or as empty boxes`,
      )
    }

    const units =
      orderLines.reduce((sum, line) => sum + line.quantity, 0) +
      flagged.reduce((sum, item) => sum + (item.quantity ?? 0), 0)
    const itemsHeight = this.innerHeight - headHeight - partiesHeight - this.footHeight
    const capacity = (page: number) =>
      itemsHeight -
      SECTION_GAP -
      this.theadHeight -
      this.tfootHeight -
      (page > 0 ? this.continuedHeight : 0) -
      parcelRoom -
      SLACK
    const tallest = Math.max(0, ...rows.map((r) => r.heightPt))
    if (capacity(1) < Math.max(tallest, 2 * T.cell.sizePt * 1.5)) {
      warn('The header, address and footer note leave almost no room for items on the slip')
    }
    return {
      orderId,
      pageTitle,
      barcode,
      barcodeWidth,
      textWidth,
      headHeight,
      campaign,
      heading,
      meta,
      barcodeId,
      partiesHeight,
      lang,
      shipTo,
      backer,
      itemsHeight,
      chunks: paginate(rows, capacity),
      count: rows.length,
      units,
      unitsText: flagged.some((item) => item.quantity === null) ? `${units} + ?` : String(units),
      parcel,
    }
  }
}

export function isSlip(value: SlipLayout | NotShipping): value is SlipLayout {
  return 'chunks' in value
}

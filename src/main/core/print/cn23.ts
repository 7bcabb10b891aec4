import { customsDeclarations, CUSTOMS_CATEGORY } from '../../../shared/catalog'
import type { CustomsContext, CustomsDeclaration } from '../../../shared/catalog'
import { formatAddressDetailed } from '../../../shared/address'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { orderNumberText } from '../../../shared/fulfillment'
import type { SlipPaper } from '../../../shared/ipc/enums'
import {
  categories,
  cellRow,
  itemColumns,
  placeColumns,
  signature,
  tableHead,
  tableLine,
} from './customs-table'
import { currencyText, kilograms, money } from './customs-text'
import { langOf } from './html'
import { FacesUsed, wrapText } from './measure'
import type { TextStyle } from './measure'
import type { Paper } from './papers'
import { paperOf } from './papers'
import type { Drawing } from './placed-text'
import { DrawingBuilder } from './placed-text'

/**
 * The CN23 customs declaration with its commercial invoice, one or more pages per order, for
 * the orders whose declaration does not fit a CN22 (customs-forms.ts): sender, addressee (the
 * order's address as labels print it), one row per item (description, HS tariff number, origin,
 * quantity, net weight, value), totals with the currency, the category and reason for export,
 * the certification and the signature line. Drawn by pdf-customs.ts.
 */

export interface Cn23Options {
  paper: SlipPaper
  customs: CustomsContext
  /** Who sends: the campaign as the documents name it. */
  senderName: string
  /** The sender's street lines (Settings' return address, returnAddressLines); none: ruled lines. */
  senderLines?: readonly string[]
  locale?: string
}

export interface Cn23Plan {
  paper: Paper
  pages: Drawing[]
  faces: FacesUsed
  /** Orders with a CN23 in the file. */
  orders: number
  /** Orders abroad whose CN22 is on their label instead. */
  cn22: number
}

const REGULAR: TextStyle = { lang: '', weight: 400 }
const BOLD: TextStyle = { lang: '', weight: 700 }
const GRAY = 0.27
const SIZE = { title: 15, meta: 8.5, head: 7.5, text: 9.5, total: 10, fine: 7.5 } as const
const COLUMNS = { qty: 28, hs: 62, origin: 40, weight: 62, value: 72 } as const
const REASON = `${CUSTOMS_CATEGORY}: a crowdfunding reward the addressee paid for`

/** The reason a reward crosses the border, with the category ticked. */
export const REASON_FOR_EXPORT = REASON

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** An order's pages: head, parties, items across pages, then the foot on the last. */
function orderPages(
  decl: CustomsDeclaration,
  options: Cn23Options,
  paper: Paper,
  faces: FacesUsed,
) {
  const pages: DrawingBuilder[] = []
  const x0 = paper.marginPt
  const w = paper.widthPt - 2 * paper.marginPt
  // The page number sits on the bottom margin; content stops above it.
  const pageNumberTop = paper.heightPt - paper.marginPt - 12
  const bottom = pageNumberTop - 4
  const number = orderNumberText(decl.row.order)
  const lang = langOf(formatAddressDetailed(decl.row.order.shipping!).countryCode)
  const local: TextStyle = { lang, weight: 400 }
  const placed = placeColumns(itemColumns(decl, COLUMNS), x0, w, 6)
  const type = { head: SIZE.head, cell: SIZE.text, gray: GRAY, rule: 0.75, regular: REGULAR, local }

  const newPage = (): { b: DrawingBuilder; y: number } => {
    const b = new DrawingBuilder(faces)
    pages.push(b)
    let y = x0
    const title = b.text('CUSTOMS DECLARATION CN 23', x0, y, SIZE.title, BOLD, { maxWidthPt: w * 0.7 }) // prettier-ignore
    b.text('May be opened officially', x0, y + title.box.baselinePt - b.box('M', SIZE.meta, REGULAR).baselinePt, SIZE.meta, REGULAR, { maxWidthPt: w, align: 'right' }) // prettier-ignore
    y += title.box.slotPt
    const meta = `Commercial invoice · Order ${number}${pages.length > 1 ? ' (continued)' : ''}`
    y += b.text(meta, x0, y, SIZE.meta, REGULAR, { maxWidthPt: w, gray: GRAY }).box.slotPt
    b.rule(x0, y + 2, w, 1)
    return { b, y: y + 6 }
  }

  let { b, y } = newPage()
  y = parties(b, decl, options, x0, y, w, local)
  y = tableHead(b, placed, y + 6, type)
  // The foot measured by drawing it once aside: it goes whole on the last page.
  const footHeight = foot(new DrawingBuilder(faces), decl, x0, 0, w) + 4
  decl.parcel.lines.forEach((line, i) => {
    const height = tableLine(b, placed, line, y, type, false)
    const last = i === decl.parcel.lines.length - 1
    if (y + height + (last ? footHeight : 0) > bottom) {
      ;({ b, y } = newPage())
      y = tableHead(b, placed, y + 4, type)
    }
    y += tableLine(b, placed, line, y, type)
  })
  if (y + footHeight > bottom) ({ b, y } = newPage())
  foot(b, decl, x0, y + 4, w)
  pages.forEach(
    (page, i) =>
    page.text(`Order ${number} · page ${i + 1} of ${pages.length}`, x0, pageNumberTop, SIZE.fine, REGULAR, { maxWidthPt: w, align: 'right', gray: GRAY }), // prettier-ignore
  )
  return pages.map((page) => page.drawing)
}

/** From (the campaign, its country, lines to write or stamp the address) and To (the order's). */
function parties(
  b: DrawingBuilder,
  decl: CustomsDeclaration,
  options: Cn23Options,
  x0: number,
  y: number,
  w: number,
  local: TextStyle,
): number {
  const half = (w - 18) / 2
  const locale = options.locale ?? 'en'
  const from = [options.senderName]
  const to = formatAddressDetailed(decl.row.order.shipping!, {
    senderCountry: options.customs.senderCountry,
    locale,
  }).lines
  const column = (x: number, head: string, lines: readonly string[], style: TextStyle) => {
    let at = y + b.text(head, x, y, SIZE.head, REGULAR, { maxWidthPt: half, gray: GRAY }).box.slotPt
    for (const line of lines)
      for (const piece of wrapText(line, half / SIZE.text, style))
        at += b.text(piece, x, at, SIZE.text, style, { maxWidthPt: half }).box.slotPt
    return at
  }
  const street = options.senderLines ?? []
  let left = column(x0, 'From (sender)', [...from, ...street], REGULAR)
  // Without a return address in Settings: two ruled lines to write or stamp the street on.
  for (let i = 0; i < (street.length === 0 ? 2 : 0); i++) {
    left += SIZE.text * 1.6
    b.rule(x0, left, half, 0.5)
  }
  if (street.length === 0) left += 2
  const country = countryName(options.customs.senderCountry, locale)
  left += b.text(country.toUpperCase(), x0, left, SIZE.text, REGULAR, { maxWidthPt: half }).box.slotPt // prettier-ignore
  const right = column(x0 + half + 18, 'To (addressee)', to, local)
  return Math.max(left, right)
}

function foot(b: DrawingBuilder, decl: CustomsDeclaration, x0: number, y: number, w: number) {
  const currency = currencyText(decl.parcel)
  b.rule(x0, y, w, 0.75)
  y += 3
  const totals = [
    `Total gross weight (kg): ${kilograms(decl.parcel.weightG)}`,
    `Total value: ${money(decl.parcel.value)} ${currency}`,
  ]
  y += cellRow(b, [
    { text: totals[0]!, x: x0, width: w / 2, style: BOLD, size: SIZE.total, align: 'left' },
    { text: totals[1]!, x: x0 + w / 2, width: w / 2, style: BOLD, size: SIZE.total, align: 'right' },
  ], y) // prettier-ignore
  y += 8
  y += b.text('Category of item', x0, y, SIZE.head, REGULAR, { maxWidthPt: w, gray: GRAY }).box.slotPt // prettier-ignore
  y = categories(b, x0, y, w * 0.75, SIZE.text) + 4
  y += b.text(`Reason for export: ${REASON}.`, x0, y, SIZE.text, REGULAR, { maxWidthPt: w }).box.slotPt // prettier-ignore
  if (decl.why !== null)
    y += b.text(`A CN23 rather than a CN22: ${decl.why}.`, x0, y, SIZE.fine, REGULAR, { maxWidthPt: w, gray: GRAY }).box.slotPt // prettier-ignore
  y += 10
  return signature(b, x0, y, w, { text: SIZE.fine, label: SIZE.text })
}

/** The CN23 pages of the orders in `rows` that need one, in the order given. */
export function planCn23(rows: readonly CampaignContribution[], options: Cn23Options): Cn23Plan {
  const paper = paperOf(options.paper)
  const faces = new FacesUsed()
  const declarations = customsDeclarations(rows, options.customs)
  const pages: Drawing[] = []
  let orders = 0
  for (const decl of declarations) {
    if (decl.form !== 'CN23') continue
    orders += 1
    pages.push(...orderPages(decl, options, paper, faces))
  }
  return { paper, pages, faces, orders, cn22: declarations.length - orders }
}

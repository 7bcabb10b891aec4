import type { CampaignContribution } from '../../../shared/api/schemas'
import {
  BY_HAND_HEADING,
  byHandItemText,
  byHandQuantityText,
  byHandSkuText,
  describeChoices,
  shippedPickList,
  shippingCoverageText,
} from '../../../shared/fulfillment'
import type { NotShipping } from '../../../shared/fulfillment'
import type { SlipPaper } from '../../../shared/ipc/enums'
import { formatDateTime } from '../../../shared/format/locale-format'
import { fontFaceCss } from './fonts'
import { htmlDocument, pt } from './html'
import { FacesUsed } from './measure'
import type { Paper } from './papers'
import { paperOf } from './papers'
import {
  CELL_PAD_X,
  CELL_PAD_Y,
  CELL_RULE,
  HEAD_RULE,
  itemTableCss,
  TABLE_TYPES,
} from './item-table'
import type { Lines, TextType } from './slip-text'
import { lines, linesHeight, pagedDocumentCss } from './slip-text'

/**
 * The pick list on paper, for the warehouse: one row per SKU variant with a tick box, item name,
 * choices and quantity, for the orders that ship (the labels, slips and shipper CSV cover the
 * same orders, so what is picked is what gets a label). Laid out from measured rows like the
 * slips (slip-text.ts): every page repeats the header and says "page i of n".
 */

export interface PickListDocOptions {
  paper: SlipPaper
  campaignTitle: string
  /** The selection in the app's words: "Status: Captured, In fulfillment · Perk: Core pledge". */
  selection: string
  /** ISO time the offline copy was synced; null when never synced (imported data). */
  syncedAt: string | null
  /** Default: now. */
  printedAt?: Date
  /** The desk's locale the times are written in (default: this process's). */
  locale?: string
}

export interface PickListDocResult {
  html: string
  pages: number
  variants: number
  units: number
  /** Orders that ship, whose items are on the list. */
  orders: number
  /** Orders of the selection that do not ship, and why. */
  skipped: NotShipping[]
}

const T = {
  campaign: { cls: 'campaign', sizePt: 12, weight: 700 },
  heading: { cls: 'heading', sizePt: 18, weight: 700 },
  meta: { cls: 'meta', sizePt: 9, weight: 400 },
  ...TABLE_TYPES,
} satisfies Record<string, TextType>

const HEAD_GAP = 10
export const FOOT_PAD = 4
const CHECK_COL = 24
const QTY_COL = 48
const ORDERS_COL = 48
/** Room left unused at the foot of the list: Chromium rounds lengths to 1/64 px. */
const SLACK = 1

/** "Mar 1, 2026, 2:05 PM", the desk's local time: as the window and the other documents say it. */
export function printedTime(date: Date, locale?: string): string {
  return formatDateTime(date.toISOString(), locale)
}

function pickListCss(paper: Paper, faces: string): string {
  return `${pagedDocumentCss(paper, faces, Object.values(T), 'page')}
.head { box-sizing: border-box; border-bottom: ${pt(HEAD_RULE)} solid #000; margin-bottom: ${pt(HEAD_GAP)}; }
.meta { color: #444; }
${itemTableCss()}
.foot { position: absolute; left: ${pt(paper.marginPt)}; right: ${pt(paper.marginPt)};
  bottom: ${pt(paper.marginPt)}; padding-top: ${pt(FOOT_PAD)}; border-top: ${pt(CELL_RULE)} solid #999; }`
}

/** "1,915": the header's counts and the rows' quantities are written alike. */
const countText = (n: number) => n.toLocaleString('en-US')
const counted = (n: number, one: string) => `${countText(n)} ${n === 1 ? one : `${one}s`}`

/** One row of the list as laid out: its five cells (SKU, item, choices, quantity, orders). */
export interface PickRowLayout {
  cells: [Lines, Lines, Lines, Lines, Lines]
  heightPt: number
}

/** The pick list laid out, for the HTML document and the PDF file (pdf-picklist.ts) alike. */
export interface PickListPlan extends Omit<PickListDocResult, 'html' | 'pages'> {
  paper: Paper
  innerWidth: number
  /** Column widths: tick box, SKU, item, choices, quantity, orders. */
  widths: [number, number, number, number, number, number]
  head: Lines[]
  headHeight: number
  /** Head cells of the five text columns. */
  thead: Lines[]
  theadHeight: number
  footHeight: number
  pages: PickRowLayout[][]
  faces: FacesUsed
  /** "Pick list · page i of n" of each page. */
  pageNumbers: Lines[]
}

export function planPickList(
  orders: readonly CampaignContribution[],
  options: PickListDocOptions,
): PickListPlan {
  const paper = paperOf(options.paper)
  const { rows: list, totals, byHand, skipped } = shippedPickList(orders)
  const units = totals.units

  const faces = new FacesUsed()
  const innerWidth = paper.widthPt - 2 * paper.marginPt
  const rest = innerWidth - CHECK_COL - QTY_COL - ORDERS_COL
  const cols = { sku: rest * 0.26, item: rest * 0.42, choices: rest * 0.32 }
  const cellWidth = (width: number) => width - 2 * CELL_PAD_X

  const printed = printedTime(options.printedAt ?? new Date(), options.locale)
  const synced =
    options.syncedAt === null || Number.isNaN(Date.parse(options.syncedAt))
      ? 'Offline copy: never synced'
      : `Offline copy of ${printedTime(new Date(options.syncedAt), options.locale)}`
  const head: Lines[] = [
    lines([options.campaignTitle], T.campaign, innerWidth, faces),
    lines(['Pick list'], T.heading, innerWidth, faces),
    lines(
      [
        `Selection: ${options.selection}`,
        `${counted(list.length, 'variant')} · ${counted(units, 'unit')} · ${shippingCoverageText(totals.orders, skipped)}`,
        ...(byHand.length === 0
          ? []
          : [`${BY_HAND_HEADING}: ${counted(byHand.length, 'line')}, listed last`]),
        `${synced} · printed ${printed}`,
      ],
      T.meta,
      innerWidth,
      faces,
    ),
  ]
  const headHeight = head.reduce((sum, l) => sum + l.heightPt, 0) + HEAD_RULE + HEAD_GAP

  const th = (text: string, width: number) => lines([text], T.th, cellWidth(width), faces)
  const thead = [
    th('SKU', cols.sku),
    th('ITEM', cols.item),
    th('CHOICES', cols.choices),
    th('QTY', QTY_COL),
    th('ORDERS', ORDERS_COL),
  ]
  const theadHeight = 2 * CELL_PAD_Y + HEAD_RULE + linesHeight(['SKU'], T.th, 100)
  const footHeight = FOOT_PAD + CELL_RULE + linesHeight(['page 1 of 1'], T.pageNumber, 100)
  const capacity =
    paper.heightPt - 2 * paper.marginPt - headHeight - theadHeight - footHeight - SLACK

  const bodyRow = (texts: [string, string, string, string, string]): PickRowLayout => {
    const cells: PickRowLayout['cells'] = [
      lines([texts[0]], T.cellBold, cellWidth(cols.sku), faces),
      lines([texts[1]], T.cell, cellWidth(cols.item), faces),
      lines([texts[2]], T.cell, cellWidth(cols.choices), faces),
      lines([texts[3]], T.cellBold, cellWidth(QTY_COL), faces),
      lines([texts[4]], T.cell, cellWidth(ORDERS_COL), faces),
    ]
    const heightPt = 2 * CELL_PAD_Y + CELL_RULE + Math.max(...cells.map((c) => c.heightPt))
    return { cells, heightPt }
  }
  const bodyRows = list.map((row) =>
    bodyRow([
      row.sku_code,
      row.item_name,
      describeChoices(row.choices),
      countText(row.quantity),
      countText(row.order_count),
    ]),
  )
  // Items PerkPack cannot pick by SKU come last: "no SKU", what they are, how many.
  for (const row of byHand) {
    bodyRows.push(
      bodyRow([
        byHandSkuText(row),
        byHandItemText(row),
        describeChoices(row.choices),
        byHandQuantityText(row),
        countText(row.order_count),
      ]),
    )
  }

  const pages: PickRowLayout[][] = [[]]
  let used = 0
  for (const row of bodyRows) {
    const page = pages[pages.length - 1] as PickRowLayout[]
    if (page.length > 0 && used + row.heightPt > capacity) {
      pages.push([row])
      used = row.heightPt
    } else {
      page.push(row)
      used += row.heightPt
    }
  }
  const pageNumbers = pages.map((_, i) =>
    lines([`Pick list · page ${i + 1} of ${pages.length}`], T.pageNumber, innerWidth, faces),
  )
  return {
    paper,
    innerWidth,
    widths: [CHECK_COL, cols.sku, cols.item, cols.choices, QTY_COL, ORDERS_COL],
    head,
    headHeight,
    thead,
    theadHeight,
    footHeight,
    pages,
    faces,
    pageNumbers,
    variants: list.length,
    units,
    orders: totals.orders,
    skipped,
  }
}

/** The pick list as HTML: the print dialog's document (PDF files: pdf-picklist.ts). */
export function renderPickListDocument(
  orders: readonly CampaignContribution[],
  options: PickListDocOptions,
): PickListDocResult {
  const plan = planPickList(orders, options)
  const { widths, thead } = plan
  const headHtml = `<div class="head">${plan.head.map((l) => l.html).join('')}</div>`
  const theadHtml = `<thead><tr><th class="check"></th>${thead
    .map((cell, i) => `<th${i >= 3 ? ' class="num"' : ''}>${cell.html}</th>`)
    .join('')}</tr></thead>`
  const rowHtml = ({ cells, heightPt }: PickRowLayout) => {
    const [sku, item, choices, qty, count] = cells
    return `<tr style="height:${pt(heightPt)}"><td class="check"><span class="box"></span></td><td>${sku.html}</td><td>${item.html}</td><td>${choices.html}</td><td class="num">${qty.html}</td><td class="num">${count.html}</td></tr>`
  }
  const colgroup = `<colgroup>${widths.map((w) => `<col style="width:${pt(w)}">`).join('')}</colgroup>`
  const body = plan.pages
    .map(
      (rows, i) =>
        `<section class="page" data-page="${i + 1}">${headHtml}<table>${colgroup}${theadHtml}<tbody>${rows
          .map(rowHtml)
          .join(
            '',
          )}</tbody></table><div class="foot">${plan.pageNumbers[i]?.html ?? ''}</div></section>`,
    )
    .join('\n')

  return {
    html: htmlDocument(
      `Pick list: ${options.campaignTitle}`,
      pickListCss(plan.paper, fontFaceCss(plan.faces.all())),
      body,
    ),
    pages: plan.pages.length,
    variants: plan.variants,
    units: plan.units,
    orders: plan.orders,
    skipped: plan.skipped,
  }
}

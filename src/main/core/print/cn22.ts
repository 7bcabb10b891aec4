import { CN22_LIMIT_SDR, CN22_MAX_LINES } from '../../../shared/catalog'
import type { CustomsDeclaration } from '../../../shared/catalog'
import { orderNumberText } from '../../../shared/fulfillment'
import { currencyText, kilograms, money } from './customs-text'
import {
  categories,
  cellRow,
  itemColumns,
  placeColumns,
  signature,
  tableHead,
  tableLine,
} from './customs-table'
import type { TextLang } from './fonts'
import type { FacesUsed, TextStyle } from './measure'
import type { Drawing } from './placed-text'
import { DrawingBuilder } from './placed-text'

/**
 * The CN22 customs declaration as the lower part of a 4×6 label (the UPU form's fields: the
 * category ticked, one line per item with description, HS tariff number, country of origin, net
 * weight and value, the totals with their currency, the certification and the signature line),
 * or, for an order whose declaration is a CN23, a box saying so. Laid out here for both
 * backends (placed-text.ts); its height follows its content, at most CN22_MAX_LINES item lines.
 */

const FRAME = 0.75
const PAD = 3
const GRAY = 0.27

const TYPE = {
  title: 8,
  form: 10,
  small: 5.5,
  category: 6,
  head: 5.5,
  cell: 6.5,
  total: 7,
  certification: 5,
  signature: 6,
} as const

/** Column widths in points; the description takes the rest. */
const COLUMNS = { qty: 12, hs: 40, origin: 22, weight: 40, value: 38 } as const

export interface Cn22Part {
  drawing: Drawing
  heightPt: number
  form: CustomsDeclaration['form']
}

function styles(lang: TextLang): { regular: TextStyle; bold: TextStyle; local: TextStyle } {
  return {
    regular: { lang: '', weight: 400 },
    bold: { lang: '', weight: 700 },
    // Descriptions may be in the backer's script; Han takes the address's regional form.
    local: { lang, weight: 400 },
  }
}

/** The form's head: its name and number, "May be opened officially" and the order. */
function head(b: DrawingBuilder, decl: CustomsDeclaration, x0: number, y: number, w: number) {
  const { regular, bold } = styles('')
  const form = decl.form === 'CN22' ? 'CN 22' : 'CN 23'
  const title = b.text('CUSTOMS DECLARATION', x0, y, TYPE.title, bold, { maxWidthPt: w * 0.6 })
  const number = b.box(form, TYPE.form, bold)
  // The larger form number shares the title's baseline.
  b.text(form, x0, y + title.box.baselinePt - number.baselinePt, TYPE.form, bold, {
    maxWidthPt: w,
    align: 'right',
  })
  y += Math.max(title.box.slotPt, number.slotPt + title.box.baselinePt - number.baselinePt)
  const opened = b.text('May be opened officially', x0, y, TYPE.small, regular, {
    maxWidthPt: w / 2,
  })
  b.text(`Order ${orderNumberText(decl.row.order)}`, x0, y, TYPE.small, regular, {
    maxWidthPt: w,
    align: 'right',
  })
  return y + opened.box.slotPt
}

function table(
  b: DrawingBuilder,
  decl: CustomsDeclaration,
  lang: TextLang,
  x0: number,
  y: number,
  w: number,
) {
  const { regular, local } = styles(lang)
  const placed = placeColumns(itemColumns(decl, COLUMNS), x0, w, 3)
  const lines = decl.parcel.lines.slice(0, CN22_MAX_LINES)
  const type = { head: TYPE.head, cell: TYPE.cell, gray: GRAY, rule: 0.5, regular, local }
  y = tableHead(b, placed, y, type)
  for (const line of lines) y += tableLine(b, placed, line, y, type)
  return y
}

function foot(b: DrawingBuilder, decl: CustomsDeclaration, x0: number, y: number, w: number) {
  const { bold } = styles('')
  b.rule(x0, y, w, 0.5)
  y += 1
  const weight = `Total weight (kg): ${kilograms(decl.parcel.weightG)}`
  const value = `Total value: ${money(decl.parcel.value)} ${currencyText(decl.parcel)}`
  y += cellRow(
    b,
    [
      { text: weight, x: x0, width: w / 2 - 2, style: bold, size: TYPE.total, align: 'left' },
      { text: value, x: x0 + w / 2, width: w / 2, style: bold, size: TYPE.total, align: 'right' },
    ],
    y,
  )
  return signature(b, x0, y, w, { text: TYPE.certification, label: TYPE.signature })
}

/** A CN23 order's part of the label: where its declaration is, and why it is not a CN22. */
function seeCn23(b: DrawingBuilder, decl: CustomsDeclaration, x0: number, y: number, w: number) {
  const { regular, bold } = styles('')
  y += b.text('See CN23 customs declaration attached', x0, y, TYPE.total, bold, { maxWidthPt: w })
    .box.slotPt
  const why = decl.why ?? `value over ${CN22_LIMIT_SDR} SDR`
  return (
    y +
    b.text(`Not a CN22: ${why}.`, x0, y, TYPE.cell, regular, { maxWidthPt: w, gray: GRAY }).box
      .slotPt
  )
}

/** The declaration's part of a label `widthPt` wide, its origin at the part's top-left corner. */
export function planCn22(
  decl: CustomsDeclaration,
  widthPt: number,
  lang: TextLang,
  faces: FacesUsed,
): Cn22Part {
  const b = new DrawingBuilder(faces)
  const x0 = FRAME + PAD
  const w = widthPt - 2 * x0
  let y = head(b, decl, x0, FRAME + PAD, w)
  if (decl.form === 'CN22') {
    y = categories(b, x0, y + 1, w, TYPE.category)
    y = table(b, decl, lang, x0, y + 1, w)
    y = foot(b, decl, x0, y + 1, w)
  } else {
    y = seeCn23(b, decl, x0, y + 1, w)
  }
  const heightPt = y + PAD + FRAME
  b.rule(0, 0, widthPt, FRAME)
  b.rule(0, heightPt - FRAME, widthPt, FRAME)
  b.rule(0, 0, FRAME, heightPt)
  b.rule(widthPt - FRAME, 0, FRAME, heightPt)
  return { drawing: b.drawing, heightPt, form: decl.form }
}

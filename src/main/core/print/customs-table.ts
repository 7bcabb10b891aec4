import { CUSTOMS_CATEGORIES, CUSTOMS_CATEGORY } from '../../../shared/catalog'
import type { CustomsDeclaration, ParcelLine } from '../../../shared/catalog'
import {
  CERTIFICATION,
  currencyText,
  kilograms,
  lineDescription,
  lineValue,
  lineWeightG,
  money,
  SIGNATURE_LABEL,
} from './customs-text'
import { wrapText } from './measure'
import type { TextStyle } from './measure'
import type { DrawingBuilder } from './placed-text'
import { ellipsize } from './placed-text'

// The item table both customs forms print: quantity, description, HS tariff number, country
// of origin, net weight and value, one row per item line, each row on one baseline. The CN22
// and the CN23 give their own widths and sizes; what a column says is the same on both.

export interface Column {
  head: string
  /** Points; the description takes what the others leave. */
  width: number | 'rest'
  align: 'left' | 'right'
  /** The cell of a line. */
  cell: (line: ParcelLine) => string
  /** Cells in the backer's script (the description) take the address's `lang`. */
  local?: boolean
}

export function itemColumns(
  decl: CustomsDeclaration,
  widths: { qty: number; hs: number; origin: number; weight: number; value: number },
): Column[] {
  const currency = currencyText(decl.parcel)
  return [
    { head: 'Qty', width: widths.qty, align: 'right', cell: (line) => String(line.quantity) },
    { head: 'Description of contents', width: 'rest', align: 'left', cell: lineDescription, local: true }, // prettier-ignore
    { head: 'HS tariff no.', width: widths.hs, align: 'left', cell: (line) => line.fields.hsCode ?? '' }, // prettier-ignore
    { head: 'Origin', width: widths.origin, align: 'left', cell: (line) => line.fields.originCountry ?? '' }, // prettier-ignore
    { head: 'Net weight (kg)', width: widths.weight, align: 'right', cell: (line) => kilograms(lineWeightG(line)) }, // prettier-ignore
    { head: `Value (${currency})`, width: widths.value, align: 'right', cell: (line) => money(lineValue(line)) }, // prettier-ignore
  ]
}

export interface Cell {
  text: string
  x: number
  width: number
  style: TextStyle
  size: number
  align: 'left' | 'right'
  gray?: number
}

/**
 * One row of cells sharing a baseline, its top at `y`; returns its height. `draw` false only
 * measures it (a page break is decided before the row is drawn).
 */
export function cellRow(b: DrawingBuilder, cells: readonly Cell[], y: number, draw = true): number {
  const shown = cells.map((cell) => ellipsize(cell.text, cell.width, cell.size, cell.style))
  const boxes = cells.map((cell, i) => b.box(shown[i]!, cell.size, cell.style))
  const baseline = Math.max(...boxes.map((box) => box.baselinePt))
  let height = 0
  cells.forEach((cell, i) => {
    const top = y + baseline - boxes[i]!.baselinePt
    height = Math.max(height, top - y + boxes[i]!.slotPt)
    if (!draw) return
    b.text(cell.text, cell.x, top, cell.size, cell.style, {
      maxWidthPt: cell.width,
      align: cell.align,
      ...(cell.gray === undefined ? {} : { gray: cell.gray }),
    })
  })
  return height
}

/** The columns placed across `w` points from `x0`, `gap` apart. */
export function placeColumns(columns: readonly Column[], x0: number, w: number, gap: number) {
  const fixed = columns.reduce((sum, c) => sum + (c.width === 'rest' ? 0 : c.width), 0)
  const rest = w - fixed - gap * (columns.length - 1)
  let x = x0
  return columns.map((column) => {
    const width = column.width === 'rest' ? rest : column.width
    const placed = { column, x, width }
    x += width + gap
    return placed
  })
}

export interface TableType {
  head: number
  cell: number
  gray: number
  rule: number
  regular: TextStyle
  local: TextStyle
}

type Placed = ReturnType<typeof placeColumns>

function cell(
  p: Placed[number],
  text: string,
  size: number,
  style: TextStyle,
  gray?: number,
): Cell {
  return { text, x: p.x, width: p.width, style, size, align: p.column.align, ...(gray === undefined ? {} : { gray }) } // prettier-ignore
}

/** The table's head (small, gray) and the rule under it; returns the y under the rule. */
export function tableHead(b: DrawingBuilder, placed: Placed, y: number, type: TableType): number {
  const x0 = placed[0]!.x
  const last = placed.at(-1)!
  y += cellRow(b, placed.map((p) => cell(p, p.column.head, type.head, type.regular, type.gray)), y) // prettier-ignore
  b.rule(x0, y, last.x + last.width - x0, type.rule)
  return y + type.rule + 0.5
}

/** A line's row at `y` (measured only when `draw` is false); returns its height. */
export function tableLine(
  b: DrawingBuilder,
  placed: Placed,
  line: ParcelLine,
  y: number,
  type: TableType,
  draw = true,
): number {
  const style = (p: Placed[number]) => (p.column.local ? type.local : type.regular)
  return cellRow(b, placed.map((p) => cell(p, p.column.cell(line), type.cell, style(p))), y, draw) // prettier-ignore
}

const TICK_EM = 0.92

/** The category boxes, three to a row, the reward's category ticked (customs-forms.ts). */
export function categories(b: DrawingBuilder, x0: number, y: number, w: number, size: number) {
  const regular: TextStyle = { lang: '', weight: 400 }
  const tick = TICK_EM * size
  const columnW = w / 3
  let rowH = 0
  CUSTOMS_CATEGORIES.forEach((name, i) => {
    const cx = x0 + (i % 3) * columnW
    const label = b.text(name, cx + tick + 0.4 * size, y, size, regular, {
      maxWidthPt: columnW - tick - 0.5 * size,
    })
    b.square(cx, y + label.box.baselinePt - tick + 0.08 * size, tick)
    if (name === CUSTOMS_CATEGORY) {
      b.text('X', cx + 0.2 * size, y, size, regular, { maxWidthPt: tick })
    }
    rowH = Math.max(rowH, label.box.slotPt)
    if (i % 3 === 2) {
      y += rowH
      rowH = 0
    }
  })
  return y
}

/** The certification, wrapped to `w`, and the signature line; returns the y under them. */
export function signature(
  b: DrawingBuilder,
  x0: number,
  y: number,
  w: number,
  sizes: { text: number; label: number },
): number {
  const regular: TextStyle = { lang: '', weight: 400 }
  for (const piece of wrapText(CERTIFICATION, w / sizes.text, regular)) {
    y += b.text(piece, x0, y, sizes.text, regular, { maxWidthPt: w }).box.slotPt
  }
  y += sizes.label / 3
  const label = b.text(`${SIGNATURE_LABEL}:`, x0, y, sizes.label, regular, { maxWidthPt: w / 2 })
  const lineFrom = x0 + w / 2
  b.rule(lineFrom, y + label.box.baselinePt + 1, x0 + w - lineFrom, 0.5)
  return y + label.box.slotPt
}

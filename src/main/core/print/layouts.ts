import type { LabelLayoutId } from '../../../shared/ipc/enums'

/**
 * One label stock. Every length is in `unit`, the unit its maker publishes, so the numbers can be
 * checked against the data sheet (../shared/api-notes.md, "Label sheets") without conversions.
 */
export interface LabelLayout {
  id: LabelLayoutId
  name: string
  unit: 'in' | 'mm'
  pageWidth: number
  pageHeight: number
  columns: number
  rows: number
  labelWidth: number
  labelHeight: number
  /** Page edge to the first label's top and left edge. */
  topMargin: number
  sideMargin: number
  /** Left edge to left edge, top edge to top edge. */
  pitchX: number
  pitchY: number
  /** Printable inset inside a label: die-cut labels have rounded corners and drift a little. */
  paddingX: number
  paddingY: number
  /** Address text size range in points (the floor is where shrinking gives way to wrapping). */
  maxFontPt: number
  minFontPt: number
  /** The "#seq · SKU summary" line. */
  summaryMaxPt: number
  summaryMinPt: number
}

export const LABEL_LAYOUTS: Readonly<Record<LabelLayoutId, LabelLayout>> = {
  avery5160: {
    id: 'avery5160',
    name: 'Avery 5160 / 8160 (US Letter, 30 per sheet)',
    unit: 'in',
    pageWidth: 8.5,
    pageHeight: 11,
    columns: 3,
    rows: 10,
    labelWidth: 2.625,
    labelHeight: 1,
    topMargin: 0.5,
    sideMargin: 0.1875,
    pitchX: 2.75,
    pitchY: 1,
    paddingX: 0.12,
    paddingY: 0.06,
    maxFontPt: 10,
    minFontPt: 6,
    summaryMaxPt: 6,
    summaryMinPt: 5,
  },
  averyL7160: {
    id: 'averyL7160',
    name: 'Avery L7160 (A4, 21 per sheet)',
    unit: 'mm',
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    topMargin: 15.15,
    sideMargin: 7.2,
    pitchX: 66.04,
    pitchY: 38.1,
    paddingX: 3.5,
    paddingY: 2,
    maxFontPt: 11,
    minFontPt: 6,
    summaryMaxPt: 6.5,
    summaryMinPt: 5,
  },
  thermal4x6: {
    id: 'thermal4x6',
    name: '4 x 6 in thermal (one per page)',
    unit: 'in',
    pageWidth: 4,
    pageHeight: 6,
    columns: 1,
    rows: 1,
    labelWidth: 4,
    labelHeight: 6,
    topMargin: 0,
    sideMargin: 0,
    pitchX: 4,
    pitchY: 6,
    paddingX: 0.25,
    paddingY: 0.3,
    maxFontPt: 18,
    minFontPt: 8,
    summaryMaxPt: 10,
    summaryMinPt: 7,
  },
}

/** The layout `id` names; a RangeError for one the types did not stop (a CLI flag, a test). */
export function labelLayoutOf(id: LabelLayoutId): LabelLayout {
  const layout = LABEL_LAYOUTS[id]
  if (layout === undefined) throw new RangeError(`Unknown label layout: ${String(id)}`)
  return layout
}

export const POINTS_PER_UNIT: Readonly<Record<LabelLayout['unit'], number>> = {
  in: 72,
  mm: 72 / 25.4,
}

export function labelsPerPage(layout: LabelLayout): number {
  return layout.columns * layout.rows
}

export interface LabelSlot {
  /** 0-based page (sheet) number. */
  page: number
  /** 0-based position on the page, row by row. */
  index: number
  row: number
  column: number
  /** Top-left corner on the page, in the layout's unit, before any printer offset. */
  x: number
  y: number
}

/** Where the label at 0-based `slot` (counted from the first position of the first sheet) sits. */
export function labelSlot(layout: LabelLayout, slot: number): LabelSlot {
  const perPage = labelsPerPage(layout)
  const page = Math.floor(slot / perPage)
  const index = slot - page * perPage
  const row = Math.floor(index / layout.columns)
  const column = index - row * layout.columns
  return {
    page,
    index,
    row,
    column,
    x: layout.sideMargin + column * layout.pitchX,
    y: layout.topMargin + row * layout.pitchY,
  }
}

/**
 * Sheets needed for `labels` labels when the first sheet is used from position `startAt`
 * (1-based; the positions before it were used by an earlier run).
 */
export function sheetCount(layout: LabelLayout, labels: number, startAt = 1): number {
  if (labels <= 0) return 0
  return Math.ceil((startAt - 1 + labels) / labelsPerPage(layout))
}

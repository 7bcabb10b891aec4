import type { ExportKind } from './enums'

/** What the Excel and CSV exports answer and report as they go. */

export interface ExcelExportResult {
  path: string
  orders: number
  sheets: number
}

export interface CsvExportResult {
  path: string
  /** Line items written (the header not counted). */
  rows: number
  orders: number
}

export interface ExportProgressEvent {
  kind: ExportKind
  /** Rows written so far over every sheet, of `total`. */
  done: number
  total: number
}

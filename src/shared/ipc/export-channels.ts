import { z } from 'zod'
import { csvExportRequestSchema, selectionRequestSchema } from './export-schemas'
import type { CsvExportResult, ExcelExportResult, PrePrintCheck } from './results'
import { returns } from './returns'

export const EXPORT_CHANNELS = {
  /** Pre-print checks of the selection; each carries the contribution ids to open as a list. */
  'export:checks': {
    method: 'runChecks',
    args: z.tuple([selectionRequestSchema]),
    result: returns<PrePrintCheck[]>(),
  },
  /** Asks where to save, then writes the packing list; null when the dialog was cancelled. */
  'export:excel': {
    method: 'exportExcel',
    args: z.tuple([selectionRequestSchema]),
    result: returns<ExcelExportResult | null>(),
  },
  'export:csv': {
    method: 'exportCsv',
    args: z.tuple([csvExportRequestSchema]),
    result: returns<CsvExportResult | null>(),
  },
} as const

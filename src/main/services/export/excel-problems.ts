import type { ProblemLine } from '../../../shared/problems/report'
import { SHEET } from './excel-sheets'
import type { SheetPlan } from './excel-sheets'
import { ColumnWidths } from './excel-layout'

/**
 * The contributions the sync could not read, a line per field: they are in no other sheet, so
 * the team sees here what is missing from the packing list. Ids, paths and messages only; the
 * rows themselves (personal data) stay in PerkPack.
 */
export function problemsPlan(lines: readonly ProblemLine[]): SheetPlan {
  const headers = ['Contribution ID', 'Row', 'Field', 'Problem']
  const widths = new ColumnWidths(headers)
  const rows = lines.map((line) => [line.id, line.row, line.path, line.message])
  for (const row of rows) for (let c = 0; c < row.length; c++) widths.see(c, row[c] ?? null)
  return {
    name: SHEET.problems,
    headers,
    kinds: ['id', 'number', 'text', 'text'],
    wrap: [false, false, false, true],
    widths: widths.final(),
    rowCount: rows.length,
    rows: () => rows,
  }
}

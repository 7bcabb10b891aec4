import type { ProblemLine } from '../../../shared/problems/report'
import { SHEET } from './excel-sheets'
import type { SheetPlan } from './excel-sheets'
import { ColumnWidths } from './excel-layout'

/**
 * The contributions the sync could not read, a line per field, and the items of the exported
 * orders PerkPack cannot read, a line per item: the first are in no other sheet, the second are
 * in their orders' parcels, to check by hand. The order number and backer find the row, the
 * words say what is wrong; the field and details are for support. The rows as sent (e-mails,
 * addresses) stay in PerkPack.
 */
export function problemsPlan(lines: readonly ProblemLine[]): SheetPlan {
  const headers = ['Order', 'Backer', 'Problem', 'Contribution ID', 'Row', 'Field', 'Details']
  const widths = new ColumnWidths(headers)
  const rows = lines.map((line) => [
    line.order,
    line.backer,
    line.problem,
    line.id,
    line.row,
    line.path,
    line.message,
  ])
  for (const row of rows) for (let c = 0; c < row.length; c++) widths.see(c, row[c] ?? null)
  return {
    name: SHEET.problems,
    headers,
    kinds: ['text', 'text', 'text', 'id', 'number', 'text', 'text'],
    wrap: [false, false, true, false, false, false, true],
    widths: widths.final(),
    rowCount: rows.length,
    rows: () => rows,
  }
}

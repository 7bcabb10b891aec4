import type { StockImportResult } from '@shared/ipc'
import { plural } from '@shared/format/counts'

type Lines = StockImportResult['problems']
const listed = (lines: Lines) => lines.map((p) => `line ${p.line} (${p.problem})`).join('; ')

/**
 * What a stock import did, for the note above the table: the levels read, the lines left out,
 * and the lines kept that no order ships (a choice mistyped in the file shows there, not as a
 * variant that silently stays uncounted).
 */
export function stockImportText(result: StockImportResult): {
  text: string
  type: 'success' | 'warning'
} {
  const parts = [
    `Read ${plural(result.read, 'stock level')} from ${result.fileName}: ${result.changed} changed.`,
  ]
  if (result.problems.length > 0) parts.push(`Left out: ${listed(result.problems)}.`)
  if (result.unshipped.length > 0) parts.push(`Kept, but ${listed(result.unshipped)}.`)
  return { text: parts.join(' '), type: parts.length > 1 ? 'warning' : 'success' }
}

import type { SchemaProblem } from '../api/validate'
import { maskPersonalData } from './redact'

/** What a problem row is known by: its id, else its place counted from the oldest row. */
export interface ProblemRowRef {
  id: number | null
  /** 0 for the oldest contribution of the campaign. */
  rank: number
}

/** "41450054", or "row 17 (no usable id)" for a row that has none. */
export function problemRowName(row: ProblemRowRef): string {
  return row.id === null ? `row ${row.rank + 1} (no usable id)` : String(row.id)
}

export interface ProblemReportRow extends ProblemRowRef {
  problems: readonly SchemaProblem[]
  /** The row as sent; masked again here, so the report never depends on the caller doing it. */
  raw: unknown
}

export interface ProblemReportInput {
  campaignId: number
  title?: string | null
  lastSyncedAt: string
  /** Problem rows of the snapshot; `rows` may hold only the first of them. */
  problemCount: number
  /** Contributions of the snapshot that read fine. */
  count: number
  rows: readonly ProblemReportRow[]
}

/**
 * The "Copy details" text: ids, field paths, messages and each row as sent with personal data
 * masked (see `maskPersonalData`), ready to paste into a ticket.
 */
export function problemReport(input: ProblemReportInput): string {
  const name = input.title?.trim()
    ? `${input.title.trim()} (${input.campaignId})`
    : String(input.campaignId)
  const total = input.count + input.problemCount
  const lines = [
    `PerkPack problem rows of campaign ${name}, synced ${input.lastSyncedAt}`,
    `${input.problemCount} of ${total} contributions could not be read.`,
    'Personal data (e-mails, names, addresses, phone numbers) is masked.',
  ]
  for (const row of input.rows) {
    lines.push('', problemRowName(row))
    for (const problem of row.problems) lines.push(`  ${problem.path}: ${problem.message}`)
    lines.push(`  as sent: ${JSON.stringify(maskPersonalData(row.raw)) ?? 'nothing'}`)
  }
  const left = input.problemCount - input.rows.length
  if (left > 0)
    lines.push('', `… and ${left} more (perkpack problems ${input.campaignId} lists all).`)
  return `${lines.join('\n')}\n`
}

/** One field of one problem row: a line of the Excel "Problems" sheet. */
export interface ProblemLine {
  id: number | null
  /** The row's place counted from the oldest contribution, from 1 (`rank + 1`). */
  row: number
  path: string
  message: string
}

export function problemLines(
  rows: readonly (ProblemRowRef & { problems: readonly SchemaProblem[] })[],
): ProblemLine[] {
  return rows.flatMap((row) =>
    row.problems.map((problem) => ({
      id: row.id,
      row: row.rank + 1,
      path: problem.path,
      message: problem.message,
    })),
  )
}

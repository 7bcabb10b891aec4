import type { CampaignContribution } from '../api/schemas'
import type { SchemaProblem } from '../api/validate'
import { backerName } from '../export/order-rows'
import {
  flaggedItemName,
  flaggedItems,
  flaggedQuantityText,
  orderNumberText,
  unreadableReasonText,
} from '../fulfillment'
import { problemRowWho, problemText } from './problem-words'
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

/** One field of one problem row, or one item to check by hand: a line of the "Problems" sheet. */
export interface ProblemLine {
  id: number | null
  /**
   * The row's place counted from the oldest contribution, from 1 (`rank + 1`); null for an
   * order that was read, whose item PerkPack cannot read.
   */
  row: number | null
  /** "#2041" (or "order 70001"), null when the row carries no number PerkPack could read. */
  order: string | null
  backer: string | null
  /** In words: "perk without an id". */
  problem: string
  path: string
  message: string
}

export function problemLines(
  rows: readonly (ProblemRowRef & { problems: readonly SchemaProblem[]; raw?: unknown })[],
): ProblemLine[] {
  return rows.flatMap((row) => {
    const who = problemRowWho(row.raw)
    return row.problems.map((problem) => ({
      id: row.id,
      row: row.rank + 1,
      order: who.orderNumber === null ? null : `#${who.orderNumber}`,
      backer: who.backer,
      problem: problemText(problem, row.raw),
      path: problem.path,
      message: problem.message,
    }))
  })
}

/**
 * The items of `rows` PerkPack cannot read, a line per item: their orders are in every other
 * sheet (they ship), and here the team finds what to check by hand, and why.
 */
export function flaggedItemLines(rows: readonly CampaignContribution[]): ProblemLine[] {
  return rows.flatMap((row) =>
    flaggedItems(row.order).map(({ perkIndex, item }) => ({
      id: row.id,
      row: null,
      order: orderNumberText(row.order),
      backer: backerName(row) || null,
      problem: `${flaggedQuantityText(item)} × ${flaggedItemName(item)}: ${unreadableReasonText(item.reason)} (the order ships; check the item by hand)`,
      path: item.problems[0] ? `order.perks[${perkIndex}].${item.problems[0].path}` : '',
      message: item.problems.map((problem) => problem.message).join('; '),
    })),
  )
}

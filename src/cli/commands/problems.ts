import type { CampaignSnapshotInfo, ProblemRow } from '../../main/core/cache'
import { plural } from '../../shared/export/check-text'
import { problemRowTitle, problemRowWho, problemText } from '../../shared/problems/problem-words'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { printJson } from '../io'
import { syncedSnapshot, syncedText } from '../offline-copy'

const USAGE = 'problems <campaign-id> [--json]'

/**
 * "Order #2041, María Nuñez (contribution 41450054): perk without an id": the row as a person
 * finds it, and its problems in words; the paths and messages follow, indented.
 */
export function problemRowLine(row: ProblemRow): string {
  const who = problemRowWho(row.raw)
  const title = problemRowTitle({ ...row, ...who })
  const id = row.id !== null && who.orderNumber !== null ? ` (contribution ${row.id})` : ''
  const words = row.problems.map((problem) => problemText(problem, row.raw))
  return `${title}${id}: ${words.join('; ')}`
}

function textReport(info: CampaignSnapshotInfo, rows: readonly ProblemRow[]): string {
  const total = info.count + info.problemCount
  if (rows.length === 0) {
    return `Every contribution of campaign ${info.campaignId} was read (${total} in the sync of ${syncedText(info)}): no problem rows.\n`
  }
  const lines = [
    `${plural(rows.length, 'contribution')} of ${total} in the sync of ${syncedText(info)} could not be read;`,
    'they are not among the orders. Fix them on the platform, then sync again.',
    '',
  ]
  for (const row of rows) {
    lines.push(problemRowLine(row))
    for (const problem of row.problems) lines.push(`  ${problem.path}: ${problem.message}`)
  }
  return `${lines.join('\n')}\n`
}

export const problemsCommand: Command = {
  usage: USAGE,
  summary:
    'Contributions the last sync could not read: order, backer, what is wrong, fields (no network).',
  details: `--json   [{id, rank, problems: [{path, message}], raw}], raw as the API sent it
A row without a usable id is named "row N": the N-th contribution counted from the oldest
(rank N - 1 in --json).`,
  options: ['json'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, USAGE)
    const info = syncedSnapshot(context, campaignId)
    const rows = context.cache().problemRows(campaignId)
    if (values.json) {
      printJson(
        context.io,
        rows.map((row) => ({ id: row.id, rank: row.rank, problems: row.problems, raw: row.raw })),
      )
      return 0
    }
    context.io.stdout.write(textReport(info, rows))
    return 0
  },
}

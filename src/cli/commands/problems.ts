import type { CampaignSnapshotInfo, ProblemRow } from '../../main/services/cache'
import { UsageError } from '../../main/services/perkpack-errors'
import type { ShrinkCounts } from '../../main/services/shrink'
import { problemRowName } from '../../shared/problems/report'
import { campaignArg, printJson } from '../commands'
import type { Command } from '../commands'
import type { CliContext } from '../context'

const USAGE = 'problems <campaign-id> [--json]'

const contributions = (n: number) => `${n} contribution${n === 1 ? '' : 's'}`

/** The one line `perkpack sync` adds when rows could not be read; null when all were read. */
export function problemWarning(campaignId: number, problemCount: number): string | null {
  if (problemCount === 0) return null
  return `warning: ${contributions(problemCount)} could not be read; see perkpack problems ${campaignId}`
}

/** What `perkpack sync --strict` says before it exits 1: the rows are stored, the run failed. */
export function strictFailure(campaignId: number, problemCount: number): string {
  return (
    `--strict: ${contributions(problemCount)} of campaign ${campaignId} could not be read. ` +
    'The offline copy was updated with every readable contribution and the problem rows; ' +
    `list them with \`perkpack problems ${campaignId}\`.`
  )
}

/** Both counts and the way out, for `perkpack sync` when it refuses to shrink the campaign. */
export function shrinkHint(counts: ShrinkCounts): string {
  return (
    `If campaign ${counts.campaignId} really holds fewer orders now, run ` +
    `\`perkpack sync ${counts.campaignId} --accept-shrink\` to replace the offline copy ` +
    `(${counts.currentCount} orders) with the smaller one (${counts.incomingCount}).`
  )
}

function snapshotOf(context: CliContext, campaignId: number): CampaignSnapshotInfo {
  const info = context.cache().campaign(campaignId)
  if (!info) {
    throw new UsageError(
      `There is no offline copy of campaign ${campaignId} in ${context.target.dataDir}. Run \`perkpack sync ${campaignId}\` first.`,
    )
  }
  return info
}

function syncedText(info: CampaignSnapshotInfo): string {
  return info.lastSyncedAt.replace('T', ' ').replace(/\.\d+/, '').replace(/Z$/, ' UTC')
}

function textReport(info: CampaignSnapshotInfo, rows: readonly ProblemRow[]): string {
  const total = info.count + info.problemCount
  if (rows.length === 0) {
    return `Every contribution of campaign ${info.campaignId} was read (${total} in the sync of ${syncedText(info)}): no problem rows.\n`
  }
  const lines = [
    `${contributions(rows.length)} of ${total} in the sync of ${syncedText(info)} could not be read;`,
    'they are not among the orders. Fix them on the platform, then sync again.',
    '',
  ]
  for (const row of rows) {
    lines.push(problemRowName(row))
    for (const problem of row.problems) lines.push(`  ${problem.path}: ${problem.message}`)
  }
  return `${lines.join('\n')}\n`
}

export const PROBLEM_COMMANDS: Record<string, Command> = {
  problems: {
    usage: USAGE,
    summary: 'Contributions the last sync could not read: id or row, fields, why (no network).',
    details: `--json   [{id, rank, problems: [{path, message}], raw}], raw as the API sent it
A row without a usable id is named "row N": the N-th contribution counted from the oldest
(rank N - 1 in --json).`,
    options: ['json'],
    async run({ context, args, values }) {
      const campaignId = campaignArg(args, USAGE)
      const info = snapshotOf(context, campaignId)
      const rows = context.cache().problemRows(campaignId)
      if (values.json) {
        printJson(
          context,
          rows.map((row) => ({ id: row.id, rank: row.rank, problems: row.problems, raw: row.raw })),
        )
        return 0
      }
      context.io.stdout.write(textReport(info, rows))
      return 0
    },
  },
}

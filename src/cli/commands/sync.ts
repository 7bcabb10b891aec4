import { ApiError } from '../../main/core/system/perkpack-errors'
import { readSettings } from '../../main/core/session/profile'
import type { ShrinkCounts } from '../../main/core/sync/shrink'
import { SnapshotShrank } from '../../main/core/sync/shrink'
import { checkConcurrency, syncCampaign } from '../../main/core/sync/sync-engine'
import type { SyncResult } from '../../main/core/sync/sync-engine'
import { saveView } from '../../main/core/orders/view-store'
import { syncLeftBehindText } from '../../shared/dashboard/floor-left-behind'
import { plural } from '../../shared/export/check-text'
import { DEFAULT_CONCURRENCY } from '../../shared/ipc'
import { campaignArg, positiveInt } from '../arguments'
import type { Command } from '../command'
import { UNPRIVILEGED_NOTE } from '../context'
import { NOT_ON_TEAM_TEXT } from '../../shared/api/hidden-fields-text'
import type { CliContext } from '../context'
import { EXIT_FAILURE, EXIT_OK, EXIT_SHRINK } from '../exit-codes'
import { bar, formatDuration, ProgressLine } from '../io'
import { syncedText } from '../offline-copy'

const contributions = (n: number) => plural(n, 'contribution')

/** The one line `perkpack sync` adds when rows could not be read; null when all were read. */
function problemWarning(campaignId: number, problemCount: number): string | null {
  if (problemCount === 0) return null
  return `warning: ${contributions(problemCount)} could not be read; see perkpack problems ${campaignId}`
}

/** What `perkpack sync --strict` says before it exits 1: the rows are stored, the run failed. */
function strictFailure(campaignId: number, problemCount: number): string {
  return (
    `--strict: ${contributions(problemCount)} of campaign ${campaignId} could not be read. ` +
    'The offline copy was updated with every readable contribution and the problem rows; ' +
    `list them with \`perkpack problems ${campaignId}\`.`
  )
}

/** Both counts and the way out, for `perkpack sync` when it refuses to shrink the campaign. */
function shrinkHint(counts: ShrinkCounts): string {
  const accept = `\`perkpack sync ${counts.campaignId} --accept-shrink\``
  const cause = counts.addressesLost
  if (!counts.fewerOrders && cause !== null) {
    // The message above already says the fix.
    return `Or run ${accept} to replace the offline copy with one without e-mails and addresses.`
  }
  return (
    `If campaign ${counts.campaignId} really holds fewer orders now, run ${accept} to replace the ` +
    `offline copy (${counts.currentCount} orders) with the smaller one (${counts.incomingCount}` +
    `${cause === null ? '' : ', without e-mails and addresses'}).`
  )
}

/**
 * A sync the API stopped keeps the offline copy it would have replaced (the new one is committed
 * only once complete): saying so tells the person the orders on this desk are still the old ones.
 */
function withOfflineCopyKept(error: ApiError, context: CliContext, campaignId: number): ApiError {
  let info
  try {
    info = context.cache().campaign(campaignId)
  } catch {
    // The copy cannot be read now: the API's error is what to say.
    return error
  }
  if (!info) return error
  // The note goes with what happened, before the next step ("… then try again.").
  return new ApiError(
    error.kind,
    error.endpoint,
    `${error.reason} The offline copy of campaign ${campaignId} is unchanged (last synced ${syncedText(info)}).`,
    error.status,
    {
      cause: error,
      retryable: error.retryable,
      ...(error.nextStep === undefined ? {} : { nextStep: error.nextStep }),
    },
  )
}

export const syncCommand: Command = {
  usage: 'sync <campaign-id> [--concurrency N] [--strict] [--accept-shrink]',
  summary: 'Download every contribution of a campaign into the offline cache.',
  details: `--concurrency N  pages fetched at once, 1 to 16 (default ${DEFAULT_CONCURRENCY})
--strict         exit 1 when any contribution could not be read (they are stored all the same)
--accept-shrink  replace the offline copy even when this sync found far fewer orders, or no
                 e-mails and addresses where the copy has them
The previous offline copy stays until the new one is complete. Contributions PerkPack cannot
read are kept apart as problem rows: one warning line, and \`perkpack problems\` lists them.
When a sync finds under 90 % of the orders of the offline copy (a wrong address, a server
answering in part), the copy is kept and the sync exits 3 with both counts; so too when a copy
with e-mails and addresses would be replaced by one without. Over a copy imported
from a dashboard file, a warning counts the floor records made against the file's ids (kept, but
not shown on the synced copy).`,
  options: ['concurrency', 'strict', 'accept-shrink'],
  async run({ context, args, values, signal }) {
    const campaignId = campaignArg(args, 'sync <campaign-id>')
    const stored = readSettings(context.target.dataDir).concurrency
    const concurrency = checkConcurrency(
      values.concurrency !== undefined
        ? positiveInt(values.concurrency, '--concurrency value')
        : stored,
    )
    const session = await context.session()
    if (!session.privileged) context.warn(UNPRIVILEGED_NOTE)
    const progress = new ProgressLine(context.io.stderr)
    const syncing = syncCampaign({
      client: context.client(session),
      cache: context.cacheForSync(),
      campaignId,
      privileged: session.privileged,
      concurrency,
      signal,
      acceptShrink: Boolean(values['accept-shrink']),
      onProgress: (p) => {
        const eta = p.etaMs === null ? '' : ` · ${formatDuration(p.etaMs)} left`
        progress.draw(
          `${bar(p.pagesDone, p.pagesTotal)} ${p.pagesDone}/${p.pagesTotal} pages · ${p.records}/${p.expected} records · ${Math.round(p.rate)}/s${eta}`,
        )
      },
    }).finally(() => progress.done())
    let result: SyncResult
    try {
      result = await syncing
    } catch (error) {
      if (error instanceof ApiError) throw withOfflineCopyKept(error, context, campaignId)
      if (!(error instanceof SnapshotShrank)) throw error
      error.decline()
      context.warn(error.message)
      context.warn(shrinkHint(error.counts))
      return EXIT_SHRINK
    }
    const { snapshot } = result
    // What the desktop app reads first when it opens these orders.
    saveView(context.cache(), campaignId, snapshot.lastSyncedAt)
    context.io.stdout.write(
      `Synced ${snapshot.count} contributions of campaign ${campaignId} in ${formatDuration(result.elapsedMs)} (${result.pagesFetched} pages, concurrency ${concurrency}).\n`,
    )
    const warning = problemWarning(campaignId, snapshot.problemCount)
    if (warning) context.io.stderr.write(`${warning}\n`)
    if (result.floorLeftBehind > 0) context.warn(syncLeftBehindText(result.floorLeftBehind))
    if (result.notOnTeam) context.warn(NOT_ON_TEAM_TEXT)
    if (values.strict && snapshot.problemCount > 0) {
      context.warn(strictFailure(campaignId, snapshot.problemCount))
      return EXIT_FAILURE
    }
    return EXIT_OK
  },
}

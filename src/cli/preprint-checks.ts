import type { CampaignSnapshotInfo, ProblemRow } from '../main/core/cache'
import { runPrePrintChecks } from '../shared/export/checks'
import { stoppedPackedIds } from '../main/core/floor/stopped-packed'
import type { PrePrintCheck } from '../shared/export/checks'
import type { CampaignContribution } from '../shared/api/schemas'
import type { CliContext } from './context'
import { cliCustoms } from './customs-context'

/**
 * The pre-print checks of what an export is about to write, each printed to stderr as a line.
 * The detail is a whole sentence naming what was found; the title would only repeat it.
 */
export function reportPrePrintChecks(
  context: CliContext,
  info: CampaignSnapshotInfo,
  rows: readonly CampaignContribution[],
  addressChangedOnPlatform: readonly number[] = [],
): { checks: PrePrintCheck[]; problemRows: ProblemRow[] } {
  const problemRows = context.cache().problemRows(info.campaignId)
  const checks = runPrePrintChecks(rows, {
    now: new Date(),
    lastSyncedAt: info.lastSyncedAt,
    privileged: info.privileged,
    problemRows,
    packedButStopped: stoppedPackedIds(context.cache(), info.campaignId),
    addressChangedOnPlatform,
    ...cliCustoms(context, info.campaignId),
  })
  for (const check of checks) context.io.stderr.write(`${check.severity}: ${check.detail}\n`)
  return { checks, problemRows }
}

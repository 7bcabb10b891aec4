import type { CampaignSnapshotInfo, ContributionQuery } from '../main/core/cache'
import { UsageError } from '../main/core/system/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import { utcStampText } from '../shared/format/locale-format'
import type { CliContext } from './context'

/** The last sync of a campaign, or a usage error saying how to make one. */
export function syncedSnapshot(context: CliContext, campaignId: number): CampaignSnapshotInfo {
  const info = context.cache().campaign(campaignId)
  if (!info) {
    throw new UsageError(
      `There is no offline copy of campaign ${campaignId} in ${context.target.dataDir}. Run \`perkpack sync ${campaignId}\` first.`,
    )
  }
  return info
}

/** "2026-03-01 09:30:00 UTC": when the offline copy was made. */
export function syncedText(info: CampaignSnapshotInfo): string {
  return utcStampText(info.lastSyncedAt)
}

export function cachedRows(context: CliContext, campaignId: number): CampaignContribution[] {
  return offlineCopy(context, campaignId).rows
}

/** The last sync of a campaign and its rows. */
export function offlineCopy(
  context: CliContext,
  campaignId: number,
): { info: CampaignSnapshotInfo; rows: CampaignContribution[] } {
  const info = syncedSnapshot(context, campaignId)
  return { info, rows: context.cache().contributions(campaignId) }
}

/** The cached rows exactly as the API sent them, filtered through the cache's indexes. */
export function cachedRawRows(context: CliContext, campaignId: number, query: ContributionQuery) {
  syncedSnapshot(context, campaignId)
  return context.cache().rawContributions(campaignId, query)
}

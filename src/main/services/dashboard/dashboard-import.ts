import { countShipments, groupByPerk } from '../../../shared/fulfillment'
import type { CampaignSnapshotInfo, OfflineCache } from '../cache'
import { isShrink, SnapshotShrank } from '../shrink'
import type { DashboardRead } from './dashboard-export'

/** Where a campaign's offline copy came from, when not from an API sync. */
export interface SnapshotSource {
  kind: 'dashboard-file'
  fileName: string
  /** ISO 8601 (UTC). */
  importedAt: string
}

export const SNAPSHOT_SOURCE_DOCUMENT = 'snapshot-source'

export interface DashboardImportSummary {
  snapshot: CampaignSnapshotInfo
  orders: number
  perks: number
  variants: number
  problemRows: number
  ordersThatShip: number
}

/** The source of the campaign's offline copy; null when an API sync made it. */
export function snapshotSource(cache: OfflineCache, campaignId: number): SnapshotSource | null {
  return (
    cache.getDocument<SnapshotSource | null>(SNAPSHOT_SOURCE_DOCUMENT, String(campaignId))?.value ??
    null
  )
}

/**
 * Makes a dashboard export the campaign's offline copy, with the safeguards of an API sync: its
 * problem rows kept, and a much smaller file held back (SnapshotShrank) unless `acceptShrink`.
 * The floor's record (packed, tracking) is not touched.
 */
export function importDashboardExport(
  cache: OfflineCache,
  campaignId: number,
  read: DashboardRead,
  options: { fileName: string; acceptShrink?: boolean; now?: () => Date },
): DashboardImportSummary {
  const current = cache.campaign(campaignId)?.count ?? 0
  const writer = cache.beginSnapshot(campaignId)
  try {
    if (read.rows.length > 0) writer.add(read.rows)
    if (read.problems.length > 0) writer.addProblems(read.problems)
  } catch (error) {
    writer.abort()
    throw error
  }
  const commit = (): DashboardImportSummary => {
    const snapshot = writer.commit({
      expectedCount: read.rows.length + read.problems.length,
      // The file holds e-mails and addresses: as a team member's sync would.
      privileged: true,
    })
    const source: SnapshotSource = {
      kind: 'dashboard-file',
      fileName: options.fileName,
      importedAt: (options.now?.() ?? new Date()).toISOString(),
    }
    cache.putDocument(SNAPSHOT_SOURCE_DOCUMENT, String(campaignId), source)
    const models = read.rows.map((row) => row.model)
    const tree = groupByPerk(models)
    return {
      snapshot,
      orders: models.length,
      perks: tree.filter((perk) => perk.perkId !== null).length,
      variants: new Set(tree.flatMap((perk) => perk.variants.map((v) => v.key))).size,
      problemRows: read.problems.length,
      ordersThatShip: countShipments(models).ships,
    }
  }
  if (!options.acceptShrink && isShrink(current, read.rows.length)) {
    throw new SnapshotShrank(
      {
        campaignId,
        currentCount: current,
        incomingCount: read.rows.length,
        incomingProblemCount: read.problems.length,
      },
      { accept: commit, decline: () => writer.abort() },
    )
  }
  return commit()
}

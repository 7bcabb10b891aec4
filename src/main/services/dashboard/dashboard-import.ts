import { countShipments, groupByPerk } from '../../../shared/fulfillment'
import type { PerkGroup } from '../../../shared/fulfillment'
import type { CampaignSnapshotInfo, OfflineCache } from '../cache'
import { isShrink, SnapshotShrank } from '../shrink'
import type { DashboardRead } from './dashboard-export'
import type { SnapshotSource } from '../../../shared/dashboard/snapshot-source'

export type { SnapshotSource }

export const SNAPSHOT_SOURCE_DOCUMENT = 'snapshot-source'

export interface DashboardImportSummary {
  snapshot: CampaignSnapshotInfo
  orders: number
  perks: number
  variants: number
  problemRows: number
  ordersThatShip: number
}

/** What a file read holds, as the CLI prints it and the app's preview shows it. */
export function readCounts(
  read: DashboardRead,
): Omit<DashboardImportSummary, 'snapshot'> & { tree: PerkGroup[] } {
  const models = read.rows.map((row) => row.model)
  const tree = groupByPerk(models)
  return {
    tree,
    orders: models.length,
    perks: tree.filter((perk) => perk.perkId !== null).length,
    variants: new Set(tree.flatMap((perk) => perk.variants.map((v) => v.key))).size,
    problemRows: read.problems.length,
    ordersThatShip: countShipments(models).ships,
  }
}

/** The source of the campaign's offline copy; null when an API sync made it. */
export function snapshotSource(cache: OfflineCache, campaignId: number): SnapshotSource | null {
  const value = cache.getDocument<Partial<SnapshotSource> | null>(
    SNAPSHOT_SOURCE_DOCUMENT,
    String(campaignId),
  )?.value
  // Written by this module, but a damaged or older document must not break the campaign list.
  if (typeof value?.fileName !== 'string' || typeof value.importedAt !== 'string') return null
  return { kind: 'dashboard-file', fileName: value.fileName, importedAt: value.importedAt }
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
    const counts = readCounts(read)
    return {
      snapshot,
      orders: counts.orders,
      perks: counts.perks,
      variants: counts.variants,
      problemRows: counts.problemRows,
      ordersThatShip: counts.ordersThatShip,
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

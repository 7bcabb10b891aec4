import { MAX_PROBLEM_ROWS_LISTED } from '../../shared/ipc'
import type { ProblemRowsView } from '../../shared/ipc'
import { maskPersonalData } from '../../shared/problems/redact'
import type { OfflineCache } from '../services/cache'
import { campaignNotSynced } from '../services/perkpack-errors'

/**
 * The problem rows of a campaign's snapshot as the renderer may see them: paths, messages and
 * the row as sent with personal data masked. The unmasked row never crosses IPC: the list is
 * for finding the fault, and its "Copy details" text leaves the app.
 */
export function problemRowsView(cache: OfflineCache, campaignId: number): ProblemRowsView {
  const info = cache.campaign(campaignId)
  if (!info) throw campaignNotSynced(campaignId)
  const rows =
    info.problemCount === 0 ? [] : cache.problemRows(campaignId, { limit: MAX_PROBLEM_ROWS_LISTED })
  return {
    campaignId,
    title: info.title ?? null,
    lastSyncedAt: info.lastSyncedAt,
    count: info.count,
    problemCount: info.problemCount,
    rows: rows.map((row) => ({
      id: row.id,
      rank: row.rank,
      problems: row.problems,
      maskedRaw: maskPersonalData(row.raw),
    })),
  }
}

import { MAX_PROBLEM_ROWS_LISTED } from '../../shared/ipc'
import type { ProblemRowsView } from '../../shared/ipc'
import { problemRowWho } from '../../shared/problems/problem-words'
import { maskPersonalData } from '../../shared/problems/redact'
import type { OfflineCache } from '../core/cache'
import { campaignNotSynced } from '../core/system/perkpack-errors'

/**
 * The problem rows of a campaign's snapshot as the renderer may see them: paths, messages, the
 * order number and backer's name, and the row as sent with personal data masked.
 *
 * The person at this desk sees every backer's name and order number in the Orders view, and
 * needs them here to find the contribution on the platform ("Order #2041, María Nuñez"), so
 * those two cross IPC. The row itself stays masked: it is there for a support ticket, and
 * "Copy details" copies exactly what is shown, without e-mails, addresses or phone numbers.
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
      ...problemRowWho(row.raw),
      maskedRaw: maskPersonalData(row.raw),
    })),
  }
}

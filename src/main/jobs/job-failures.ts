import { jobFailures } from '../../shared/api/job-failures'
import type { JobFailure } from '../../shared/api/job-failures'
import { backerName } from '../../shared/export/order-rows'
import { orderNumberText } from '../../shared/fulfillment'
import type { JobOrderFailure, WatchedJob } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'

/**
 * The orders a job's status says it could not update, named as a person knows them ("#4521,
 * María Nuñez") from the campaign's offline copy, or by order ID when the copy lacks them.
 * Null when the status names none.
 */
export function failedOrders(
  cache: OfflineCache,
  job: Pick<WatchedJob, 'campaignId' | 'status'>,
): JobOrderFailure[] | null {
  const failures: JobFailure[] = jobFailures(job.status)
  if (failures.length === 0) return null
  const wanted = new Set(failures.map((f) => f.orderId))
  const rows = new Map<number, ReturnType<OfflineCache['contributions']>[number]>()
  try {
    for (const row of cache.contributions(job.campaignId)) {
      if (wanted.has(row.order.id)) rows.set(row.order.id, row)
    }
  } catch {
    // No offline copy to name them from: their order IDs say which they are.
  }
  return failures.map(({ orderId, message }) => {
    const row = rows.get(orderId)
    const backer = row ? backerName(row) : ''
    const order = row ? orderNumberText(row.order) : `Order ID ${orderId}`
    return {
      orderId,
      order: backer === '' ? order : `${order}, ${backer}`,
      contributionId: row?.id ?? null,
      message: message === '' ? 'The platform gave no reason.' : message,
    }
  })
}

import type { CampaignContribution, OrderStatusText } from '../api/schemas'
import { STOP_KINDS, stopGroupText, stopKind } from '../fulfillment'
import type { StopKind } from '../fulfillment'
import { ordersCheck } from './pre-print-check'
import type { PrePrintCheck } from './pre-print-check'

interface Group {
  count: number
  /** The statuses as sent, most frequent first. */
  statuses: Map<OrderStatusText, number>
}

/**
 * Orders of the selection whose status does not ship (shared/fulfillment/ship-status.ts):
 * labels, slips, the shipper CSV and the Excel Shipping sheet leave them out, and the person is
 * told which and why, grouped by what the status means ("4 orders in dispute or chargeback, or
 * with a refund under way (…); 2 orders with a status PerkPack does not know: …"). A warning,
 * not an error: nothing of theirs goes out, but money in question or a status nobody named
 * wants a word with the campaign team.
 */
export function stopStatusCheck(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  const ids: number[] = []
  const groups = new Map<StopKind, Group>()
  for (const row of rows) {
    const kind = stopKind(row.order.status)
    if (kind === null) continue
    ids.push(row.id)
    const group = groups.get(kind) ?? { count: 0, statuses: new Map() }
    group.count++
    group.statuses.set(row.order.status, (group.statuses.get(row.order.status) ?? 0) + 1)
    groups.set(kind, group)
  }
  const parts = STOP_KINDS.flatMap((kind) => {
    const group = groups.get(kind)
    if (!group) return []
    const statuses = [...group.statuses].sort((a, b) => b[1] - a[1]).map(([status]) => status)
    return [stopGroupText(kind, group.count, statuses)]
  })
  return ordersCheck(
    { id: 'stop-status', title: 'Status does not ship', severity: 'warning' },
    ids,
    (n) =>
      `${parts.join('; ')}. ${n === 1 ? 'It gets no' : 'None of them gets a'} label, packing slip or shipper CSV row: ${
        n === 1 ? 'its' : 'their'
      } status does not ship.`,
  )
}

import { floorStage } from '../../shared/floor/order-state'
import type { OrdersFilter } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { namedWave } from '../core/floor/wave-planning'
import type { OrdersWorkspace } from '../core/orders/workspace'

/**
 * The filter's parts the floor's record answers (its stages, a wave) as the contributions they
 * hold: an `ids` list the workspace matches like any other, since the record changes between
 * syncs and the workspace's answers are kept per snapshot. Both narrow an `ids` list already
 * given (a pre-print check's) rather than replace it.
 */
export function narrowByFloorRecord(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  filter: OrdersFilter,
): OrdersFilter {
  return narrowByFloor(cache, workspace, narrowByWave(cache, workspace, filter))
}

function narrowByFloor(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  filter: OrdersFilter,
): OrdersFilter {
  if (filter.floor === undefined) return filter
  const { floor, ...rest } = filter
  const stages = new Set(floor)
  const states = cache.floor().states(workspace.campaignId)
  const listed = rest.ids === undefined ? null : new Set(rest.ids)
  const ids: number[] = []
  for (const row of workspace.rows) {
    if (stages.has(floorStage(states.get(row.order.id))) && (listed?.has(row.id) ?? true))
      ids.push(row.id)
  }
  return { ...rest, ids }
}

// A wave's order list is frozen when it is saved and a name is never given twice in a campaign
// (its primary key): its contributions in a snapshot are worked out once, not on every query
// and output (reading 100,000 order ids from SQLite took most of the filter's cost).
const waveMemo = new WeakMap<OrdersWorkspace, Map<string, number[]>>()

function waveContributions(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  name: string,
): number[] {
  let byName = waveMemo.get(workspace)
  if (!byName) waveMemo.set(workspace, (byName = new Map()))
  let ids = byName.get(name)
  if (ids === undefined) {
    const orders = new Set(namedWave(cache.floorPlan(), workspace.campaignId, name).orderIds)
    ids = []
    for (const row of workspace.rows) if (orders.has(row.order.id)) ids.push(row.id)
    byName.set(name, ids)
  }
  return ids
}

/**
 * A wave's frozen orders, whatever their status now (a pre-print check names a refunded one;
 * held ones stay, the overlay stops them in every output): like a pinned list, the wave is
 * the selection.
 */
function narrowByWave(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  filter: OrdersFilter,
): OrdersFilter {
  if (filter.wave === undefined) return filter
  const { wave: name, ...rest } = filter
  const waveIds = waveContributions(cache, workspace, name)
  let ids = waveIds
  if (rest.ids !== undefined) {
    const listed = new Set(rest.ids)
    ids = waveIds.filter((id) => listed.has(id))
  }
  return { ...rest, statuses: [], ids }
}

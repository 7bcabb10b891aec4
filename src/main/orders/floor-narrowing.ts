import { floorStage } from '../../shared/floor/order-state'
import type { OrdersFilter } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { namedWave } from '../core/floor/wave-planning'
import type { NarrowedFilter, OrdersWorkspace } from '../core/orders/workspace'

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
): NarrowedFilter {
  return narrowByFloor(cache, workspace, narrowByWave(cache, workspace, filter))
}

function narrowByFloor(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  filter: NarrowedFilter,
): NarrowedFilter {
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
  // The stages make another list than the one idsKey names.
  return { ...rest, ids, idsKey: undefined }
}

// A wave's order list is frozen when it is saved: its contributions in a snapshot are worked out
// once per revision of the wave (made, closed, made again under its name), not on every query
// and output (reading 100,000 order ids from SQLite took most of the filter's cost).
const waveMemo = new WeakMap<OrdersWorkspace, Map<string, number[]>>()

/** The wave's contributions in the snapshot, and the key naming them (name and revision). */
function waveContributions(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  name: string,
): { key: string; ids: number[] } {
  const plan = cache.floorPlan()
  const revision = plan.waves.revision(workspace.campaignId, name)
  // No such wave: namedWave says so in a sentence.
  if (revision === null) namedWave(plan, workspace.campaignId, name)
  const key = JSON.stringify(['wave', name, revision])
  let byKey = waveMemo.get(workspace)
  if (!byKey) waveMemo.set(workspace, (byKey = new Map()))
  let ids = byKey.get(key)
  if (ids === undefined) {
    const orders = new Set(namedWave(plan, workspace.campaignId, name).orderIds)
    ids = []
    for (const row of workspace.rows) if (orders.has(row.order.id)) ids.push(row.id)
    byKey.set(key, ids)
  }
  return { key, ids }
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
): NarrowedFilter {
  if (filter.wave === undefined) return filter
  const { wave: name, ...rest } = filter
  const wave = waveContributions(cache, workspace, name)
  if (rest.ids === undefined) return { ...rest, statuses: [], ids: wave.ids, idsKey: wave.key }
  const listed = new Set(rest.ids)
  return { ...rest, statuses: [], ids: wave.ids.filter((id) => listed.has(id)) }
}

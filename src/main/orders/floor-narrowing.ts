import type { CampaignContribution } from '../../shared/api/schemas'
import { applyOverlay } from '../../shared/corrections/floor-overlay'
import type { FloorOverlay } from '../../shared/corrections/floor-overlay'
import { floorStage } from '../../shared/floor/order-state'
import type { OrderFloorState } from '../../shared/floor/order-state'
import { filterContributions } from '../../shared/fulfillment'
import type { OrdersFilter } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { KeptFloorReads } from '../core/floor/kept-reads'
import { loadFloorOverlay } from '../core/floor/floor-view'
import { namedWave } from '../core/floor/wave-planning'
import type { NarrowedFilter, OrdersWorkspace, ViewRow } from '../core/orders/workspace'

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
  // The query's own overlay when it read one already; read only when a correction can matter.
  overlay: () => FloorOverlay = () => loadFloorOverlay(cache, workspace.campaignId),
): NarrowedFilter {
  return narrowByCorrections(
    overlay,
    workspace,
    narrowByFloor(cache, workspace, narrowByWave(cache, workspace, filter)),
  )
}

const one = (row: ViewRow) => [row as unknown as CampaignContribution]
const blank = (text: string | undefined) => text === undefined || text.trim() === ''

/**
 * A corrected address is where the order ships, so it is what the country filter and the search
 * read: an order corrected from the US to the UK is in "GB", not in "US" (an export by country
 * must not carry an address of another), and a search finds it by the street or city a person
 * typed in (or still by the synced ones). The workspace keeps its answers per snapshot, and
 * corrections change between syncs: when one changes an answer, the answer becomes an `ids`
 * list, as the floor's stages do. Most queries have no correction in play and pass untouched.
 */
function narrowByCorrections(
  overlay: () => FloorOverlay,
  workspace: OrdersWorkspace,
  filter: NarrowedFilter,
): NarrowedFilter {
  if (blank(filter.country) && blank(filter.search)) return filter
  const { corrections } = overlay()
  if (corrections.size === 0) return filter
  // The answer before the tree's nodes narrow it: the tree is counted over it.
  const unnoded: NarrowedFilter = { ...filter }
  delete unnoded.perkId
  delete unnoded.variant
  delete unnoded.ships
  delete unnoded.nodes
  const matched = new Set(workspace.match(unnoded).rows.map((row) => row.id))
  const listed = filter.ids === undefined ? null : new Set(filter.ids)
  const statusOnly = { statuses: filter.statuses ?? undefined }
  const belongs = new Map<number, boolean>()
  for (const row of workspace.rows) {
    const correction = corrections.get(row.order.id)
    if (!correction || (listed !== null && !listed.has(row.id))) continue
    const shipped = applyOverlay(row, { corrections, holds: new Map() })
    const passes = (subject: ViewRow, part: { search?: string; country?: string }) =>
      filterContributions(one(subject), { ...statusOnly, ...part }).length === 1
    const found =
      blank(filter.search) ||
      passes(row, { search: filter.search }) ||
      passes(shipped, { search: filter.search })
    const where = blank(filter.country) || passes(shipped, { country: filter.country })
    const ok = passes(row, {}) && found && where
    if (ok !== matched.has(row.id)) belongs.set(row.id, ok)
  }
  if (belongs.size === 0) return filter
  const ids: number[] = []
  for (const row of workspace.rows) {
    if (belongs.get(row.id) ?? matched.has(row.id)) ids.push(row.id)
  }
  return { ...filter, statuses: [], search: undefined, country: undefined, ids, idsKey: undefined }
}

function narrowByFloor(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
  filter: NarrowedFilter,
): NarrowedFilter {
  if (filter.floor === undefined) return filter
  const { floor, ...rest } = filter
  const stages = new Set(floor)
  const states = floorStates(cache, workspace)
  const listed = rest.ids === undefined ? null : new Set(rest.ids)
  const ids: number[] = []
  for (const row of workspace.rows) {
    if (stages.has(floorStage(states.get(row.order.id))) && (listed?.has(row.id) ?? true))
      ids.push(row.id)
  }
  // The stages make another list than the one idsKey names.
  return { ...rest, ids, idsKey: undefined }
}

// The floor's record as the stages filter reads it, kept until the file changes: a search with
// the filter on read the whole record again, which on a busy floor is most of the query.
const keptStates = new KeptFloorReads<OrdersWorkspace, ReadonlyMap<number, OrderFloorState>>()

function floorStates(
  cache: OfflineCache,
  workspace: OrdersWorkspace,
): ReadonlyMap<number, OrderFloorState> {
  const floor = cache.floor()
  return keptStates.get(floor, workspace, () => floor.states(workspace.campaignId))
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

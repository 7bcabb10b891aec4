import type { OrderStatusText } from '@shared/api/schemas'
import { DEFAULT_STATUSES } from '@shared/fulfillment'
import type { StatusCount } from '@shared/fulfillment'
import type { FloorStage } from '@shared/floor/order-state'
import type { OrdersFilter } from '@shared/ipc'
import { nodesFilter } from './perk-tree-keys'

/** The toolbar's part of the filter (the tree node is kept apart). */
export interface OrdersFilterValue {
  /** Known statuses, and any text the API sent that PerkPack does not know. */
  statuses: OrderStatusText[]
  search: string
  country: string | null
  /** Stages of the packing floor shown; empty: every stage. Absent in older saved toolbars. */
  floor?: FloorStage[]
  /** Only the orders of this wave (by name); null or absent: no wave. */
  wave?: string | null
}

/** A fixed list of orders (a pre-print check's "Open list"): every status, only these ids. */
export interface PinnedList {
  title: string
  ids: readonly number[]
}

export function defaultFilterValue(): OrdersFilterValue {
  return { statuses: [...DEFAULT_STATUSES], search: '', country: null, floor: [], wave: null }
}

/**
 * The filter main answers: the toolbar, the pinned list (which overrides the statuses) and the
 * tree nodes. Plain data only: Electron's structured clone rejects Vue proxies.
 */
export function ordersFilter(
  toolbar: OrdersFilterValue,
  pinned: PinnedList | null,
  nodeKeys: string | readonly string[],
): OrdersFilter {
  const filter: OrdersFilter = { statuses: [...toolbar.statuses] }
  const search = toolbar.search.trim()
  if (search !== '') filter.search = search
  if (toolbar.country) filter.country = toolbar.country
  if (toolbar.floor && toolbar.floor.length > 0) filter.floor = [...toolbar.floor]
  if (toolbar.wave) filter.wave = toolbar.wave
  if (pinned) Object.assign(filter, { statuses: [], ids: [...pinned.ids] })
  return { ...filter, ...nodesFilter(typeof nodeKeys === 'string' ? [nodeKeys] : nodeKeys) }
}

function sameList<T>(was: readonly T[], next: readonly T[]): boolean {
  return was.length === next.length && was.every((item, i) => item === next[i])
}

/**
 * `next` as the toolbar keeps it: the very same status and floor lists when unchanged, so their
 * pickers keep their tags as they are laid out (a new list makes a picker measure its tags again,
 * a forced layout on every keystroke of a search).
 */
export function nextToolbar(
  current: OrdersFilterValue,
  next: OrdersFilterValue,
): OrdersFilterValue {
  const statuses = current.statuses
  const floor = current.floor ?? []
  const nextFloor = next.floor ?? []
  return {
    statuses: sameList(statuses, next.statuses) ? statuses : [...next.statuses],
    search: next.search,
    country: next.country,
    floor: sameList(floor, nextFloor) ? floor : [...nextFloor],
    wave: next.wave ?? null,
  }
}

const sum = (counts: readonly StatusCount[]) => counts.reduce((n, c) => n + c.count, 0)

/** Orders whose status PerkPack does not know: shown as sent, counted here. */
export function unknownStatusTotal(counts: readonly StatusCount[]): number {
  return sum(counts.filter((c) => !c.known))
}

/** Of those, the orders the status filter leaves out (none when it selects every status). */
export function unknownStatusHidden(
  counts: readonly StatusCount[],
  selected: readonly OrderStatusText[],
): number {
  if (selected.length === 0) return 0
  return sum(counts.filter((c) => !c.known && !selected.includes(c.status)))
}

/** The unknown statuses the filter leaves out, to add to it. */
export function missingUnknownStatuses(
  counts: readonly StatusCount[],
  selected: readonly OrderStatusText[],
): OrderStatusText[] {
  return counts.filter((c) => !c.known && !selected.includes(c.status)).map((c) => c.status)
}

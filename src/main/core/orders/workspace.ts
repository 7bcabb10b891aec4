import type { CampaignContribution, Perk } from '../../../shared/api/schemas'
import {
  DEFAULT_STATUSES,
  countStatuses,
  createOrderIndex,
  filterContributions,
  leftOutCounts,
  markOrdersContiguous,
  parseSearch,
  selectedNodes,
  shippedPickList,
  withOrdersContiguous,
} from '../../../shared/fulfillment'
import type {
  ByHandRow,
  ContributionFilter,
  LeftOutCounts,
  OrderIndex,
  PerkGroup,
  PerkOverlap,
  PickListRow,
  PickListTotals,
  StatusCount,
  VariantGroup,
} from '../../../shared/fulfillment'
import type { CountryCount, OrderRow, OrdersFilter } from '../../../shared/ipc'
import { OrderShapes } from './order-shapes'
import { toOrderRow, withMatches } from './order-row'
import type { ViewRow } from './view-row'

export { toViewRow } from './view-row'
export type { ViewRow } from './view-row'

/**
 * The shared core is typed for whole contributions but reads only ViewRow's fields (the tests
 * compare every query with the core run over the full rows). One cast, here.
 */
export const asContributions = (rows: readonly ViewRow[]) =>
  rows as unknown as readonly CampaignContribution[]

/** The pick list of some orders: only the orders that ship, as printed (shippedPickList). */
export interface PickListAnswer {
  rows: PickListRow[]
  totals: PickListTotals
  leftOut: LeftOutCounts
  byHand: ByHandRow[]
}

/** A filter's answer inside main: the orders in display order, and what the tree shows. */
export interface Match {
  /** Orders matching the whole filter, tree nodes included, newest first. */
  rows: readonly ViewRow[]
  tree: PerkGroup[]
  /** Orders and units under the tree (status, search and country): its "All orders" node. */
  totals: PickListTotals
  /** Each variant over every perk holding it, under the tree's filter. */
  skus: VariantGroup[]
  /** Orders under the tree holding several perks, by how many. */
  overlap: PerkOverlap[]
}

/** Answers kept per filter: going back (a search cleared, a node clicked again) costs nothing. */
const KEPT_ANSWERS = 4

/** A small map that forgets its least recently used entry past `limit`. */
class Recent<V> {
  private readonly entries = new Map<string, V>()
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V): V {
    this.entries.set(key, value)
    while (this.entries.size > this.limit)
      this.entries.delete(this.entries.keys().next().value as string)
    return value
  }
}

/**
 * One opened campaign, held in memory so that filtering 100,000 orders is a loop over objects
 * already parsed, not a trip to SQLite. Built from the offline cache, rebuilt after each sync.
 * Table rows are made only for the orders someone scrolls to: the renderer asks by position.
 */
export class OrdersWorkspace {
  readonly countries: string[]
  /** Orders per shipping country as sent (spellings that differ only in case together). */
  readonly countryCounts: CountryCount[]
  readonly statuses: StatusCount[]
  private readonly byId = new Map<number, ViewRow>()
  private readonly shown = new WeakMap<ViewRow, OrderRow>()
  /** Items text per shared perk object: see toOrderRow. */
  private readonly itemsMemo = new WeakMap<Perk, string>()
  private index: OrderIndex | null = null
  private primed = false
  /** Whether each order's rows are together in `rows` (so in any part of it): see orders.ts. */
  private contiguous: boolean | null = null
  private stopped: readonly ViewRow[] | null = null
  private readonly aggregates = new Recent<Match>(KEPT_ANSWERS)
  /** The tree of an answer, counted per distinct set of perks. */
  private readonly shapes = new OrderShapes()
  private readonly matches = new Recent<Match>(KEPT_ANSWERS)
  /** Pick lists by the rows they are of: a filter without a node shares its tree's rows. */
  private readonly pickLists = new WeakMap<readonly ViewRow[], PickListAnswer>()

  constructor(
    readonly campaignId: number,
    /** `lastSyncedAt` of the snapshot these rows are. */
    readonly syncedAt: string,
    /** Newest first, as the cache keeps them. */
    readonly rows: readonly ViewRow[],
  ) {
    const countries = new Map<string, CountryCount>()
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as ViewRow
      this.byId.set(row.id, row)
      const country = row.order.shipping?.country?.trim()
      if (!country) continue
      // The filter compares countries case-insensitively: "US" and "us" are one choice.
      const key = country.toLowerCase()
      const seen = countries.get(key)
      if (seen) seen.count++
      else countries.set(key, { country, count: 1 })
    }
    this.countryCounts = [...countries.values()].sort((a, b) => (a.country < b.country ? -1 : 1))
    this.countries = this.countryCounts.map((c) => c.country)
    this.statuses = countStatuses(rows)
  }

  row(id: number): ViewRow | undefined {
    return this.byId.get(id)
  }

  /**
   * The table's rows for `rows[offset, offset + limit)`, made once per order and kept; with
   * the fields a search found its terms in when `search` is given.
   */
  orderRows(rows: readonly ViewRow[], offset: number, limit: number, search?: string): OrderRow[] {
    const { terms } = parseSearch(search)
    const end = Math.min(rows.length, offset + limit)
    const out: OrderRow[] = []
    for (let i = Math.max(0, offset); i < end; i++) {
      const row = rows[i] as ViewRow
      let shown = this.shown.get(row)
      if (shown === undefined) {
        shown = toOrderRow(row, this.itemsMemo)
        this.shown.set(row, shown)
      }
      out.push(withMatches(shown, row, terms))
    }
    return out
  }

  /** Orders refunded, on hold or unprocessable at the last sync: the same until the next one. */
  stoppedRows(isStopped: (row: ViewRow) => boolean): readonly ViewRow[] {
    this.stopped ??= this.rows.filter(isStopped)
    return this.stopped
  }

  /** Search texts; worth building only once someone may search. */
  private searchIndex(): OrderIndex {
    return (this.index ??= createOrderIndex(asContributions(this.rows)))
  }

  /**
   * Off the keystroke path (orders-desk.ts runs it after the first paint): the search texts,
   * and each way a search goes run once, so the person's first search runs compiled code.
   */
  warmUp(): void {
    if (this.primed) return
    this.primed = true
    this.searchIndex().prime()
  }

  private filter(filter: ContributionFilter): ViewRow[] {
    // Without a search term no search text is needed, so the first view does not wait for it.
    const found =
      !filter.search?.trim() && this.index === null
        ? filterContributions(asContributions(this.rows), filter)
        : this.searchIndex().filter(filter)
    return this.ordered(found as unknown as ViewRow[])
  }

  /** `rows`, a part of this snapshot in its order, marked as such for the aggregations. */
  private ordered(rows: ViewRow[]): ViewRow[] {
    this.contiguous ??= withOrdersContiguous(asContributions(this.rows)) === this.rows
    if (this.contiguous) markOrdersContiguous(asContributions(rows))
    return rows
  }

  /**
   * The rows and tree for status, search and country (and a check's list), kept for the last
   * few such filters: clicking through the tree changes only the nodes, and must not regroup
   * 100,000 orders.
   */
  private aggregate(filter: NarrowedFilter): Match {
    const key = filterKey(filter, false)
    const kept = this.aggregates.get(key)
    if (kept) return kept
    let rows = this.filter({
      statuses: filter.statuses,
      search: filter.search,
      country: filter.country,
    })
    if (filter.ids !== undefined) {
      // A check's list: the tree and pick list then describe those orders, in the view's order.
      const wanted = new Set(filter.ids)
      rows = this.ordered(rows.filter((row) => wanted.has(row.id)))
    }
    const { tree, across } = this.shapes.tree(asContributions(rows))
    return this.aggregates.set(key, {
      rows,
      tree,
      totals: treeTotals(rows.length, tree),
      skus: across.variants,
      overlap: across.overlap,
    })
  }

  /** The orders matching `filter` and the tree beside them. */
  match(filter: NarrowedFilter): Match {
    const key = filterKey(filter, true)
    const kept = this.matches.get(key)
    if (kept) return kept
    const base = this.aggregate(filter)
    const nodes = selectedNodes(filter)
    if (nodes.length === 0) return this.matches.set(key, base)
    // The nodes narrow the rows already filtered: every status of them, nothing searched again.
    const rows = this.ordered(
      filterContributions(asContributions(base.rows), {
        statuses: [],
        nodes,
      }) as unknown as ViewRow[],
    )
    return this.matches.set(key, { ...base, rows })
  }

  /**
   * The pick list of a match's orders that ship: built when the Pick list view (or a printed
   * list) asks, not with every query, as it costs more than the rest of a query together.
   */
  /**
   * The pick list of a match; `shipped`: its rows with the floor's holds and corrections laid
   * over (core/floor/floor-view.ts), the same array when there are none.
   */
  pickList(match: Match, shipped: readonly ViewRow[] = match.rows): PickListAnswer {
    let answer = this.pickLists.get(shipped)
    if (answer === undefined) {
      const list = shippedPickList(asContributions(shipped))
      answer = {
        rows: list.rows,
        totals: list.totals,
        leftOut: leftOutCounts(list.skipped),
        byHand: list.byHand,
      }
      this.pickLists.set(shipped, answer)
    }
    return answer
  }
}

/** The tree's "All orders" node: every order under it, digital perks' items included. */
function treeTotals(orders: number, tree: readonly PerkGroup[]): PickListTotals {
  let units = 0
  const variants = new Set<string>()
  for (const perk of tree) {
    units += perk.unitCount
    for (const variant of perk.variants) variants.add(variant.key)
  }
  return { orders, units, variants: variants.size }
}

/**
 * A filter whose `ids` list the floor's record made (a wave's orders): `idsKey` names that list
 * once for all its ids, so the answers kept for it are found without reading them.
 */
export interface NarrowedFilter extends OrdersFilter {
  idsKey?: string
}

/** What a kept answer is for: status, search, country and list, and the tree nodes if asked. */
function filterKey(filter: NarrowedFilter, withNodes: boolean): string {
  const key: unknown[] = [
    filter.statuses ?? DEFAULT_STATUSES,
    filter.search ?? '',
    filter.country ?? '',
    // A wave's list is named by its name and revision: writing out 100,000 ids for every query
    // cost more than the filter itself (BENCHMARKS.md, waves).
    filter.idsKey ?? filter.ids ?? null,
  ]
  // Not the filter's own fields: JSON writes an absent perk ("All orders") and the "No perk"
  // node (null) alike.
  if (withNodes)
    key.push(
      selectedNodes(filter).map((n) => [
        n.perkId === undefined ? 'any' : n.perkId,
        n.variant ?? null,
        n.ships === true,
      ]),
    )
  return JSON.stringify(key)
}

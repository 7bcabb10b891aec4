import type { CampaignContribution, Perk, Shipping } from '../../shared/api/schemas'
import {
  DEFAULT_STATUSES,
  checkByHandText,
  countStatuses,
  createOrderIndex,
  describeChoices,
  filterContributions,
  flaggedItems,
  flaggedQuantityText,
  groupByPerk,
  joinPresent,
  leftOutCounts,
  orderLines,
  perkLabels,
  shippedPickList,
} from '../../shared/fulfillment'
import type {
  ByHandRow,
  ContributionFilter,
  LeftOutCounts,
  OrderIndex,
  PerkGroup,
  PickListRow,
  PickListTotals,
  StatusCount,
} from '../../shared/fulfillment'
import type { OrderRow, OrdersFilter } from '../../shared/ipc'

/**
 * What the orders view and the shared fulfillment core read of a contribution. The rest (amount,
 * payment, the rest of the address, ...) stays in the offline cache until the drawer asks for one
 * order: at 100,000 orders, parsing only this is what keeps opening a campaign under a second.
 * The street lines stay: whether an order ships (and so is on the pick list) depends on them.
 */
export interface ViewRow {
  id: number
  created_at?: string | null | undefined
  contributor_name?: string | null | undefined
  by?: string | null | undefined
  email: string | null
  order: {
    id: number
    status: CampaignContribution['order']['status']
    sequence_number?: number | null | undefined
    perks: Perk[]
    shipping: Pick<Shipping, 'name' | 'city' | 'country' | 'address' | 'address2'> | null
  }
}

export function toViewRow(row: CampaignContribution): ViewRow {
  const { order } = row
  const shipping = order.shipping
  return {
    id: row.id,
    created_at: row.created_at,
    contributor_name: row.contributor_name,
    by: row.by,
    email: row.email ?? null,
    order: {
      id: order.id,
      status: order.status,
      sequence_number: order.sequence_number,
      perks: order.perks,
      shipping: shipping
        ? {
            name: shipping.name,
            city: shipping.city,
            country: shipping.country,
            address: shipping.address,
            address2: shipping.address2,
          }
        : null,
    },
  }
}

/**
 * The shared core is typed for whole contributions but reads only ViewRow's fields (the tests
 * compare every query with the core run over the full rows). One cast, here.
 */
const asContributions = (rows: readonly ViewRow[]) =>
  rows as unknown as readonly CampaignContribution[]

interface Aggregate {
  key: string
  rows: ViewRow[]
  tree: PerkGroup[]
  totals: PickListTotals
  pickList: PickListAnswer
}

/** The pick list of some orders: only the orders that ship, as printed (shippedPickList). */
interface PickListAnswer {
  rows: PickListRow[]
  totals: PickListTotals
  leftOut: LeftOutCounts
  byHand: ByHandRow[]
}

function pickListOf(rows: readonly ViewRow[]): PickListAnswer {
  const list = shippedPickList(asContributions(rows))
  const leftOut = leftOutCounts(list.skipped)
  return { rows: list.rows, totals: list.totals, leftOut, byHand: list.byHand }
}

/** A filter's answer inside main: the orders in display order, and what the tree shows. */
export interface Match {
  /** Orders matching the whole filter, tree node included, newest first. */
  rows: readonly ViewRow[]
  tree: PerkGroup[]
  /** Orders and units under the tree (status, search and country): its "All orders" node. */
  totals: PickListTotals
  /** The pick list of the orders of `rows` that ship: the tree node narrows it like the table. */
  pickList: PickListRow[]
  /** `orders`: the orders that ship. */
  pickListTotals: PickListTotals
  /** The orders of `rows` left off the pick list, per reason. */
  pickListLeftOut: LeftOutCounts
  /** Items of those orders PerkPack cannot pick by SKU (no SKU, ...), listed apart. */
  pickListByHand: ByHandRow[]
}

/**
 * One opened campaign, held in memory so that filtering 100,000 orders is a loop over objects
 * already parsed, not a trip to SQLite. Built from the offline cache, rebuilt after each sync.
 * Table rows are made only for the orders someone scrolls to: the renderer asks by position.
 */
export class OrdersWorkspace {
  readonly countries: string[]
  readonly statuses: StatusCount[]
  private readonly byId = new Map<number, ViewRow>()
  private readonly shown = new WeakMap<ViewRow, OrderRow>()
  /** Items text per shared perk object: see toOrderRow. */
  private readonly itemsMemo = new WeakMap<Perk, string>()
  private index: OrderIndex | null = null
  private last: Aggregate | null = null
  private lastMatch: { key: string; match: Match } | null = null

  constructor(
    readonly campaignId: number,
    /** `lastSyncedAt` of the snapshot these rows are. */
    readonly syncedAt: string,
    /** Newest first, as the cache keeps them. */
    readonly rows: readonly ViewRow[],
  ) {
    const countries = new Set<string>()
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as ViewRow
      this.byId.set(row.id, row)
      const country = row.order.shipping?.country?.trim()
      if (country) countries.add(country)
    }
    this.countries = [...countries].sort()
    this.statuses = countStatuses(rows)
  }

  row(id: number): ViewRow | undefined {
    return this.byId.get(id)
  }

  /** The table's rows for `rows[offset, offset + limit)`, made once per order and kept. */
  orderRows(rows: readonly ViewRow[], offset: number, limit: number): OrderRow[] {
    const end = Math.min(rows.length, offset + limit)
    const out: OrderRow[] = []
    for (let i = Math.max(0, offset); i < end; i++) {
      const row = rows[i] as ViewRow
      let shown = this.shown.get(row)
      if (shown === undefined) {
        shown = toOrderRow(row, this.itemsMemo)
        this.shown.set(row, shown)
      }
      out.push(shown)
    }
    return out
  }

  /** Haystacks for text search; worth building only once someone may search. */
  warmUp(): void {
    this.index ??= createOrderIndex(asContributions(this.rows))
  }

  private filter(filter: ContributionFilter): ViewRow[] {
    // Without a search term no haystack is needed, so the first view does not wait for them.
    const found =
      !filter.search?.trim() && this.index === null
        ? filterContributions(asContributions(this.rows), filter)
        : (this.warmUp(), (this.index as OrderIndex).filter(filter))
    return found as unknown as ViewRow[]
  }

  /**
   * The rows, tree and pick list for status, search and country, kept for the last such filter:
   * clicking through the tree changes only the node, and must not regroup 100,000 orders.
   */
  private aggregate(filter: OrdersFilter): Aggregate {
    const key = filterKey(filter, false)
    if (this.last?.key === key) return this.last
    let rows = this.filter({
      statuses: filter.statuses,
      search: filter.search,
      country: filter.country,
    })
    if (filter.ids !== undefined) {
      // A check's list: the tree and pick list then describe those orders, in the view's order.
      const wanted = new Set(filter.ids)
      rows = rows.filter((row) => wanted.has(row.id))
    }
    const tree = groupByPerk(asContributions(rows))
    this.last = {
      key,
      rows,
      tree,
      totals: treeTotals(rows.length, tree),
      pickList: pickListOf(rows),
    }
    return this.last
  }

  /** The orders matching `filter` and the tree and pick list beside them. */
  match(filter: OrdersFilter): Match {
    const key = filterKey(filter, true)
    if (this.lastMatch?.key === key) return this.lastMatch.match
    const { rows: base, tree, totals, pickList } = this.aggregate(filter)
    const node = filter.perkId !== undefined || filter.variant !== undefined
    // The node narrows the rows already filtered: every status of them, nothing searched again.
    const rows = node
      ? (filterContributions(asContributions(base), {
          statuses: [],
          perkId: filter.perkId,
          variant: filter.variant,
        }) as unknown as ViewRow[])
      : base
    const list = node ? pickListOf(rows) : pickList
    const match: Match = {
      rows,
      tree,
      totals,
      pickList: list.rows,
      pickListTotals: list.totals,
      pickListLeftOut: list.leftOut,
      pickListByHand: list.byHand,
    }
    this.lastMatch = { key, match }
    return match
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

/** What a cached answer is for: status, search, country and list, and the tree node if asked. */
function filterKey(filter: OrdersFilter, withNode: boolean): string {
  const key: unknown[] = [
    filter.statuses ?? DEFAULT_STATUSES,
    filter.search ?? '',
    filter.country ?? '',
    filter.ids ?? null,
  ]
  // Not `filter.perkId` itself: JSON writes an absent perk ("All orders") and the "No perk"
  // node (null) alike.
  if (withNode)
    key.push(filter.perkId === undefined ? 'any' : filter.perkId, filter.variant ?? null)
  return JSON.stringify(key)
}

const NO_PERK = '(no perk)'

/**
 * "2x Tidepool T-Shirt (Size: M, Colour: Black); Core Game; Enamel pin (no SKU: check by
 * hand)": one parcel's contents, items PerkPack cannot read last.
 */
function itemsText(row: ViewRow): string {
  let text = ''
  for (const line of orderLines(row as unknown as CampaignContribution)) {
    if (text !== '') text += '; '
    if (line.quantity !== 1) text += `${line.quantity}x `
    text += line.itemName
    if (line.choices.length > 0) text += ` (${describeChoices(line.choices)})`
  }
  for (const { item } of flaggedItems(row.order)) {
    if (text !== '') text += '; '
    if (item.quantity !== 1) text += `${flaggedQuantityText(item)}x `
    text += checkByHandText(item)
  }
  return text
}

function toOrderRow(row: ViewRow, memo: WeakMap<Perk, string>): OrderRow {
  const order = row.order
  const perks = order.perks
  let items: string
  const only = perks.length === 1 ? (perks[0] as Perk) : undefined
  if (only) {
    // Perk objects are shared between rows (see view-store.ts), so one-perk orders, nearly all
    // of them, reuse the text of the first order holding the same perk.
    let memoised = memo.get(only)
    if (memoised === undefined) {
      memoised = itemsText(row)
      memo.set(only, memoised)
    }
    items = memoised
  } else {
    items = itemsText(row)
  }
  const perkText = perkLabels(perks, ', ')
  return {
    id: row.id,
    orderId: order.id,
    sequenceNumber: order.sequence_number ?? null,
    backer: joinPresent([row.contributor_name], '') || joinPresent([row.by], ''),
    email: row.email?.trim() || null,
    status: order.status,
    perks: perkText || NO_PERK,
    items,
    country: order.shipping?.country?.trim() || null,
    city: order.shipping?.city?.trim() || null,
    createdAt: row.created_at?.trim() || null,
    // The floor changes without a sync: OrdersDesk fills these in as each page is served.
    floor: 'not-packed',
    station: null,
    packedAt: null,
  }
}

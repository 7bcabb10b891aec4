// The wave planner: given stock on hand per SKU variant and the orders waiting, which orders can
// ship now. Pure and deterministic (one source for main, the renderer and the CLI): the same
// stock and orders give the same plan on every desk.

/** Units of one variant an order needs (or a parcel carries). */
export interface PlanLine {
  variantKey: string
  quantity: number
}

/** An order waiting to ship, as the planner sees it. */
export interface PlanOrder {
  orderId: number
  /** The order number (pledge order); null for an order without one (sorted after). */
  sequenceNumber: number | null
  country: string | null
  /** The perk the order is sorted under: its first perk's label. */
  perk: string | null
  /** ISO 8601 (UTC) of the pledge; null sorts last. */
  createdAt: string | null
  lines: PlanLine[]
}

/**
 * - `order-number`: pledge order (the default);
 * - `country`: the countries named in `first` first, in that order, then the others A to Z;
 * - `perk`: the same with perks;
 * - `oldest`: pledge time, oldest first.
 * Ties always fall back to the order number, then the order id.
 */
export type WavePriority = 'order-number' | 'country' | 'perk' | 'oldest'

export const WAVE_PRIORITIES: readonly WavePriority[] = [
  'order-number',
  'country',
  'perk',
  'oldest',
]

export interface PlanOptions {
  priority?: WavePriority
  /** Countries or perks to take first (priority `country` or `perk`). */
  first?: readonly string[]
  /** Let an order ship in part: what is on hand now, the rest in a later parcel. */
  partial?: boolean
}

/** One order's parcel in the plan. */
export interface PlannedShipment {
  orderId: number
  /** What goes in this parcel. */
  lines: PlanLine[]
  /** What follows in a later parcel (empty when the order ships complete). */
  follows: PlanLine[]
}

/** A variant the waiting orders need more of than is on hand. */
export interface ShortVariant {
  variantKey: string
  needed: number
  onHand: number
  short: number
}

export interface WavePlan {
  /** In priority order. */
  shipments: PlannedShipment[]
  /** Waiting orders that get nothing in this wave, in priority order. */
  waiting: number[]
  /** Variants short for all the waiting orders to ship, by key. */
  short: ShortVariant[]
  /** Units left on hand per variant after the plan. */
  left: Map<string, number>
}

/** The plan's orders that ship in part, with their parcel: what a saved wave keeps of them. */
export function partialParcels(
  plan: Pick<WavePlan, 'shipments'>,
): { orderId: number; lines: PlanLine[] }[] {
  return plan.shipments
    .filter((shipment) => shipment.follows.length > 0)
    .map((shipment) => ({ orderId: shipment.orderId, lines: shipment.lines }))
}

const LAST = '\uffff'

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function rankOf(first: readonly string[] | undefined) {
  const ranks = new Map((first ?? []).map((name, i) => [name.toLowerCase(), i]))
  return (value: string | null): number =>
    value === null ? Number.MAX_SAFE_INTEGER : (ranks.get(value.toLowerCase()) ?? ranks.size)
}

/** One line per variant (a variant listed twice in an order needs both counts at once). */
function mergeLines(lines: readonly PlanLine[]): PlanLine[] {
  const merged: PlanLine[] = []
  for (const line of lines) {
    if (line.quantity <= 0) continue
    const same = merged.find((other) => other.variantKey === line.variantKey)
    if (same) same.quantity += line.quantity
    else merged.push({ variantKey: line.variantKey, quantity: line.quantity })
  }
  return merged
}

/** The orders in the chosen priority; a total order, so the plan never depends on input order. */
export function inPriority(orders: readonly PlanOrder[], options: PlanOptions = {}): PlanOrder[] {
  const priority = options.priority ?? 'order-number'
  const rank = rankOf(options.first)
  const byNumber = (a: PlanOrder, b: PlanOrder) =>
    (a.sequenceNumber ?? Number.MAX_SAFE_INTEGER) - (b.sequenceNumber ?? Number.MAX_SAFE_INTEGER) ||
    a.orderId - b.orderId
  const keyed = (key: (order: PlanOrder) => string | null) => (a: PlanOrder, b: PlanOrder) => {
    const ka = key(a)
    const kb = key(b)
    return rank(ka) - rank(kb) || compareText(ka ?? LAST, kb ?? LAST) || byNumber(a, b)
  }
  const compare =
    priority === 'country'
      ? keyed((order) => order.country)
      : priority === 'perk'
        ? keyed((order) => order.perk)
        : priority === 'oldest'
          ? (a: PlanOrder, b: PlanOrder) =>
              compareText(a.createdAt ?? LAST, b.createdAt ?? LAST) || byNumber(a, b)
          : byNumber
  return orders.slice().sort(compare)
}

/**
 * Goes down the orders in priority order and gives each what is on hand: a complete order takes
 * its units (one that cannot ship complete takes nothing, unless `partial`, and later orders
 * may still fit); never more units than are on hand (a level below zero counts as none).
 */
export function planWave(
  stock: ReadonlyMap<string, number>,
  orders: readonly PlanOrder[],
  options: PlanOptions = {},
): WavePlan {
  const left = new Map<string, number>()
  for (const [key, quantity] of stock) left.set(key, Math.max(0, quantity))
  const needed = new Map<string, number>()
  const shipments: PlannedShipment[] = []
  const waiting: number[] = []
  for (const sorted of inPriority(orders, options)) {
    const order = { ...sorted, lines: mergeLines(sorted.lines) }
    let complete = true
    for (const line of order.lines) {
      needed.set(line.variantKey, (needed.get(line.variantKey) ?? 0) + line.quantity)
      if ((left.get(line.variantKey) ?? 0) < line.quantity) complete = false
    }
    if (order.lines.length === 0) {
      waiting.push(order.orderId)
      continue
    }
    if (complete) {
      for (const line of order.lines)
        left.set(line.variantKey, (left.get(line.variantKey) ?? 0) - line.quantity)
      shipments.push({
        orderId: order.orderId,
        lines: order.lines.map((l) => ({ ...l })),
        follows: [],
      })
      continue
    }
    if (!options.partial) {
      waiting.push(order.orderId)
      continue
    }
    const lines: PlanLine[] = []
    const follows: PlanLine[] = []
    for (const line of order.lines) {
      const take = Math.min(line.quantity, left.get(line.variantKey) ?? 0)
      if (take > 0) {
        lines.push({ variantKey: line.variantKey, quantity: take })
        left.set(line.variantKey, (left.get(line.variantKey) ?? 0) - take)
      }
      if (take < line.quantity)
        follows.push({ variantKey: line.variantKey, quantity: line.quantity - take })
    }
    if (lines.length === 0) waiting.push(order.orderId)
    else shipments.push({ orderId: order.orderId, lines, follows })
  }
  const short: ShortVariant[] = []
  for (const [variantKey, need] of needed) {
    const onHand = Math.max(0, stock.get(variantKey) ?? 0)
    if (need > onHand) short.push({ variantKey, needed: need, onHand, short: need - onHand })
  }
  short.sort((a, b) => compareText(a.variantKey, b.variantKey))
  return { shipments, waiting, short, left }
}

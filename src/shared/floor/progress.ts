import type { CampaignContribution, OrderStatusText } from '../api/schemas'
import { statusText } from '../fulfillment/display'
import { groupByPerk } from '../fulfillment/group'
import type { Choice } from '../fulfillment/variant'
import { shipmentRole } from '../fulfillment/shipping'
import { SHIPPING_STATUSES, statusShips } from '../fulfillment/ship-status'
import type { OrderFloorState } from './order-state'
import { packedButStopped } from './pack-checks'

/**
 * Orders the floor works on: those whose status ships (shared/fulfillment/ship-status.ts, the
 * one rule: captured, in fulfillment, fulfilled), holding something that ships. Fulfilled
 * orders count: the dashboard marks an order fulfilled once it has shipped.
 */
export const PROGRESS_STATUSES: readonly OrderStatusText[] = SHIPPING_STATUSES

/** Whether an order's status is one the floor counts: the statuses that ship. */
export const isProgressStatus: (status: OrderStatusText) => boolean = statusShips

/**
 * An order to ship, as Progress counts it: a status that ships and something to ship (an
 * address or not). The dashboard import's preview and `perkpack import` count by this too, so
 * their figures meet; labels, slips and the shipper CSV take the same orders, less those
 * without an address.
 */
export function isOrderToShip(row: CampaignContribution): boolean {
  const role = shipmentRole(row)
  return role === 'ships' || role === 'no-address'
}

/** "captured, in fulfillment or fulfilled": statuses as a person reads them, in one phrase. */
export function statusWords(statuses: readonly OrderStatusText[], last: 'and' | 'or'): string {
  const words = statuses.map((s) => statusText(s).toLowerCase())
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`
}

/**
 * What an "Orders to ship" figure counts, and the orders of other statuses it leaves out, after
 * "Orders to ship: ": "captured, in fulfillment and fulfilled orders with something to ship; 61
 * refunded or on hold not counted." Said under the import preview's figures and by `perkpack
 * import`.
 */
export function toShipNote(
  notCounted: readonly { status: OrderStatusText; count: number }[],
): string {
  const rule = `${statusWords(PROGRESS_STATUSES, 'and')} orders with something to ship`
  const others = notCounted.filter((s) => s.count > 0)
  if (others.length === 0) return `${rule}.`
  const total = others.reduce((sum, s) => sum + s.count, 0)
  const statuses = statusWords(
    others.map((s) => s.status),
    'or',
  )
  return `${rule}; ${total.toLocaleString('en-US')} ${statuses} not counted.`
}

export interface ProgressCounts {
  /** Orders holding it that have something to ship. */
  toShip: number
  /** Of those, orders with labels or slips printed. */
  printed: number
  packed: number
  /** Shipped: marked so, or with a tracking number. */
  shipped: number
}

export interface VariantProgress extends ProgressCounts {
  key: string
  skuCode: string
  itemName: string
  choices: Choice[]
}

export interface PerkProgress extends ProgressCounts {
  perkId: number | null
  label: string
  variants: VariantProgress[]
}

/** An order named as its packing slip names it: "#299", and the id under the slip's barcode. */
export interface SlipOrderRef {
  /** The order's sequence number ("#299"); null when the API sent none. */
  sequenceNumber: number | null
  /** The order's id, printed under the slip's barcode. */
  orderId: number
  /** The contribution: what opens the order's drawer in Orders. */
  contributionId: number
}

/** The slip's names of an order row: the same fields the Orders table and the station show. */
function slipOrderRef(row: {
  id: number
  order: { id: number; sequence_number?: number | null | undefined }
}): SlipOrderRef {
  return {
    sequenceNumber: row.order.sequence_number ?? null,
    orderId: row.order.id,
    contributionId: row.id,
  }
}

export interface FloorProgress {
  totals: ProgressCounts
  perks: PerkProgress[]
  /** Packed orders the last sync turned refunded, on hold or unprocessable: must not ship. */
  packedButStopped: SlipOrderRef[]
  /** Second parcels (lost, damaged), counted apart from the orders: how many, how many sent. */
  reships?: { parcels: number; withTracking: number }
  /** Orders shipping in part with a parcel still to follow, and its items (units). */
  toFollow?: { orders: number; items: number }
}

type Stage = 'printed' | 'packed' | 'shipped'

function reached(state: OrderFloorState | undefined, stage: Stage): boolean {
  if (!state) return false
  if (stage === 'packed') return state.packedAt !== null
  if (stage === 'shipped') return state.shippedAt !== null || state.trackingNumbers.length > 0
  return state.labelsPrintedAt !== null || state.slipsPrintedAt !== null
}

/** Orders per perk and per variant (perk key, variant key) of a set of rows. */
function orderCounts(rows: readonly CampaignContribution[]) {
  const perks = new Map<string, number>()
  const variants = new Map<string, number>()
  for (const perk of groupByPerk(rows)) {
    perks.set(String(perk.perkId), perk.orderCount)
    for (const variant of perk.variants)
      variants.set(`${perk.perkId}\n${variant.key}`, variant.orderCount)
  }
  return { perks, variants, orders: new Set(rows.map((row) => row.order.id)).size }
}

/**
 * The campaign's progress on the floor, per perk and per SKU variant, from the offline copy and
 * the floor's record: the same grouping as the Orders tree, so the numbers meet.
 */
export function floorProgress(
  rows: readonly CampaignContribution[],
  states: ReadonlyMap<number, OrderFloorState>,
): FloorProgress {
  const toShip = rows.filter(isOrderToShip)
  const stages: Stage[] = ['printed', 'packed', 'shipped']
  const counts = Object.fromEntries(
    stages.map((stage) => [
      stage,
      orderCounts(toShip.filter((row) => reached(states.get(row.order.id), stage))),
    ]),
  ) as Record<Stage, ReturnType<typeof orderCounts>>
  const of = (stage: Stage, map: 'perks' | 'variants', key: string) =>
    counts[stage][map].get(key) ?? 0
  const perks = groupByPerk(toShip).map((perk): PerkProgress => ({
    perkId: perk.perkId,
    label: perk.label,
    toShip: perk.orderCount,
    printed: of('printed', 'perks', String(perk.perkId)),
    packed: of('packed', 'perks', String(perk.perkId)),
    shipped: of('shipped', 'perks', String(perk.perkId)),
    variants: perk.variants.map((variant) => {
      const key = `${perk.perkId}\n${variant.key}`
      return {
        key: variant.key,
        skuCode: variant.skuCode,
        itemName: variant.itemName,
        choices: variant.choices,
        toShip: variant.orderCount,
        printed: of('printed', 'variants', key),
        packed: of('packed', 'variants', key),
        shipped: of('shipped', 'variants', key),
      }
    }),
  }))
  return {
    totals: {
      toShip: new Set(toShip.map((row) => row.order.id)).size,
      printed: counts.printed.orders,
      packed: counts.packed.orders,
      shipped: counts.shipped.orders,
    },
    perks,
    packedButStopped: packedButStopped(rows, states).map(slipOrderRef),
  }
}

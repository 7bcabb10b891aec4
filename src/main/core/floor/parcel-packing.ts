import type { CampaignContribution } from '../../../shared/api/schemas'
import { reshipParcel } from '../../../shared/corrections/reship-parcel'
import type { FloorStore, OrderFloorState } from '../../../shared/floor/order-state'
import { packStep, parcelNow, unpackStep } from '../../../shared/waves/parcel-cut'
import type { OrderParcels, PackStep, ParcelNow } from '../../../shared/waves/parcel-cut'
import { planLinesOf } from '../../../shared/waves/parcel-rows'
import type { FloorPlan } from './floor-plan-db'
import { moveStockForPack, orderParcels } from './wave-planning'

// Packing and unpacking an order's parcel, for the station and `perkpack pack`/`unpack` alike:
// the rule is parcel-cut.ts's; here it meets the floor's record, the parcels' record and stock.

/** The order's parcels as the floor holds them now (none: a whole order, in a wave or not). */
export function parcelsOf(
  plan: FloorPlan,
  floor: FloorStore,
  campaignId: number,
  orderId: number,
): OrderParcels {
  const known = orderParcels(plan, campaignId, floor).get(orderId)
  if (known) return known
  const wave = plan.waves.openWaveOf(campaignId, orderId)
  return {
    orderPacked: (floor.state(campaignId, orderId)?.packedAt ?? null) !== null,
    wave: wave === null ? null : { name: wave, cut: null },
    packed: [],
  }
}

export interface ParcelPacking {
  parcels: OrderParcels
  now: ParcelNow
  step: PackStep
}

export function parcelPacking(
  plan: FloorPlan,
  floor: FloorStore,
  campaignId: number,
  row: CampaignContribution,
): ParcelPacking {
  const parcels = parcelsOf(plan, floor, campaignId, row.order.id)
  const now = parcelNow(planLinesOf(row), parcels)
  return { parcels, now, step: packStep(now, parcels.orderPacked) }
}

/**
 * The floor's record as the parcel's station sees it: a later parcel of an order packed in part
 * is not packed (its first parcel's pack is not this box's).
 */
export function parcelFloorState(
  state: OrderFloorState | null,
  packing: ParcelPacking,
): OrderFloorState | null {
  if (state === null || state.packedAt === null || packing.now.packed) return state
  return { ...state, packedAt: null, station: null }
}

/**
 * Packs the order's parcel now: the floor's pack decides who packs first (`packStore`, local or
 * the team store), or, for a later parcel of an order the floor has packed, the parcel's record
 * does. The parcel's lines are recorded when it is a part, and only they leave the shelf.
 * Answers the store's answer (null for a later parcel) and whether this call packed it.
 */
export async function packParcel<T>(
  plan: FloorPlan,
  floor: FloorStore,
  campaignId: number,
  row: CampaignContribution,
  by: string,
  packStore: () => Promise<T>,
  stored: (result: T) => boolean,
): Promise<{ result: T | null; packed: boolean }> {
  const packing = parcelPacking(plan, floor, campaignId, row)
  const { step, parcels, now } = packing
  const wave = parcels.wave?.name ?? ''
  let result: T | null = null
  if (step.kind === 'pack-parcel') {
    if (!plan.parcels.record(campaignId, row.order.id, wave, step.record, by))
      return { result, packed: false }
  } else {
    result = await packStore()
    if (!stored(result)) return { result, packed: false }
    if (step.kind === 'pack' && step.record !== null)
      plan.parcels.record(campaignId, row.order.id, wave, step.record, by)
  }
  const box = now.partial ? reshipParcel(row, now.lines) : row
  moveStockForPack(plan, campaignId, box, 'pack', by)
  return { result, packed: true }
}

/**
 * Takes back the order's last parcel (its open wave's when packed): its record, the floor's pack
 * when no record is left, and its lines back on the shelf. `unpackStore` is the floor's unpack.
 */
export async function unpackParcel<T>(
  plan: FloorPlan,
  floor: FloorStore,
  campaignId: number,
  row: CampaignContribution,
  by: string,
  unpackStore: () => Promise<T>,
  stored: (result: T) => boolean,
): Promise<{ result: T | null; unpacked: boolean }> {
  const step = unpackStep(planLinesOf(row), parcelsOf(plan, floor, campaignId, row.order.id))
  if (step.kind === 'not-packed') {
    // This desk's record lags the team store's: the store's answer stands, the whole box back.
    const result = await unpackStore()
    if (stored(result)) moveStockForPack(plan, campaignId, row, 'unpack', by)
    return { result, unpacked: stored(result) }
  }
  let result: T | null = null
  if (step.store) {
    result = await unpackStore()
    if (!stored(result)) return { result, unpacked: false }
  }
  if (step.parcel !== null) plan.parcels.drop(campaignId, row.order.id, step.parcel.wave, by)
  moveStockForPack(plan, campaignId, reshipParcel(row, step.lines), 'unpack', by)
  return { result, unpacked: true }
}

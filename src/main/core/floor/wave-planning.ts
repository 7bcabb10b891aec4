import type { CampaignContribution } from '../../../shared/api/schemas'
import { applyOverlayToRows } from '../../../shared/corrections/floor-overlay'
import type { FloorOverlay } from '../../../shared/corrections/floor-overlay'
import type { FloorStore } from '../../../shared/floor/order-state'
import { waveCandidates } from '../../../shared/waves/wave-candidates'
import { planWave } from '../../../shared/waves/wave-planner'
import type { PlanOptions, WavePlan } from '../../../shared/waves/wave-planner'
import type { FloorPlan } from './floor-plan-db'
import type { Wave } from '../../../shared/waves/wave-types'
import { PerkPackError } from '../system/perkpack-errors'
import type { StockDelta } from './stock-store'
import { shippableLines } from '../../../shared/fulfillment/shipping'
import type { OrderParcels } from '../../../shared/waves/parcel-cut'
import { parcelNoteOf, waveOrderParcels } from '../../../shared/waves/parcel-rows'
import type { WaveOrderParcel } from '../../../shared/waves/parcel-rows'

/**
 * The campaign's corrections, active holds and parcels (orders of an open wave shipping in part,
 * orders with a parcel packed in part): what every output lays over the synced rows. `floor`
 * says which orders are packed; without it, an order with a parcel packed is.
 */
export function floorOverlay(
  plan: FloorPlan,
  campaignId: number,
  floor?: FloorStore,
): FloorOverlay {
  return {
    corrections: plan.corrections.corrections(campaignId),
    holds: plan.corrections.activeHolds(campaignId),
    parcels: orderParcels(plan, campaignId, floor),
  }
}

/** Each order with a parcel cut in an open wave or a parcel packed in part, as parcel-cut reads it. */
export function orderParcels(
  plan: FloorPlan,
  campaignId: number,
  floor?: FloorStore,
): Map<number, OrderParcels> {
  const cuts = plan.waves.openWaveCuts(campaignId)
  const packed = plan.parcels.packed(campaignId)
  const parcels = new Map<number, OrderParcels>()
  for (const orderId of new Set([...cuts.keys(), ...packed.keys()])) {
    const sent = packed.get(orderId) ?? []
    const open = cuts.get(orderId) ?? null
    const name = open?.name ?? plan.waves.openWaveOf(campaignId, orderId)
    parcels.set(orderId, {
      orderPacked: floor
        ? (floor.state(campaignId, orderId)?.packedAt ?? null) !== null
        : sent.length > 0,
      wave: name === null ? null : { name, cut: open?.cut ?? null },
      packed: sent,
    })
  }
  return parcels
}

/**
 * The plan for a new wave from the desk's record: the synced rows with the floor's overlay
 * (held orders stop), stock on hand, packed orders and the open waves' orders left out.
 */
export function planFromRecord(
  rows: readonly CampaignContribution[],
  floor: FloorStore,
  plan: FloorPlan,
  campaignId: number,
  options: PlanOptions,
): WavePlan {
  // An order sent in part comes cut to what it still owes: the plan takes only that.
  const overlaid = applyOverlayToRows(rows, floorOverlay(plan, campaignId, floor))
  const owing = new Set(overlaid.flatMap((row) => (parcelNoteOf(row) ? [row.order.id] : [])))
  const packed = new Set<number>()
  for (const [orderId, state] of floor.states(campaignId))
    if (state.packedAt !== null && !owing.has(orderId)) packed.add(orderId)
  const candidates = waveCandidates(overlaid, {
    packed,
    inOpenWave: plan.waves.openWaveOrders(campaignId),
  })
  const stock = new Map(
    plan.stock.levels(campaignId).map((level) => [level.variantKey, level.quantity]),
  )
  return planWave(stock, candidates, options)
}

/** The campaign's open waves and the one holding `orderId`: the station's and `pack`'s warning. */
export function openWavesOf(
  plan: FloorPlan,
  campaignId: number,
  orderId: number,
): { open: string[]; of: string | undefined } {
  const open = plan.waves.list(campaignId).filter((wave) => wave.closedAt === null)
  return {
    open: open.map((wave) => wave.name),
    of: open.find((wave) => wave.orderIds.includes(orderId))?.name,
  }
}

/** The wave a view or output names (open or closed); a name no longer there is said so. */
export function namedWave(plan: FloorPlan, campaignId: number, name: string): Wave {
  const wave = plan.waves.wave(campaignId, name)
  if (!wave)
    throw new PerkPackError(
      'wave_not_found',
      `There is no wave named "${name}" in this campaign any more. Pick a wave from the list again.`,
    )
  return wave
}

/**
 * The orders of `wave` that ship in part in it: their parcel, what follows and what went before,
 * as `perkpack wave show` and the Waves view list them. `rows` is read only when the wave has a
 * parcel cut or an order sent in part before (a wave of whole orders has none to list).
 */
export function partialOrdersOfWave(
  plan: FloorPlan,
  campaignId: number,
  wave: Wave,
  rows: () => readonly CampaignContribution[],
): WaveOrderParcel[] {
  const packed = plan.parcels.packed(campaignId)
  if (wave.parcels.length === 0 && !wave.orderIds.some((id) => packed.has(id))) return []
  return waveOrderParcels(wave, rows(), packed)
}

/** The rows of a wave, in the wave's order; orders the copy no longer carries are skipped. */
export function rowsOfWave(
  rows: readonly CampaignContribution[],
  orderIds: readonly number[],
): CampaignContribution[] {
  const byOrder = new Map(rows.map((row) => [row.order.id, row]))
  return orderIds.flatMap((orderId) => byOrder.get(orderId) ?? [])
}

/**
 * What packing (`sign` -1) or unpacking (+1) an order moves on the shelf: its shipping lines,
 * for the variants whose stock is recorded (a floor that does not count stock gets no levels).
 */
export function packStockDeltas(
  row: CampaignContribution,
  sign: -1 | 1,
  recorded: ReadonlySet<string>,
): StockDelta[] {
  return shippableLines(row)
    .filter((line) => recorded.has(line.key))
    .map((line) => ({
      variantKey: line.key,
      skuCode: line.skuCode,
      choices: line.choices,
      delta: sign * line.quantity,
    }))
}

/** Moves the stock for a pack or an unpack of `row`; answers the variants changed. */
export function moveStockForPack(
  plan: FloorPlan,
  campaignId: number,
  row: CampaignContribution,
  reason: 'pack' | 'unpack',
  by: string,
): number {
  const recorded = new Set(plan.stock.levels(campaignId).map((level) => level.variantKey))
  const deltas = packStockDeltas(row, reason === 'pack' ? -1 : 1, recorded)
  if (deltas.length === 0) return 0
  return plan.stock.adjust(campaignId, deltas, reason, row.order.id, by)
}

import type { CampaignContribution } from '../../../shared/api/schemas'
import type { Reship, ReshipItem } from '../../../shared/corrections/correction-types'
import { applyOverlay } from '../../../shared/corrections/floor-overlay'
import { reshipItemsProblem, reshipParcel } from '../../../shared/corrections/reship-parcel'
import { shippableLines } from '../../../shared/fulfillment'
import type { OfflineCache } from '../cache'
import { renderLabelsPdf, renderSlipsPdf } from '../print'
import type { LabelOptions, SlipOptions } from '../print'
import { UsageError } from '../system/perkpack-errors'
import { loadFloorOverlay } from './floor-view'

// A reship (a second parcel for a lost or damaged one), the same for the CLI's `perkpack reship`
// and the order drawer: recorded in the floor's plan, its units taken off the recorded stock,
// and its label and slip printed from the order narrowed to its items.

export interface NewReship {
  row: CampaignContribution
  items: readonly ReshipItem[]
  reason: string
  /** Who made it: the station's name. */
  by: string
}

/** What is wrong with a reship before it is recorded, as a sentence; null when nothing is. */
export function newReshipProblem({ row, items, reason }: NewReship): string | null {
  if (reason.trim() === '') return 'A reship needs a reason (lost, damaged).'
  return reshipItemsProblem(row, items)
}

/**
 * Records the reship and takes its units off the shelf like a pack's, with the reason "reship"
 * (only variants whose stock is kept). Refuses a reship `newReshipProblem` finds wrong.
 */
export function recordReship(cache: OfflineCache, campaignId: number, reship: NewReship): Reship {
  const problem = newReshipProblem(reship)
  if (problem) throw new UsageError(problem)
  const { row, items, reason, by } = reship
  const plan = cache.floorPlan()
  const recorded = plan.corrections.addReship(campaignId, {
    orderId: row.order.id,
    items: items.map((item) => ({ ...item })),
    reason,
    by,
  })
  const kept = new Set(plan.stock.levels(campaignId).map((level) => level.variantKey))
  const lines = new Map(shippableLines(row).map((line) => [line.key, line]))
  const deltas = items.flatMap((item) => {
    const line = lines.get(item.variantKey)
    if (!line || !kept.has(item.variantKey)) return []
    return [
      { variantKey: line.key, skuCode: line.skuCode, choices: line.choices, delta: -item.quantity },
    ]
  })
  if (deltas.length > 0) plan.stock.adjust(campaignId, deltas, 'reship', row.order.id, by)
  return recorded
}

/** The reships of one order, in the order made. */
export function reshipsOfOrder(cache: OfflineCache, campaignId: number, orderId: number): Reship[] {
  return cache
    .floorPlan()
    .corrections.reships(campaignId)
    .filter((reship) => reship.orderId === orderId)
}

/** The reship's parcel as it ships now: the order's corrected address, held if held. */
export function reshipParcelNow(
  cache: OfflineCache,
  campaignId: number,
  row: CampaignContribution,
  reship: Pick<Reship, 'items'>,
): CampaignContribution {
  return applyOverlay(reshipParcel(row, reship.items), loadFloorOverlay(cache, campaignId))
}

/** The title a reship's slip carries instead of the campaign's: the box says what it is. */
export const reshipTitle = (reship: Pick<Reship, 'id'>) => `Reship ${reship.id}`

/**
 * The reship's packing slip (listing only what is in its box) to the PDF `out`; false when the
 * order does not ship now (held, or a status that does not ship), and nothing is written.
 */
export async function saveReshipSlip(
  parcel: CampaignContribution,
  reship: Pick<Reship, 'id'>,
  options: Omit<SlipOptions, 'campaignTitle'>,
  out: string,
): Promise<boolean> {
  const result = await renderSlipsPdf(
    [parcel],
    { ...options, campaignTitle: reshipTitle(reship) },
    out,
  )
  return result.slips === 1
}

/** The reship's address label to the PDF `out` (one label; its summary names the parcel's items). */
export async function saveReshipLabel(
  parcel: CampaignContribution,
  options: LabelOptions,
  out: string,
): Promise<void> {
  await renderLabelsPdf([parcel], { ...options, startAt: 1 }, out)
}

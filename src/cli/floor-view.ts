import { loadFloorOverlay, shippedRows } from '../main/core/floor/floor-view'
import type { ShippedRows } from '../main/core/floor/floor-view'
import { PerkPackError } from '../main/core/system/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import type { CliContext } from './context'

/** `--wave NAME`: only the orders of that wave (open or closed), in the copy's order. */
export function inWave(
  context: CliContext,
  campaignId: number,
  name: string | undefined,
  rows: readonly CampaignContribution[],
): readonly CampaignContribution[] {
  if (name === undefined) return rows
  const wave = context.cache().floorPlan().waves.wave(campaignId, name.trim())
  if (!wave)
    throw new PerkPackError(
      'wave_not_found',
      `--wave "${name}": no such wave in campaign ${campaignId}. See the names with perkpack wave list ${campaignId}.`,
    )
  const ids = new Set(wave.orderIds)
  return rows.filter((row) => ids.has(row.order.id))
}

/**
 * The selected orders as they ship: corrected addresses, held orders stopped (after the status
 * filter, so a held order stays in the selection and the pre-print checks name it), and the
 * orders whose platform address changed after a correction, for the checks.
 */
export function floorView(
  context: CliContext,
  campaignId: number,
  selected: readonly CampaignContribution[],
): ShippedRows {
  return shippedRows(loadFloorOverlay(context.cache(), campaignId), selected)
}

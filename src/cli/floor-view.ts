import { floorOverlay } from '../main/core/floor/wave-planning'
import { PerkPackError } from '../main/core/system/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import { addressChangedOnPlatform, applyOverlayToRows } from '../shared/corrections/floor-overlay'
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
): { rows: CampaignContribution[]; addressChanged: number[] } {
  const overlay = floorOverlay(context.cache().floorPlan(), campaignId)
  return {
    rows: applyOverlayToRows(selected, overlay),
    addressChanged: addressChangedOnPlatform(selected, overlay.corrections),
  }
}

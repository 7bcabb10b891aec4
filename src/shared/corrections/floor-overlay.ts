import type { CampaignContribution } from '../api/schemas'
import { HELD_STATUS } from '../fulfillment/ship-status'
import type { AddressCorrection, OrderHold } from './correction-types'
import { platformChangedSince, withEffectiveAddress } from './effective-address'
import type { OverlayRow } from './effective-address'

/** What the floor knows of a campaign's orders beyond the synced rows, by order id. */
export interface FloorOverlay {
  corrections: ReadonlyMap<number, AddressCorrection>
  /** The orders held now. */
  holds: ReadonlyMap<number, OrderHold>
}

export const EMPTY_OVERLAY: FloorOverlay = { corrections: new Map(), holds: new Map() }

/**
 * The order as every output sees it: its corrected address, and a held order with the held
 * status, which the one stop-order rule (ship-status.ts, `shipmentRole`) leaves out of labels,
 * slips, the shipper CSV, Excel, the pick list, waves and the station, and the pre-print checks
 * name. Rows without anything on the floor come back as they were (no copy).
 */
export function applyOverlay<Row extends OverlayRow>(row: Row, overlay: FloorOverlay): Row {
  const corrected = withEffectiveAddress(row, overlay.corrections.get(row.order.id))
  if (!overlay.holds.has(row.order.id)) return corrected
  return { ...corrected, order: { ...corrected.order, status: HELD_STATUS } }
}

export function applyOverlayToRows<Row extends OverlayRow>(
  rows: readonly Row[],
  overlay: FloorOverlay,
): Row[] {
  if (overlay.corrections.size === 0 && overlay.holds.size === 0) return rows.slice()
  return rows.map((row) => applyOverlay(row, overlay))
}

/**
 * Orders whose platform address changed after a person corrected it, in the rows' order: the
 * pre-print check and the drawer name them; the correction stays in use until a person chooses.
 */
export function addressChangedOnPlatform(
  rows: readonly Pick<CampaignContribution, 'id' | 'order'>[],
  corrections: ReadonlyMap<number, AddressCorrection>,
): number[] {
  if (corrections.size === 0) return []
  const ids: number[] = []
  for (const row of rows) {
    const correction = corrections.get(row.order.id)
    if (correction && platformChangedSince(row, correction)) ids.push(row.id)
  }
  return ids
}

import type { CampaignContribution } from '../api/schemas'
import { HELD_STATUS } from '../fulfillment/ship-status'
import type { AddressCorrection, OrderHold } from './correction-types'
import { platformChangedSince, withEffectiveAddress } from './effective-address'
import type { OverlayRow } from './effective-address'
import type { OrderParcels } from '../waves/parcel-cut'
import { cutToParcel } from '../waves/parcel-rows'

/** What the floor knows of a campaign's orders beyond the synced rows, by order id. */
export interface FloorOverlay {
  corrections: ReadonlyMap<number, AddressCorrection>
  /** The orders held now. */
  holds: ReadonlyMap<number, OrderHold>
  /**
   * Orders with a parcel cut in an open wave or a parcel packed in part (partial shipments):
   * every output cuts them to the parcel (parcel-cut.ts). Absent: no order ships in part.
   */
  parcels?: ReadonlyMap<number, OrderParcels>
}

export const EMPTY_OVERLAY: FloorOverlay = { corrections: new Map(), holds: new Map() }

/** Whether the overlay changes any row (the outputs' fast path when it does not). */
export function overlayIsEmpty(overlay: FloorOverlay): boolean {
  return (
    overlay.corrections.size === 0 && overlay.holds.size === 0 && (overlay.parcels?.size ?? 0) === 0
  )
}

/**
 * The order as every output sees it: its corrected address, a held order with the held status,
 * which the one stop-order rule (ship-status.ts, `shipmentRole`) leaves out of labels, slips,
 * the shipper CSV, Excel, the pick list, waves and the station, and the pre-print checks name;
 * an order shipping in part cut to its parcel. Rows without anything on the floor come back as
 * they were (no copy).
 */
export function applyOverlay<Row extends OverlayRow>(row: Row, overlay: FloorOverlay): Row {
  const corrected = withEffectiveAddress(row, overlay.corrections.get(row.order.id))
  const parcels = overlay.parcels?.get(row.order.id)
  const cut = parcels === undefined ? corrected : cutToParcel(corrected, parcels)
  if (!overlay.holds.has(row.order.id)) return cut
  return { ...cut, order: { ...cut.order, status: HELD_STATUS } }
}

export function applyOverlayToRows<Row extends OverlayRow>(
  rows: readonly Row[],
  overlay: FloorOverlay,
): Row[] {
  if (overlayIsEmpty(overlay)) return rows.slice()
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

import type { CampaignContribution } from '../../../shared/api/schemas'
import {
  addressChangedOnPlatform,
  applyOverlayToRows,
  overlayIsEmpty,
} from '../../../shared/corrections/floor-overlay'
import type { FloorOverlay } from '../../../shared/corrections/floor-overlay'
import type { OverlayRow } from '../../../shared/corrections/effective-address'
import type { OfflineCache } from '../cache'
import { floorOverlay } from './wave-planning'

/**
 * The one door between the synced rows and everything that ships them, for the app and the
 * CLI alike: labels, slips, the shipper CSV, Excel, the pick list (printed and on screen), the
 * Orders table, the drawer, the station and the tracking files all read orders through here, so
 * a hold or an address correction made a second ago is in the next output, whichever process
 * made it (the floor's record is read fresh each time; it is a few rows, not the snapshot).
 */

/**
 * The campaign's corrections, active holds and parcel cuts as the desk's record holds them now.
 */
export function loadFloorOverlay(cache: OfflineCache, campaignId: number): FloorOverlay {
  return floorOverlay(cache.floorPlan(), campaignId, cache.floor())
}

/** Rows as they ship, and which of them had their platform address change after a correction. */
export interface ShippedRows {
  rows: CampaignContribution[]
  /** Contribution ids, for the pre-print check "address changed on the platform". */
  addressChanged: number[]
}

/**
 * Whole contributions as they ship: corrected addresses, held orders stopped. Applied after any
 * status filter, so a held order stays in the selection and the pre-print checks name it.
 */
export function shippedRows(
  overlay: FloorOverlay,
  rows: readonly CampaignContribution[],
): ShippedRows {
  return {
    rows: applyOverlayToRows(rows, overlay),
    addressChanged: addressChangedOnPlatform(rows, overlay.corrections),
  }
}

/** A view's lighter rows (the Orders table, the station) as they ship. */
export function shippedViewRows<Row extends OverlayRow>(
  overlay: FloorOverlay,
  rows: readonly Row[],
): readonly Row[] {
  return overlayIsEmpty(overlay) ? rows : applyOverlayToRows(rows, overlay)
}

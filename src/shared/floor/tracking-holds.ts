import type { CampaignContribution } from '../api/schemas'
import { statusText } from '../fulfillment/display'
import { shipmentRole } from '../fulfillment/shipping'
import type { OrderFloorState } from './order-state'
import { isStopStatus } from './pack-checks'

/**
 * Why a tracking number from a shipper's file is left apart instead of written: as far as the
 * floor's record knows, no parcel of that order went out. A tracking number marks an order
 * shipped (Progress, the Excel and CSV floor columns, the dashboard file), so these are written
 * only when the person confirms them, reason by reason. Most serious first.
 */
export const TRACKING_HOLD_REASONS = ['stopped', 'nothing-to-ship', 'not-packed'] as const
export type TrackingHoldReason = (typeof TRACKING_HOLD_REASONS)[number]

/**
 * The one reason an order's new tracking number is left apart, the most serious one (a refunded
 * order that was never packed is "stopped"); null when a parcel went with it.
 */
export function trackingHold(
  row: CampaignContribution,
  state: OrderFloorState | null | undefined,
): TrackingHoldReason | null {
  if (isStopStatus(row.order.status)) return 'stopped'
  if (shipmentRole(row) === 'nothing-to-ship') return 'nothing-to-ship'
  if (!state?.packedAt) return 'not-packed'
  return null
}

/** "not packed at a station", "refunded at the last sync": after an order number. */
export function trackingHoldText(reason: TrackingHoldReason, status: string): string {
  switch (reason) {
    case 'stopped':
      return `${statusText(status).toLowerCase()} at the last sync`
    case 'nothing-to-ship':
      return 'nothing to ship (no perk with items that ship)'
    case 'not-packed':
      return 'not packed at a station'
  }
}

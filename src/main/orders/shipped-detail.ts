import type { CampaignContribution } from '../../shared/api/schemas'
import { platformChangedSince } from '../../shared/corrections/effective-address'
import { applyOverlay } from '../../shared/corrections/floor-overlay'
import type { FloorOverlay } from '../../shared/corrections/floor-overlay'
import type { OrderDetail } from '../../shared/ipc'
import { parcelNoteOf } from '../../shared/waves/parcel-rows'

/**
 * The drawer's order as it ships (held status, corrected address, its parcel when it ships in
 * part) with the hold, what follows, and beside a correction the synced address and whether the
 * platform changed it since.
 */
export function shippedDetail(
  synced: CampaignContribution,
  overlay: FloorOverlay,
  addressLines: (shipping: CampaignContribution['order']['shipping']) => string[],
): Pick<OrderDetail, 'contribution' | 'addressLines' | 'hold' | 'correction' | 'parcel'> {
  const orderId = synced.order.id
  const correction = overlay.corrections.get(orderId) ?? null
  const shipped = applyOverlay(synced, overlay)
  return {
    contribution: shipped,
    addressLines: addressLines(shipped.order.shipping),
    hold: overlay.holds.get(orderId) ?? null,
    // The row's note is a symbol, which IPC drops: the drawer gets it as a field.
    parcel: parcelNoteOf(shipped),
    correction: correction && {
      ...correction,
      platformChanged: platformChangedSince(synced, correction),
      syncedAddressLines: addressLines(synced.order.shipping),
    },
  }
}

import { compareBySequence, orderNumberText, shippableLines } from '../../shared/fulfillment'
import type { WaveParcels } from '../../shared/ipc'
import { MAX_WAVE_PARCELS_LISTED } from '../../shared/ipc/limits'
import { parcelLineTexts } from '../../shared/waves/parcel-rows'
import type { WaveOrderParcel } from '../../shared/waves/parcel-rows'
import { asContribution, recipientOf } from '../core/floor/station-index'
import type { ViewRow } from '../core/orders/workspace'

/**
 * A wave's orders that ship in part as the Waves view lists them: by order number, the first
 * `max` of them (the count has them all), each line named as the order names it, so the window
 * can say them in the slip's sentences.
 */
export function waveParcelList(
  name: string,
  parcels: readonly WaveOrderParcel[],
  rows: readonly ViewRow[],
  {
    max = MAX_WAVE_PARCELS_LISTED,
    recipient = recipientOf,
  }: {
    max?: number
    /** Who the parcel goes to: the desk's corrected address when there is one. */
    recipient?: (row: ViewRow) => string | null
  } = {},
): WaveParcels {
  const byOrder = new Map(rows.map((row) => [row.order.id, row]))
  const found = parcels.flatMap((parcel) => {
    const row = byOrder.get(parcel.orderId)
    return row ? [{ parcel, row }] : []
  })
  found.sort((a, b) => compareBySequence(a.row, b.row))
  return {
    name,
    partialCount: found.length,
    rows: found.slice(0, max).map(({ parcel, row }) => {
      const lines = shippableLines(asContribution(row))
      return {
        orderId: row.order.id,
        orderNumber: orderNumberText(row.order),
        recipient: recipient(row),
        lines: parcelLineTexts(lines, parcel.lines),
        follows: parcelLineTexts(lines, parcel.follows),
        sent: parcelLineTexts(lines, parcel.sent),
      }
    }),
  }
}

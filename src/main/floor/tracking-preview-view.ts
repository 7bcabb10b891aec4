import { TRACKING_HOLD_REASONS } from '../../shared/floor/tracking-holds'
import type { TrackingHoldReason } from '../../shared/floor/tracking-holds'
import { MAX_TRACKING_ROWS_LISTED } from '../../shared/ipc'
import type { TrackingFormat, TrackingPreviewView } from '../../shared/ipc'
import type { TrackingPreview } from '../core/floor/tracking-import'

const cut = <T>(list: readonly T[]) => list.slice(0, MAX_TRACKING_ROWS_LISTED)

/** Held rows per reason, every reason present (0 where none). */
function byReason(preview: TrackingPreview): Record<TrackingHoldReason, number> {
  const counts = Object.fromEntries(TRACKING_HOLD_REASONS.map((r) => [r, 0])) as Record<
    TrackingHoldReason,
    number
  >
  for (const held of preview.held) counts[held.reason] += 1
  return counts
}

/** A preview as the window gets it: every count whole, each list cut to what a card shows. */
export function previewView(
  previewId: number,
  fileName: string,
  format: TrackingFormat,
  preview: TrackingPreview,
): TrackingPreviewView {
  return {
    previewId,
    fileName,
    format,
    rows: preview.rows,
    emptyRows: preview.emptyRows,
    matched: preview.matched.length,
    alreadyStored: preview.alreadyStored,
    duplicates: preview.duplicates,
    held: {
      count: preview.held.length,
      byReason: byReason(preview),
      rows: cut(preview.held).map(
        ({ line, orderId, sequenceNumber, trackingNumber, reason, status }) => ({
          line,
          orderId,
          sequenceNumber,
          trackingNumber,
          reason,
          status,
        }),
      ),
    },
    unmatched: {
      count: preview.unmatched.length,
      rows: cut(preview.unmatched).map(({ line, orderNumber }) => ({ line, orderNumber })),
    },
    conflicts: {
      count: preview.conflicts.length,
      rows: cut(preview.conflicts).map(
        ({ line, orderId, sequenceNumber, trackingNumber, stored }) => ({
          line,
          orderId,
          sequenceNumber,
          trackingNumber,
          stored,
        }),
      ),
    },
    problems: { count: preview.problems.length, rows: cut(preview.problems) },
  }
}

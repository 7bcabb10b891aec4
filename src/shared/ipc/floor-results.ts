import type { OrderFloorState as FloorState } from '../floor/order-state'
import type { TrackingFormat } from './enums'
import type { TrackingHoldReason } from '../floor/tracking-holds'

/** What the floor answers: the pack station, tracking numbers in, the dashboard file out. */

/**
 * What a tracking import would do (`floor:trackingPreview`); lists are cut, the counts are whole.
 * Every data row is in exactly one of matched, held, alreadyStored, duplicates, unmatched and
 * problems: their counts add up to `rows`.
 */
export interface TrackingPreviewView {
  /** Hand back to `floor:trackingImport` to write exactly this preview. */
  previewId: number
  fileName: string
  format: TrackingFormat
  /** The file's data rows (lines with a value in some cell, under the header). */
  rows: number
  /** Lines with no value in any cell, skipped: not data rows. */
  emptyRows: number
  matched: number
  alreadyStored: number
  /** Rows repeating an order and tracking number met earlier in the file. */
  duplicates: number
  /**
   * New numbers of orders no parcel went out for (not packed, nothing to ship, stopped), left
   * apart: written only for the reasons `floor:trackingImport` is asked to include.
   */
  held: {
    count: number
    byReason: Record<TrackingHoldReason, number>
    rows: {
      line: number
      orderId: number
      /** The order number people and shippers know it by; null when the API sent none. */
      sequenceNumber: number | null
      trackingNumber: string
      reason: TrackingHoldReason
      status: string
    }[]
  }
  unmatched: { count: number; rows: { line: number; orderNumber: string }[] }
  conflicts: {
    count: number
    rows: {
      line: number
      orderId: number
      /** The order number people and shippers know it by; null when the API sent none. */
      sequenceNumber: number | null
      trackingNumber: string
      stored: string[]
    }[]
  }
  problems: { count: number; rows: { line: number; column: string; message: string }[] }
}

export interface TrackingImportResult {
  added: number
  unchanged: number
  /** Held rows of the preview left unwritten (their reasons were not included). */
  leftApart: number
  /** Team mode: written on this desk only, queued while the team store cannot be reached. */
  queued?: string
}

/** `floor:fillDashboard`: what was written where (null from the channel when cancelled). */
export interface DashboardFillReport {
  path: string
  rows: number
  matchedBy: string
  filled: number
  replaced: number
  unchanged: number
  noTracking: number
  unmatched: number
  /** The first unmatched lines, to find them in the file. */
  unmatchedLines: number[]
}

export type {
  ChecklistWarning,
  StationLine,
  StationOrder,
  StationScan,
  StationWarning,
} from '../floor/station-scan'
export type { OrderFloorState } from '../floor/order-state'
export type { PackWarning } from '../floor/pack-checks'

/** `floor:pack`: packed now, or not because a station packed it first (state says who, when). */
export interface StationPackResult {
  packed: boolean
  state: FloorState
  /** This station's name, as written on the record when packed. */
  station: string
  /** Team mode: packed on this desk only, queued while the team store cannot be reached. */
  queued?: string
}

/** `floor:addTracking`: whether the number was new for the order, and the order's record now. */
export interface StationTrackingResult {
  added: boolean
  state: FloorState
}

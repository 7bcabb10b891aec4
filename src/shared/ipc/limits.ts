import type { LabelLayoutId } from './enums'

/**
 * The ranges main enforces and the renderer offers, each in one place: the argument schemas,
 * the settings file reader, the print core, the sync engine and the forms read them here.
 */

/** Pages fetched at once during a sync. */
export const MIN_CONCURRENCY = 1
export const MAX_CONCURRENCY = 16
export const DEFAULT_CONCURRENCY = 4

/** Labels on one sheet of each stock ("Start at label" runs from 1 to this); main checks it. */
export const LABELS_PER_SHEET: Readonly<Record<LabelLayoutId, number>> = {
  avery5160: 30,
  averyL7160: 21,
  thermal4x6: 1,
}

/** A printer offset beyond an inch is a unit mistake (inches or points typed as mm), not drift. */
export const MAX_OFFSET_MM = 25.4

/** The packing slip footer note. */
export const MAX_FOOTER_NOTE = 500

/** A packing desk's name, as Settings takes it and as the computer's name is cut to. */
export const MAX_STATION_NAME = 64

/** The "data older than" pre-print check, in hours: a year at most, beyond it would never speak. */
export const MIN_STALE_HOURS = 1
export const MAX_STALE_HOURS = 8760

/** Problem rows listed at most by `problems:list`; `ProblemRowsView.problemCount` has them all. */
export const MAX_PROBLEM_ROWS_LISTED = 500

/**
 * Rows cross IPC by position, a page at a time as the table scrolls: at 100,000 orders, moving
 * every row to the renderer took longer than the whole second a person waits for the view.
 */
export const ORDERS_PAGE_SIZE = 100
/** The most rows one `orders:rows` request answers. */
export const MAX_ORDER_ROWS_PER_REQUEST = 2000

/**
 * A file the person picks for the floor (a shipper's tracking export, the dashboard's
 * contributions CSV) crosses IPC as base64. 64 MB holds a 100,000-row dashboard export with room.
 */
export const MAX_FLOOR_FILE_BYTES = 64 * 2 ** 20
/** Rows listed per category in a tracking import preview; the counts have them all. */
export const MAX_TRACKING_ROWS_LISTED = 50
/** Orders shipping in part listed by `waves:parcels`; `WaveParcels.partialCount` has them all. */
export const MAX_WAVE_PARCELS_LISTED = 500

/** Packing slips per batch (one PDF file, one print job): a batch prints in seconds. */
export const DEFAULT_SLIP_BATCH_SIZE = 500
export const MIN_SLIP_BATCH_SIZE = 10
export const MAX_SLIP_BATCH_SIZE = 5000

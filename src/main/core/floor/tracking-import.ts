import type { CampaignContribution } from '../../../shared/api/schemas'
import type {
  FloorStore,
  OrderFloorState,
  TrackingEntry,
  TrackingWriteResult,
} from '../../../shared/floor/order-state'
import { trackingHold } from '../../../shared/floor/tracking-holds'
import type { TrackingHoldReason } from '../../../shared/floor/tracking-holds'
import type { TrackingFile, TrackingFileProblem } from './tracking-file'

export interface MatchedTracking {
  line: number
  orderId: number
  sequenceNumber: number | null
  carrier: string | null
  trackingNumber: string
}

/** A new number for an order no parcel went out for (`trackingHold`): written only if confirmed. */
export interface HeldTracking extends MatchedTracking {
  reason: TrackingHoldReason
  /** The order's status at the last sync, to word a "stopped" reason. */
  status: string
}

export interface TrackingConflict extends MatchedTracking {
  /** What the order already had: the file's number is added beside them, never instead. */
  stored: string[]
}

/**
 * What an import would do, shown before anything is written (and by --dry-run). Every data row
 * of the file is in exactly one of matched, held, alreadyStored, duplicates, unmatched and
 * problems, so their counts add up to `rows`.
 */
export interface TrackingPreview {
  /** The file's data rows (lines with a value in some cell, under the header). */
  rows: number
  /** Lines with no value in any cell: not data rows. */
  emptyRows: number
  /** Rows that match an order a parcel went out for and bring a number it does not have yet. */
  matched: MatchedTracking[]
  /** New numbers of orders not packed, with nothing to ship or stopped: left apart. */
  held: HeldTracking[]
  /** Order numbers no order of the campaign carries. */
  unmatched: { line: number; orderNumber: string; trackingNumber: string }[]
  /** Matched or held rows for orders that already had a different tracking number. */
  conflicts: TrackingConflict[]
  /** Rows whose number the order has already: nothing to write. */
  alreadyStored: number
  /** Rows repeating an order and tracking number met earlier in the file. */
  duplicates: number
  problems: TrackingFileProblem[]
}

/**
 * Orders by the number shippers know them by: the sequence number, or the order id when the API
 * sent none (as PerkPack's shipper CSV writes order_number).
 */
export function ordersByNumber(
  rows: readonly CampaignContribution[],
): Map<string, { orderId: number; sequenceNumber: number | null; row: CampaignContribution }> {
  const byNumber = new Map<
    string,
    { orderId: number; sequenceNumber: number | null; row: CampaignContribution }
  >()
  for (const row of rows) {
    const sequenceNumber = row.order.sequence_number ?? null
    const key = String(sequenceNumber ?? row.order.id)
    if (!byNumber.has(key)) byNumber.set(key, { orderId: row.order.id, sequenceNumber, row })
  }
  return byNumber
}

export function previewTracking(
  file: TrackingFile,
  rows: readonly CampaignContribution[],
  states: ReadonlyMap<number, OrderFloorState>,
): TrackingPreview {
  const byNumber = ordersByNumber(rows)
  const preview: TrackingPreview = {
    rows: file.rows.length + file.problems.length,
    emptyRows: file.emptyRows,
    matched: [],
    held: [],
    unmatched: [],
    conflicts: [],
    alreadyStored: 0,
    duplicates: 0,
    problems: [...file.problems],
  }
  // Numbers met earlier in this file: a file listing a parcel twice adds it once.
  const seen = new Map<number, Set<string>>()
  for (const row of file.rows) {
    // "00123" and "123" are the same order number; a tracking number keeps its zeros.
    const key = /^\d+$/.test(row.orderNumber) ? String(Number(row.orderNumber)) : row.orderNumber
    const order = byNumber.get(key)
    if (!order) {
      preview.unmatched.push({
        line: row.line,
        orderNumber: row.orderNumber,
        trackingNumber: row.trackingNumber,
      })
      continue
    }
    const state = states.get(order.orderId)
    const stored = state?.trackingNumbers ?? []
    const inFile = seen.get(order.orderId) ?? new Set<string>()
    seen.set(order.orderId, inFile)
    if (inFile.has(row.trackingNumber)) {
      preview.duplicates += 1
      continue
    }
    inFile.add(row.trackingNumber)
    if (stored.includes(row.trackingNumber)) {
      preview.alreadyStored += 1
      continue
    }
    const match: MatchedTracking = {
      line: row.line,
      orderId: order.orderId,
      sequenceNumber: order.sequenceNumber,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    }
    const reason = trackingHold(order.row, state)
    if (reason === null) preview.matched.push(match)
    else preview.held.push({ ...match, reason, status: order.row.order.status })
    if (stored.length > 0) preview.conflicts.push({ ...match, stored: [...stored] })
  }
  return preview
}

/**
 * The numbers to write, as the store takes them (local or team): every matched row, and the
 * held rows of the reasons the person confirmed.
 */
export function trackingEntries(
  preview: TrackingPreview,
  include: readonly TrackingHoldReason[] = [],
): TrackingEntry[] {
  const confirmed = preview.held.filter((h) => include.includes(h.reason))
  return [...preview.matched, ...confirmed].map((m) => ({
    orderId: m.orderId,
    carrier: m.carrier,
    trackingNumber: m.trackingNumber,
  }))
}

/** Held rows that stay unwritten when `include` is confirmed. */
export function leftApart(
  preview: TrackingPreview,
  include: readonly TrackingHoldReason[] = [],
): HeldTracking[] {
  return preview.held.filter((h) => !include.includes(h.reason))
}

export function applyTracking(
  store: FloorStore,
  campaignId: number,
  preview: TrackingPreview,
  include: readonly TrackingHoldReason[] = [],
): TrackingWriteResult {
  return store.addTracking(campaignId, trackingEntries(preview, include))
}

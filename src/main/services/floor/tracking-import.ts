import type { CampaignContribution } from '../../../shared/api/schemas'
import type {
  FloorStore,
  OrderFloorState,
  TrackingEntry,
  TrackingWriteResult,
} from '../../../shared/floor/order-state'
import type { TrackingFile, TrackingFileProblem } from './tracking-file'

export interface MatchedTracking {
  line: number
  orderId: number
  sequenceNumber: number | null
  carrier: string | null
  trackingNumber: string
}

export interface TrackingConflict extends MatchedTracking {
  /** What the order already had: the file's number is added beside them, never instead. */
  stored: string[]
}

/** What an import would do, shown before anything is written (and by --dry-run). */
export interface TrackingPreview {
  /** Rows that match an order and bring a number it does not have yet. */
  matched: MatchedTracking[]
  /** Order numbers no order of the campaign carries. */
  unmatched: { line: number; orderNumber: string; trackingNumber: string }[]
  /** Matched rows for orders that already had a different tracking number. */
  conflicts: TrackingConflict[]
  /** Orders that get a tracking number without having been packed at a station. */
  notPacked: number[]
  /** Rows whose number the order has already: nothing to write. */
  alreadyStored: number
  problems: TrackingFileProblem[]
}

/**
 * Orders by the number shippers know them by: the sequence number, or the order id when the API
 * sent none (as PerkPack's shipper CSV writes order_number).
 */
export function ordersByNumber(
  rows: readonly CampaignContribution[],
): Map<string, { orderId: number; sequenceNumber: number | null }> {
  const byNumber = new Map<string, { orderId: number; sequenceNumber: number | null }>()
  for (const row of rows) {
    const sequenceNumber = row.order.sequence_number ?? null
    const key = String(sequenceNumber ?? row.order.id)
    if (!byNumber.has(key)) byNumber.set(key, { orderId: row.order.id, sequenceNumber })
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
    matched: [],
    unmatched: [],
    conflicts: [],
    notPacked: [],
    alreadyStored: 0,
    problems: [...file.problems],
  }
  const notPacked = new Set<number>()
  // Numbers met earlier in this file count as stored: a file listing a parcel twice adds it once.
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
    const stored = states.get(order.orderId)?.trackingNumbers ?? []
    const inFile = seen.get(order.orderId) ?? new Set<string>()
    seen.set(order.orderId, inFile)
    if (stored.includes(row.trackingNumber) || inFile.has(row.trackingNumber)) {
      preview.alreadyStored += 1
      continue
    }
    inFile.add(row.trackingNumber)
    const match: MatchedTracking = {
      line: row.line,
      orderId: order.orderId,
      sequenceNumber: order.sequenceNumber,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    }
    preview.matched.push(match)
    if (stored.length > 0) preview.conflicts.push({ ...match, stored: [...stored] })
    if (!states.get(order.orderId)?.packedAt) notPacked.add(order.orderId)
  }
  preview.notPacked = [...notPacked]
  return preview
}

/** The preview's new numbers as the store takes them (local or team). */
export function trackingEntries(preview: TrackingPreview): TrackingEntry[] {
  return preview.matched.map((m) => ({
    orderId: m.orderId,
    carrier: m.carrier,
    trackingNumber: m.trackingNumber,
  }))
}

export function applyTracking(
  store: FloorStore,
  campaignId: number,
  preview: TrackingPreview,
): TrackingWriteResult {
  return store.addTracking(campaignId, trackingEntries(preview))
}

/**
 * What happened to an order on the packing floor: kept by PerkPack beside the synced snapshot,
 * keyed by the order's id (the number on a packing slip's barcode), never sent to the API. One
 * source for the main process, the CLI, IPC and the renderer; the store that keeps it is behind
 * `FloorStore`, so a team store can replace the local one.
 */
export interface OrderFloorState {
  orderId: number
  /** ISO 8601 (UTC); null while not packed. */
  packedAt: string | null
  /** The station (desk) that packed it. */
  station: string | null
  labelsPrintedAt: string | null
  slipsPrintedAt: string | null
  shippedAt: string | null
  /** The carrier of the last tracking number added, as the shipper named it. */
  carrier: string | null
  /** Every parcel's tracking number, as the carrier prints it, in the order they were added. */
  trackingNumbers: string[]
  note: string | null
}

export type PrintedDocument = 'labels' | 'slips'

export type PackOutcome =
  | { packed: true; state: OrderFloorState }
  /** Another station (or this one) packed it first: who and when, for the warning. */
  | { packed: false; state: OrderFloorState }

export interface TrackingEntry {
  orderId: number
  carrier: string | null
  trackingNumber: string
}

export interface TrackingWriteResult {
  /** Tracking numbers stored that were not there before. */
  added: number
  /** Already stored for that order: written again changes nothing. */
  unchanged: number
}

/** An order's pack, as `packedAmong` reads it. */
export type PackedMark = Pick<OrderFloorState, 'packedAt'>

/** The floor's state of one campaign; a missing order has had nothing done to it. */
export interface FloorStore {
  states(campaignId: number): Map<number, OrderFloorState>
  state(campaignId: number, orderId: number): OrderFloorState | null
  /**
   * Which of `orderIds` are packed, and when: one read of those orders' records however many
   * the floor holds (the Orders view asks with every query, the whole record would be read).
   */
  packedAmong(campaignId: number, orderIds: readonly number[]): Map<number, PackedMark>
  /**
   * Differs from the last answer whenever the record may have changed since (any write to the
   * file, by this desk or another process): what is read from it can be kept until then.
   */
  changeToken(): string
  /** Packs an order unless it is packed already: the store decides, not the caller. */
  pack(campaignId: number, orderId: number, station: string, at?: Date): PackOutcome
  /** Returns whether it was packed. */
  unpack(campaignId: number, orderId: number): boolean
  markPrinted(
    campaignId: number,
    orderIds: readonly number[],
    document: PrintedDocument,
    at?: Date,
  ): void
  markShipped(campaignId: number, orderIds: readonly number[], at?: Date): void
  addTracking(campaignId: number, entries: readonly TrackingEntry[], at?: Date): TrackingWriteResult
  setNote(campaignId: number, orderId: number, note: string | null): void
}

/** The state of an order nothing has happened to. */
export function blankFloorState(orderId: number): OrderFloorState {
  return {
    orderId,
    packedAt: null,
    station: null,
    labelsPrintedAt: null,
    slipsPrintedAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumbers: [],
    note: null,
  }
}

/** Where an order stands, for the Orders column and filter: the furthest step reached. */
export type FloorStage = 'not-packed' | 'printed' | 'packed' | 'shipped'

export const FLOOR_STAGES: readonly FloorStage[] = ['not-packed', 'printed', 'packed', 'shipped']

export const FLOOR_STAGE_WORDS: Readonly<Record<FloorStage, string>> = {
  'not-packed': 'Not packed',
  printed: 'Printed',
  packed: 'Packed',
  shipped: 'Shipped',
}

export function floorStage(state: OrderFloorState | null | undefined): FloorStage {
  if (!state) return 'not-packed'
  if (state.shippedAt !== null || state.trackingNumbers.length > 0) return 'shipped'
  if (state.packedAt !== null) return 'packed'
  if (state.labelsPrintedAt !== null || state.slipsPrintedAt !== null) return 'printed'
  return 'not-packed'
}

/** The JSON shape `perkpack fulfillment --json` prints, one per order (null where unset). */
export interface FloorStateJson {
  order_id: number
  sequence_number: number | null
  packed_at: string | null
  station: string | null
  printed_at: string | null
  shipped_at: string | null
  carrier: string | null
  tracking_numbers: string[]
  note: string | null
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b
  if (b === null) return a
  return a > b ? a : b
}

export function floorStateJson(
  state: OrderFloorState,
  sequenceNumber: number | null,
): FloorStateJson {
  return {
    order_id: state.orderId,
    sequence_number: sequenceNumber,
    packed_at: state.packedAt,
    station: state.station,
    printed_at: latest(state.labelsPrintedAt, state.slipsPrintedAt),
    shipped_at: state.shippedAt,
    carrier: state.carrier,
    tracking_numbers: [...state.trackingNumbers],
    note: state.note,
  }
}

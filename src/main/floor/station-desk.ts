import { easyPostCarrier } from '../../shared/floor/carriers'
import { packWarnings } from '../../shared/floor/pack-checks'
import { parseScanCode } from '../../shared/floor/station-scan'
import type { StationOrder, StationScan } from '../../shared/floor/station-scan'
import { stationSessionSchema } from '../../shared/ipc'
import type {
  StationPackResult,
  StationSession,
  StationTrackingResult,
  TrackingRequest,
} from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { FloorWrites } from './floor-writes'
import type { OrdersWorkspace, ViewRow } from '../core/orders/workspace'
import {
  asContribution,
  findScanned,
  recipientOf,
  stationIndex,
  stationLines,
} from '../core/floor/station-index'
import { loadFloorOverlay } from '../core/floor/floor-view'
import { openWavesOf } from '../core/floor/wave-planning'
import {
  packParcel,
  parcelFloorState,
  parcelPacking,
  unpackParcel,
} from '../core/floor/parcel-packing'
import { applyOverlay } from '../../shared/corrections/floor-overlay'

/** The documents table's kind for a station's work in progress, keyed by campaign. */
const SESSION_KIND = 'pack-station'

export interface StationDeskOptions {
  cache: () => OfflineCache
  /** The campaign's rows as main holds them for the Orders view (throws when not synced). */
  workspace: (campaignId: number) => OrdersWorkspace
  /** Settings: the station name written on what it packs. */
  stationName: () => string
  /** The local record, or the team store in team mode; default: the local record. */
  writes?: FloorWrites
}

/**
 * The pack station's side in main: a scan is a Map lookup in the rows the Orders view already
 * holds (indexed once per snapshot) plus one read of the floor's record; packs go through the
 * floor's store, which decides who packed first. All of it offline, from the cache.
 */
export class StationDesk {
  private readonly writes: FloorWrites

  constructor(private readonly options: StationDeskOptions) {
    this.writes = options.writes ?? new FloorWrites(options.cache, () => Promise.resolve(null))
  }

  scan(campaignId: number, raw: string): StationScan {
    const workspace = this.options.workspace(campaignId)
    const code = parseScanCode(raw)
    const synced = findScanned(stationIndex(workspace), code)
    if (!synced) {
      const warning =
        code.kind === 'order-id'
          ? ({ kind: 'unknown-order', orderId: code.orderId } as const)
          : ({
              kind: 'unknown-code',
              code: code.kind === 'other' ? code.code : raw.trim(),
            } as const)
      return { found: false, code: raw.trim(), warnings: [warning] }
    }
    // As it ships: a held order is a stop order (red band), a corrected address is the card's.
    const overlay = loadFloorOverlay(this.options.cache(), campaignId)
    const row = applyOverlay(synced, overlay)
    const cache = this.options.cache()
    // A later parcel of an order packed in part is a box still to pack, not "already packed".
    const floor = parcelFloorState(
      cache.floor().state(campaignId, row.order.id),
      parcelPacking(cache.floorPlan(), cache.floor(), campaignId, asContribution(synced)),
    )
    const hold = overlay.holds.get(row.order.id)
    return {
      found: true,
      order: {
        ...stationOrder(campaignId, row, floor),
        ...(overlay.corrections.has(row.order.id) ? { addressCorrected: true } : {}),
      },
      warnings: packWarnings(row.order.id, asContribution(row), floor, {
        ...(hold ? { holdReason: hold.reason } : {}),
        waves: openWavesOf(this.options.cache().floorPlan(), campaignId, row.order.id),
      }),
      syncedAt: workspace.syncedAt,
    }
  }

  /**
   * Packs the order's parcel (the whole order, or its wave's part of it, or the rest of an order
   * sent in part) through parcel-packing.ts, as `perkpack pack` does: what went into the box
   * leaves the shelf (the variants whose stock is recorded), nothing else.
   */
  async pack(campaignId: number, orderId: number): Promise<StationPackResult> {
    const station = this.options.stationName()
    const row = stationIndex(this.options.workspace(campaignId)).byOrderId.get(orderId)
    if (!row) return this.writes.pack(campaignId, orderId, station)
    const cache = this.options.cache()
    const { result, packed } = await packParcel(
      cache.floorPlan(),
      cache.floor(),
      campaignId,
      asContribution(row),
      station,
      () => this.writes.pack(campaignId, orderId, station),
      (answer) => answer.packed,
    )
    if (result) return result
    const state = cache.floor().state(campaignId, orderId)
    if (!state) throw new Error('a parcel was packed for an order without a record')
    return { packed, state, station }
  }

  /** Takes back the last parcel packed (its units back on the shelf), as `perkpack unpack`. */
  async unpack(campaignId: number, orderId: number): Promise<boolean> {
    const row = stationIndex(this.options.workspace(campaignId)).byOrderId.get(orderId)
    if (!row) return this.writes.unpack(campaignId, orderId)
    const cache = this.options.cache()
    const { unpacked } = await unpackParcel(
      cache.floorPlan(),
      cache.floor(),
      campaignId,
      asContribution(row),
      this.options.stationName(),
      () => this.writes.unpack(campaignId, orderId),
      (answer) => answer,
    )
    return unpacked
  }

  async addTracking(request: TrackingRequest): Promise<StationTrackingResult> {
    const { added } = await this.writes.addTracking(request.campaignId, [
      {
        orderId: request.orderId,
        carrier: easyPostCarrier(request.carrier),
        trackingNumber: request.trackingNumber,
      },
    ])
    const state = this.options.cache().floor().state(request.campaignId, request.orderId)
    if (!state) throw new Error('the tracking number was written but its order has no record')
    return { added: added === 1, state }
  }

  /** The station's work in progress; a stored one that no longer fits the schema is dropped. */
  session(campaignId: number): StationSession | null {
    // The station asks this when it opens: the index is built now, not on the first scan.
    // A campaign not synced yet has nothing to index; its first scan says how to get orders.
    if (this.options.cache().campaign(campaignId)) stationIndex(this.options.workspace(campaignId))
    const stored = this.options.cache().getDocument<unknown>(SESSION_KIND, String(campaignId))
    if (!stored) return null
    const parsed = stationSessionSchema.safeParse(stored.value)
    return parsed.success ? parsed.data : null
  }

  saveSession(campaignId: number, session: StationSession): boolean {
    this.options.cache().putDocument(SESSION_KIND, String(campaignId), session)
    return true
  }
}

function stationOrder(
  campaignId: number,
  row: ViewRow,
  floor: StationOrder['floor'],
): StationOrder {
  const country = row.order.shipping?.country?.trim()
  return {
    campaignId,
    orderId: row.order.id,
    contributionId: row.id,
    sequenceNumber: row.order.sequence_number ?? null,
    status: row.order.status,
    recipient: recipientOf(row),
    country: country || null,
    lines: stationLines(row),
    floor,
  }
}

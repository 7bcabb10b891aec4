import { easyPostCarrier } from '../../shared/floor/carriers'
import { packWarnings, packWarningText } from '../../shared/floor/pack-checks'
import { trackingHold, trackingHoldText } from '../../shared/floor/tracking-holds'
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
import { parcelNoteOf } from '../../shared/waves/parcel-rows'
import type { ParcelNote } from '../../shared/waves/parcel-rows'
import { PerkPackError } from '../core/system/perkpack-errors'

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
        // The row's note is a symbol, which IPC drops: the card gets it as a field.
        ...parcelField(parcelNoteOf(row)),
      },
      warnings: packWarnings(row.order.id, asContribution(row), floor, {
        ...(hold ? { holdReason: hold.reason } : {}),
        waves: openWavesOf(this.options.cache().floorPlan(), campaignId, row.order.id),
      }),
      syncedAt: workspace.syncedAt,
    }
  }

  /**
   * The order as it ships now (holds, corrected address), its synced row (what the parcel rule
   * cuts) and its floor state.
   */
  private shipping(campaignId: number, orderId: number) {
    const synced = stationIndex(this.options.workspace(campaignId)).byOrderId.get(orderId)
    const overlay = loadFloorOverlay(this.options.cache(), campaignId)
    return {
      synced,
      row: synced ? asContribution(applyOverlay(synced, overlay)) : undefined,
      holdReason: overlay.holds.get(orderId)?.reason,
      state: this.options.cache().floor().state(campaignId, orderId),
    }
  }

  /**
   * Packs the order's parcel (the whole order, or its wave's part of it, or the rest of an order
   * sent in part) through parcel-packing.ts, as `perkpack pack` does: what went into the box
   * leaves the shelf (the variants whose stock is recorded), nothing else. A stop order (a
   * status that does not ship, a hold) only with `anyway`, the station's "Pack anyway" after its
   * question (the CLI's --force): main checks it too, so no other way in (a stale window, a
   * script on the bridge) packs it.
   */
  async pack(campaignId: number, orderId: number, anyway = false): Promise<StationPackResult> {
    const { synced, row: shipped, holdReason } = this.shipping(campaignId, orderId)
    const refused = packWarnings(orderId, shipped, null, holdReason ? { holdReason } : {}).find(
      (warning) => warning.kind === 'unknown-order' || (warning.kind === 'stop-status' && !anyway),
    )
    if (refused)
      throw new PerkPackError(
        'order_stopped',
        `${packWarningText(refused)} Nothing was packed${refused.kind === 'stop-status' ? ': the station asks before it packs such an order' : ''}.`,
      )
    // An order missing from the copy was refused above (`unknown-order`), so `synced` is here.
    if (!synced) throw new Error('a pack passed the check without a synced order')
    const station = this.options.stationName()
    const cache = this.options.cache()
    const { result, packed } = await packParcel(
      cache.floorPlan(),
      cache.floor(),
      campaignId,
      // The synced row: the parcel rule cuts it to this wave's part (or what is still owed).
      asContribution(synced),
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
    // A tracking number marks the order shipped (Progress, the floor columns, the dashboard
    // file the platform imports): typed in the drawer, it takes the shipper file's rule, and
    // an order no parcel went out for gets none.
    const { row, state: before } = this.shipping(request.campaignId, request.orderId)
    const held = row ? trackingHold(row, before) : null
    if (row && held !== null)
      throw new PerkPackError(
        'tracking_not_shipped',
        `Order ${row.order.sequence_number ?? row.order.id} is ${trackingHoldText(held, row.order.status)}: a tracking number marks it shipped in the dashboard file, so none was added. ` +
          (held === 'not-packed'
            ? 'Pack it at the station first, then add the number.'
            : 'Add a number only to an order that ships.'),
      )
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

function parcelField(note: ParcelNote | null): { parcel?: ParcelNote } {
  return note && (note.follows.length > 0 || note.sent.length > 0) ? { parcel: note } : {}
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

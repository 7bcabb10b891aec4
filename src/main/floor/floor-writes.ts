import { blankFloorState } from '../../shared/floor/order-state'
import type {
  OrderFloorState,
  PrintedDocument,
  TrackingEntry,
  TrackingWriteResult,
} from '../../shared/floor/order-state'
import type { StationPackResult } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import type { TeamDesk } from '../core/team/team-desk'

/** What the station and the Progress view say of an action done here and queued. */
export const QUEUED_TEXT = 'queued: the team store is unreachable'

/** A write's answer, with `queued` set when it waits in the outbox for the team store. */
export type Queued<T> = T & { queued?: string }

/**
 * Every write the app makes to the floor's record, in one place: to the team store through the
 * team desk when Settings has a team URL (it decides; the offline cache mirrors it), else to the
 * offline cache's local store exactly as before team mode.
 */
export class FloorWrites {
  constructor(
    private readonly cache: () => OfflineCache,
    private readonly team: () => Promise<TeamDesk | null>,
  ) {}

  private state(campaignId: number, orderId: number): OrderFloorState {
    return this.cache().floor().state(campaignId, orderId) ?? blankFloorState(orderId)
  }

  async pack(campaignId: number, orderId: number, station: string): Promise<StationPackResult> {
    const team = await this.team()
    if (!team) {
      const outcome = this.cache().floor().pack(campaignId, orderId, station)
      return { packed: outcome.packed, state: outcome.state, station }
    }
    const result = await team.write(campaignId, { kind: 'pack', orderId })
    if (result.status === 'applied')
      return {
        packed: true,
        state: result.states[0] ?? this.state(campaignId, orderId),
        station: team.desk,
      }
    if (result.status === 'lost') {
      // The winner as the team store named it: the station's "already packed" banner says so.
      const state = { ...this.state(campaignId, orderId), station: result.station }
      return { packed: false, state: { ...state, packedAt: result.at }, station: team.desk }
    }
    return {
      packed: true,
      state: this.state(campaignId, orderId),
      station: team.desk,
      queued: QUEUED_TEXT,
    }
  }

  /** True when the order was packed and is not now; another desk's pack is left alone. */
  async unpack(campaignId: number, orderId: number): Promise<boolean> {
    const team = await this.team()
    if (!team) return this.cache().floor().unpack(campaignId, orderId)
    const seen = this.state(campaignId, orderId)
    if (seen.packedAt === null) return false
    const result = await team.write(campaignId, {
      kind: 'unpack',
      orderId,
      packedAt: seen.packedAt,
      packedBy: seen.station,
    })
    return result.status !== 'lost'
  }

  async addTracking(
    campaignId: number,
    entries: readonly TrackingEntry[],
  ): Promise<Queued<TrackingWriteResult>> {
    const team = await this.team()
    if (!team) return this.cache().floor().addTracking(campaignId, entries)
    const result = await team.write(campaignId, { kind: 'tracking', entries: [...entries] })
    const added =
      result.status === 'applied'
        ? (result.outcome.added ?? 0)
        : result.status === 'queued'
          ? result.added
          : 0
    return {
      added,
      unchanged: Math.max(0, entries.length - added),
      ...(result.status === 'queued' ? { queued: QUEUED_TEXT } : {}),
    }
  }

  async setNote(campaignId: number, orderId: number, note: string | null): Promise<void> {
    const team = await this.team()
    if (!team) return this.cache().floor().setNote(campaignId, orderId, note)
    await team.write(campaignId, { kind: 'note', orderId, note })
  }

  async markPrinted(
    campaignId: number,
    orderIds: readonly number[],
    document: PrintedDocument,
  ): Promise<void> {
    const team = await this.team()
    if (!team) return this.cache().floor().markPrinted(campaignId, orderIds, document)
    await team.write(campaignId, { kind: 'printed', orderIds: [...orderIds], document })
  }
}

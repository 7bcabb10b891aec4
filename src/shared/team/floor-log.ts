import type { Choice } from '../fulfillment/variant'
import type { AddressParts, ReshipItem } from '../corrections/correction-types'
import type { PlanLine } from '../waves/wave-planner'
import type { WaveParcel } from '../waves/wave-types'

// The floor's plan as a log of changes every desk shares through the team store (issue 28;
// docs/team-mode.md "The floor's plan"). One source for the desk's cache, the team store's sync
// and the CLI: each change is written locally first, kept in the desk's pending list, sent when
// the team store is reachable and applied by the other desks in the order the store numbered it.

/** A variant as the stock table names it. */
export interface FloorVariant {
  variantKey: string
  skuCode: string
  choices: Choice[]
}

/** One change of the floor's plan. `by` is the station that made it. */
export type FloorChange =
  /** Absolute levels (typed or imported): ordered against the deltas by the store's number. */
  | {
      kind: 'stock-set'
      reason: 'set' | 'import'
      levels: (FloorVariant & { quantity: number })[]
      by: string
    }
  /** Units taken or given back: deltas commute, so concurrent packs are never lost. */
  | {
      kind: 'stock-delta'
      reason: 'pack' | 'unpack' | 'reship'
      orderId: number
      deltas: (FloorVariant & { delta: number })[]
      by: string
    }
  /** `parcels`: the orders that ship in part (absent in entries before them: whole orders). */
  | { kind: 'wave-save'; name: string; orderIds: number[]; parcels?: WaveParcel[]; by: string }
  /** `wave`: the id of the wave-save that made it, so a close never closes a namesake. */
  | { kind: 'wave-close'; name: string; wave: string; by: string }
  /** reason null: sent without a team key, the reason stayed on the desk that held it. */
  | { kind: 'hold'; orderId: number; reason: string | null; by: string }
  | { kind: 'release'; orderId: number; by: string }
  | {
      kind: 'correction-set'
      orderId: number
      address: AddressParts
      platformAddress: AddressParts | null
      reason: string
      by: string
    }
  | { kind: 'correction-drop'; orderId: number; by: string }
  /** `reship`: the reship's id across desks (the id of this entry). */
  | {
      kind: 'reship-add'
      reship: string
      orderId: number
      items: ReshipItem[]
      reason: string | null
      by: string
    }
  | { kind: 'reship-tracking'; reship: string; trackingNumber: string; by: string }
  /** A parcel packed in part (`wave` '' outside a wave): what the order no longer owes. */
  | { kind: 'parcel-pack'; orderId: number; wave: string; lines: PlanLine[]; by: string }
  | { kind: 'parcel-unpack'; orderId: number; wave: string; by: string }

export type FloorChangeKind = FloorChange['kind']

/** A change as the log holds it: its id on the desk that made it, and when. */
export interface FloorEntry {
  /** A UUID made by the desk that took the change: sending it twice stores it once. */
  uuid: string
  campaignId: number
  at: string
  change: FloorChange
}

/** An entry of the team store's log as pulled: null change when this desk cannot open it. */
export interface PulledEntry {
  id: number
  uuid: string
  campaignId: number
  desk: string
  at: string
  change: FloorChange | null
}

/** A pending change as the desk's list holds it. */
export interface PendingEntry {
  seq: number
  uuid: string
  campaignId: number
  at: string
  change: FloorChange
}

/**
 * The parts of a change that may name a backer: sent to the team store sealed (AES-256-GCM,
 * a key the database host does not have), or not at all (docs/security.md).
 */
export const PRIVATE_FIELDS: Partial<Record<FloorChangeKind, readonly string[]>> = {
  'correction-set': ['address', 'platformAddress', 'reason'],
  hold: ['reason'],
  'reship-add': ['reason'],
}

/** Kinds that cannot go to the team store without their private part (a correction is one). */
export const NEEDS_KEY: ReadonlySet<FloorChangeKind> = new Set(['correction-set'])

/** The floor plan's share of `perkpack team status --json` (`floor_plan`). */
export interface FloorSyncStatus {
  /** Changes of this desk not yet in the team store. */
  pending: number
  /** Whether this desk can seal and read corrections (it has the team password). */
  sealed: boolean
  /** Changes other desks sealed with a key this desk's password does not open. */
  unreadable: number
  /** Waves another desk saved first took: refused here and everywhere, never doubled. */
  refused: { name: string; desk: string; other: string | null; orders: number[] }[]
  /** What a person should know, in a sentence (no key, another password); null: all is well. */
  message: string | null
}

import type { FloorSyncStatus } from './floor-log'
import type { PrintedDocument, TrackingEntry } from '../floor/order-state'

/**
 * One fulfillment action as a desk sends it to the team store. `actionId` (a UUID made when the
 * action is taken) makes a replay idempotent: the server applies an id once and answers a
 * repeat with the first outcome. `at` is when the packer did it, also for an action queued
 * offline and sent later.
 */
export type TeamActionBody =
  | { kind: 'pack'; orderId: number }
  /** `packedAt`/`packedBy`: the pack this desk saw and takes back; another desk's is left alone. */
  | { kind: 'unpack'; orderId: number; packedAt: string | null; packedBy: string | null }
  | { kind: 'printed'; orderIds: number[]; document: PrintedDocument }
  | { kind: 'shipped'; orderIds: number[] }
  | { kind: 'tracking'; entries: TrackingEntry[] }
  | { kind: 'note'; orderId: number; note: string | null }

export type TeamAction = TeamActionBody & {
  actionId: string
  campaignId: number
  desk: string
  at: string
}

export type TeamActionKind = TeamAction['kind']

/** What the team store answered; `replayed` when the id had been applied before. */
export type TeamOutcome =
  | { kind: 'done'; replayed: boolean; added?: number }
  /** A pack another desk won, or an unpack of a pack that is not the one this desk saw. */
  | { kind: 'lost'; replayed: boolean; station: string | null; at: string | null }

export function actionOrderIds(action: TeamActionBody): number[] {
  switch (action.kind) {
    case 'pack':
    case 'unpack':
    case 'note':
      return [action.orderId]
    case 'printed':
    case 'shipped':
      return action.orderIds
    case 'tracking':
      return [...new Set(action.entries.map((entry) => entry.orderId))]
  }
}

/** A queued action the team store refused on replay, kept until a person settles it. */
export interface TeamConflict {
  order_id: number
  action: TeamActionKind
  /** This desk. */
  station: string
  /** The desk whose action stands. */
  other_station: string | null
  /** When this desk took the action (ISO 8601, UTC). */
  at: string
}

/** `perkpack team status --json`, exactly. */
export interface TeamStatusJson {
  connected: boolean
  schema_version: number | null
  outbox: number
  desks: string[]
  conflicts: TeamConflict[]
  /** The floor plan (stock, waves, holds, corrections, reships): shared through the log. */
  floor_plan: FloorSyncStatus
}

import type { TeamConflict } from '../team/team-actions'

/** Settings → Team as main reports it: never the password, only whether one is kept. */
export interface TeamSetup {
  /** The URL as kept (no password); null: no team store, this desk's own record. */
  url: string | null
  /** The keychain holds a password for this URL. */
  passwordStored: boolean
  /** This desk's name on the team store: the station name. */
  desk: string
}

/** "Test connection": what the team store answered, or why it could not be used. */
export interface TeamCheck {
  ok: boolean
  /** The URL tested, without password. */
  url: string
  schemaVersion: number | null
  /** The schema version this desk writes. */
  knownVersion: number
  desks: string[]
  /** Actions this desk holds queued for the store. */
  outbox: number
  /** Unreachable, password refused, TLS, older or newer schema: the sentence to show. */
  message: string | null
}

/** A queued action the store refused on replay, with its campaign and the winner's time. */
export interface TeamConflictView extends TeamConflict {
  campaign_id: number
  /** The number on the slip ("#299"), from the desk's offline copy; null without one. */
  sequence_number: number | null
  other_at: string | null
}

/** The Progress view's team line: null from `team:status` when no team store is set. */
export interface TeamFloorStatus {
  url: string
  connected: boolean
  schemaVersion: number | null
  desks: string[]
  outbox: number
  conflicts: TeamConflictView[]
  /** Why the desk cannot use the store (password refused, schema), beyond "unreachable". */
  message: string | null
}

/**
 * `team:sendQueued`, asked before sign-out: the actions still queued after a last try to send
 * them. Sign-out deletes the offline copy, and these with it.
 */
export interface TeamQueuedLeft {
  actions: number
  /** Of those, packs: lost, another desk could pack the same parcels again. */
  packs: number
}

/** `team:changed`: orders whose record changed on the team store (another desk, or a replay). */
export interface TeamChangedEvent {
  campaignId: number
  orderIds: number[]
}

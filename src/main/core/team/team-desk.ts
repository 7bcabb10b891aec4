import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { actionOrderIds } from '../../../shared/team/team-actions'
import type {
  TeamAction,
  TeamActionBody,
  TeamOutcome,
  TeamStatusJson,
} from '../../../shared/team/team-actions'
import type { OrderFloorState } from '../../../shared/floor/order-state'
import type { TeamUrl } from '../../../shared/team/team-url'
import { connectTeam } from './team-connection'
import type { TeamClient } from './team-connection'
import { isUnreachable, TeamUnreachable } from './team-errors'
import type { StoredConflict, TeamOutbox } from './team-outbox'
import { checkTeamSchema, teamSchemaVersion } from './team-schema'
import { TeamLive } from './team-live'
import { TeamServerStore } from './team-server-store'
import { TeamFloorSync } from './team-floor-sync'
import type { FloorPlanMirror } from '../floor/floor-plan-mirror'
import type { FloorSyncStatus } from '../../../shared/team/floor-log'

export type TeamWriteResult =
  /** The team store took it; `state` is the team's record of the order now (also mirrored). */
  | { status: 'applied'; outcome: TeamOutcome & { kind: 'done' }; states: OrderFloorState[] }
  /** Another desk's action stands (a pack won first): who and when. */
  | { status: 'lost'; station: string | null; at: string | null }
  /** The team store is unreachable: done locally, queued for replay. */
  | { status: 'queued'; reason: string; added: number }

export interface ReplayReport {
  applied: number
  conflicts: number
  /** Still queued: the team store went away during the replay. */
  remaining: number
}

/** What `changed` events carry: orders whose record another desk (or this one) changed. */
export interface TeamChange {
  campaignId: number
  orderIds: number[]
}

export interface TeamDeskOptions {
  url: TeamUrl
  /** Owned by the desk: closed with it. */
  outbox: TeamOutbox
  /** This desk's name: the station written on its packs. */
  desk: string
  /** The desk's floor plan as the team store's log is applied to it; owned, closed with it. */
  floor: { mirror: FloorPlanMirror; close: () => void }
  now?: () => Date
  connectTimeoutMs?: number
}

/** Who holds a pack once the team store answered it: this desk, or the winner. */
function packedBy(action: TeamAction, outcome: TeamOutcome): [string | null, string | null] {
  return outcome.kind === 'done' ? [action.desk, action.at] : [outcome.station, outcome.at]
}

/**
 * A desk in team mode: writes go to the team store first (which decides, e.g. who packed an
 * order), then into the local cache, so every local reader sees them; while the store is
 * unreachable they are done locally and queued, and replayed in order before the next write.
 * Emits `changed` (TeamChange) when the local record took other desks' actions.
 */
export class TeamDesk extends EventEmitter<{ changed: [TeamChange]; error: [Error] }> {
  private client: TeamClient | null = null
  private server: TeamServerStore | null = null
  private live: TeamLive | null = null
  private catchingUp: Promise<number | null> | null = null
  private again = false
  private turn: Promise<unknown> = Promise.resolve()
  private readonly now: () => Date
  private readonly floor: TeamFloorSync

  constructor(private readonly options: TeamDeskOptions) {
    super()
    this.now = options.now ?? (() => new Date())
    this.floor = new TeamFloorSync({
      mirror: options.floor.mirror,
      desk: options.desk,
      password: options.url.password,
      server: options.url.serverKey,
    })
  }

  get desk(): string {
    return this.options.desk
  }

  /**
   * The team store, or null when it cannot be reached now. A schema this desk does not know,
   * a refused password or a missing database are errors, not "offline": they throw.
   */
  async connect(): Promise<TeamServerStore | null> {
    if (this.server) return this.server
    try {
      const client = await connectTeam(this.options.url, {
        connectTimeoutMs: this.options.connectTimeoutMs,
        applicationName: `perkpack ${this.options.desk}`.slice(0, 63),
      })
      try {
        await checkTeamSchema(client)
      } catch (error) {
        await client.close()
        throw error
      }
      this.client = client
      this.server = new TeamServerStore(client)
      return this.server
    } catch (error) {
      if (isUnreachable(error)) return null
      throw error
    }
  }

  private async drop(): Promise<void> {
    const client = this.client
    this.client = null
    this.server = null
    await client?.close()
  }

  /**
   * Runs `fn` against the team store; null when it is (or goes) unreachable. A connection kept
   * from before may have died with a server restart: then `fn` runs once more on a new one,
   * which is safe because every action is applied once by its id.
   */
  private async online<T>(fn: (server: TeamServerStore) => Promise<T>): Promise<T | null> {
    const reused = this.server !== null
    const server = await this.connect()
    if (!server) return null
    try {
      return await fn(server)
    } catch (error) {
      if (!isUnreachable(error)) throw error
      await this.drop()
      return reused ? this.online(fn) : null
    }
  }

  /**
   * One operation at a time on the desk's connection: a write's transaction must not take in
   * another write's statements (the app's pack station and tracking import share one desk).
   */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn)
    this.turn = run.catch(() => undefined)
    return run
  }

  /**
   * Runs `fn` on the team store's connection, in turn with the desk's writes; null when the
   * store cannot be reached. For what the store keeps beside the floor's record (the catalogue).
   */
  withClient<T>(fn: (client: TeamClient) => Promise<T>): Promise<T | null> {
    return this.exclusive(() => this.online((server) => fn(server.client)))
  }

  /** Replays the outbox in order; stops (keeping the rest) when the store goes away. */
  replay(): Promise<ReplayReport> {
    return this.exclusive(() => this.replayNow())
  }

  private async replayNow(): Promise<ReplayReport> {
    const report: ReplayReport = { applied: 0, conflicts: 0, remaining: 0 }
    const queued = this.options.outbox.pending()
    for (const [index, action] of queued.entries()) {
      const done = await this.online(async (server) => {
        const outcome = await server.apply(action)
        if (action.kind === 'pack') {
          const [station, at] = packedBy(action, outcome)
          this.options.outbox.settle(action, outcome, [], { orderId: action.orderId, station, at })
          return outcome
        }
        const states = await server.statesInChunks(action.campaignId, actionOrderIds(action))
        this.options.outbox.settle(action, outcome, states)
        return outcome
      })
      if (done === null) {
        report.remaining = queued.length - index
        return report
      }
      report.applied += 1
      if (done.kind === 'lost') report.conflicts += 1
    }
    return report
  }

  /**
   * Takes an action at this desk: the outbox is replayed first (order matters: an unpack
   * queued before must not land after this), then the team store decides.
   */
  write(campaignId: number, body: TeamActionBody): Promise<TeamWriteResult> {
    return this.exclusive(() => this.writeNow(campaignId, body))
  }

  private async writeNow(campaignId: number, body: TeamActionBody): Promise<TeamWriteResult> {
    const action = {
      ...body,
      actionId: randomUUID(),
      campaignId,
      desk: this.options.desk,
      at: this.now().toISOString(),
    } as TeamAction
    const result = await this.online(async (server) => {
      const replayed = await this.replayNow()
      if (replayed.remaining > 0) throw new TeamUnreachable('the team store went away')
      const outcome = await server.apply(action)
      if (action.kind === 'pack') {
        // The hot path: the outcome says all a pack changed, no second round trip.
        const [station, at] = packedBy(action, outcome)
        return {
          outcome,
          states: [this.options.outbox.mirrorPack(campaignId, action.orderId, station, at)],
        }
      }
      const states = await server.statesInChunks(campaignId, actionOrderIds(action))
      this.options.outbox.mirror(campaignId, states)
      return { outcome, states }
    })
    if (result === null) {
      // Unreachable, maybe after the server applied it: the same id replays as a no-op.
      const local = this.options.outbox.queue(action)
      if (local.pack && !local.pack.packed)
        return { status: 'lost', station: local.pack.state.station, at: local.pack.state.packedAt }
      return {
        status: 'queued',
        reason: `the team store at ${this.options.url.host}:${this.options.url.port} cannot be reached`,
        added: local.added,
      }
    }
    const { outcome, states } = result
    if (outcome.kind === 'lost') return { status: 'lost', station: outcome.station, at: outcome.at }
    return { status: 'applied', outcome, states }
  }

  /**
   * Pulls the orders other desks changed since this desk's cursor into the local record; the
   * first time, every order the team has. Returns how many orders were refreshed, or null when
   * the team store cannot be reached.
   */
  async catchUp(): Promise<number | null> {
    if (this.catchingUp) {
      this.again = true
      return this.catchingUp
    }
    this.catchingUp = (async () => {
      let total: number | null = 0
      do {
        this.again = false
        const pulled = await this.exclusive(() =>
          this.online(async (server) => (await this.pull(server)) + (await this.syncFloorNow())),
        )
        total = pulled === null ? null : (total ?? 0) + pulled
      } while (this.again && total !== null)
      return total
    })().finally(() => {
      this.catchingUp = null
    })
    return this.catchingUp
  }

  private async pull(server: TeamServerStore): Promise<number> {
    const key = this.options.url.serverKey
    const cursor = this.options.outbox.cursor(key)
    const changes = await server.changesSince(cursor)
    const changed = cursor === null ? await server.everything() : changes.changed
    let total = 0
    for (const [campaignId, orderIds] of changed) {
      const states = await server.statesInChunks(campaignId, orderIds)
      total += this.options.outbox.mirror(campaignId, states)
      this.emit('changed', { campaignId, orderIds })
    }
    this.options.outbox.setCursor(key, changes.cursor)
    return total
  }

  /**
   * Sends this desk's floor-plan changes and applies the other desks' (team-floor-sync.ts);
   * emits `changed` for what they changed. Null when the team store cannot be reached.
   */
  syncFloor(): Promise<number | null> {
    return this.exclusive(() => this.online(() => this.syncFloorNow()))
  }

  private async syncFloorNow(): Promise<number> {
    const changes = await this.floor.sync(this.client!)
    let total = 0
    for (const [campaignId, orderIds] of changes) {
      total += Math.max(orderIds.size, 1)
      this.emit('changed', { campaignId, orderIds: [...orderIds] })
    }
    return total
  }

  /** The floor plan's share of the status (what is pending, sealed, unreadable, refused). */
  floorStatus(): FloorSyncStatus {
    return this.floor.status()
  }

  /**
   * Follows the other desks (team-live.ts): LISTEN and a poll every `pollMs`, each catching up
   * into the offline cache and emitting `changed`. Stopped by close().
   */
  async startLive(pollMs = 1_000): Promise<void> {
    this.live ??= new TeamLive({
      url: this.options.url,
      pollMs,
      connectTimeoutMs: this.options.connectTimeoutMs,
      catchUp: () => this.catchUp(),
      onError: (error) => this.emit('error', error),
    })
    await this.live.start()
  }

  /** Connection, schema, outbox and conflicts; a schema this desk does not know is shown, not thrown. */
  async status(): Promise<TeamStatusJson> {
    const outbox = this.options.outbox
    let schemaVersion: number | null = null
    let desks: string[] = []
    let connected = false
    let client: TeamClient | null = null
    try {
      client = await connectTeam(this.options.url, {
        connectTimeoutMs: this.options.connectTimeoutMs,
      })
    } catch (error) {
      if (!isUnreachable(error)) throw error
    }
    if (client) {
      try {
        schemaVersion = await teamSchemaVersion(client.pg)
        if (schemaVersion >= 1) desks = await new TeamServerStore(client).desks()
        connected = true
      } catch (error) {
        if (!isUnreachable(error)) throw error
      } finally {
        await client.close()
      }
    }
    return {
      connected,
      schema_version: schemaVersion,
      outbox: outbox.size(),
      desks,
      conflicts: outbox.conflicts().map(({ order_id, action, station, other_station, at }) => ({
        order_id,
        action,
        station,
        other_station,
        at,
      })),
      floor_plan: this.floor.status(),
    }
  }

  outboxSize(): number {
    return this.options.outbox.size()
  }

  /**
   * The queued actions (floor-plan changes not sent yet among them), and how many are packs:
   * sign-out says what it would lose.
   */
  queued(): { actions: number; packs: number } {
    const pending = this.options.outbox.pending()
    return {
      actions: pending.length + this.floor.status().pending,
      packs: pending.filter((a) => a.kind === 'pack').length,
    }
  }

  /** Conflicts with the campaign and the winner's time, for the text of `team status`. */
  storedConflicts(): StoredConflict[] {
    return this.options.outbox.conflicts()
  }

  settleConflicts(campaignId: number, orderId: number): number {
    return this.options.outbox.settleConflicts(campaignId, orderId)
  }

  async close(): Promise<void> {
    await this.live?.stop()
    this.live = null
    await this.drop()
    this.options.outbox.close()
    this.options.floor.close()
  }
}

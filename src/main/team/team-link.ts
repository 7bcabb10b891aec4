import type { TeamChangedEvent } from '../../shared/ipc'
import { parseTeamUrl, teamPasswordAccount } from '../../shared/team/team-url'
import type { TeamUrl } from '../../shared/team/team-url'
import type { OfflineCache } from '../core/cache'
import { redact, registerSecret } from '../core/system/redact'
import type { SecretStore } from '../core/session/secrets'
import { openTeamDesk } from '../core/team/open-team-desk'
import { fromSettings } from '../core/team/team-errors'
import type { TeamDesk } from '../core/team/team-desk'

export interface TeamLinkOptions {
  /** The offline cache of the current host: the desk's outbox and mirror live in it. */
  cache: () => OfflineCache
  /** Settings: the team URL (no password), null without a team store. */
  teamUrl: () => string | null
  /** Settings: this desk's name. */
  stationName: () => string
  secrets: () => SecretStore
  changed: (change: TeamChangedEvent) => void
  log: (line: string) => void
  connectTimeoutMs?: number
  /** How often the live desk polls besides LISTEN (team-live.ts). */
  pollMs?: number
  /** How often queued actions are offered to the store again while some wait. */
  replayMs?: number
}

const REPLAY_EVERY_MS = 5_000

interface OpenDesk {
  desk: TeamDesk
  cache: OfflineCache
  /** The URL and station name it was opened with: either changing opens a new desk. */
  key: string
}

/**
 * The app's one TeamDesk, over the current host's cache, while Settings has a team URL; none
 * without one (everything then stays on the local record, as before team mode). It follows the
 * other desks live and passes their changes on as `team:changed`.
 */
export class TeamLink {
  private current: OpenDesk | null = null
  private turn: Promise<unknown> = Promise.resolve()
  private replayTimer: NodeJS.Timeout | null = null

  private readonly options: TeamLinkOptions

  constructor(options: TeamLinkOptions) {
    // The store's errors reach the log: the team password is masked in them like a token.
    this.options = { ...options, log: (line) => options.log(redact(line)) }
  }

  /** The desk for the settings as they are now (opened, or reopened, as needed); null: none. */
  desk(): Promise<TeamDesk | null> {
    const run = this.turn.then(() => this.deskNow())
    this.turn = run.catch(() => undefined)
    return run
  }

  /** The URL parsed with the keychain's password for it. */
  async url(raw: string): Promise<TeamUrl> {
    const bare = parseTeamUrl(raw)
    const password = await this.options.secrets().get(teamPasswordAccount(bare))
    registerSecret(password)
    return fromSettings(parseTeamUrl(raw, password))
  }

  private async deskNow(): Promise<TeamDesk | null> {
    const raw = this.options.teamUrl()
    if (raw === null) {
      await this.closeNow()
      return null
    }
    const cache = this.options.cache()
    const station = this.options.stationName()
    const key = `${raw}\n${station}`
    if (this.current && this.current.cache === cache && this.current.key === key)
      return this.current.desk
    await this.closeNow()
    const desk = openTeamDesk({
      url: await this.url(raw),
      cache,
      desk: station,
      ...(this.options.connectTimeoutMs === undefined
        ? {}
        : { connectTimeoutMs: this.options.connectTimeoutMs }),
    })
    desk.on('changed', (change) => this.options.changed(change))
    desk.on('error', (error) => this.options.log(`team store: ${error.message}`))
    this.current = { desk, cache, key }
    desk
      .startLive(this.options.pollMs)
      .catch((error: unknown) => this.options.log(`team store: ${String(error)}`))
    // Actions queued while the store was away go out when it is back, not only before the
    // next write: the floor may have stopped packing by then.
    this.replayTimer = setInterval(
      () => void this.replayQueued(desk),
      this.options.replayMs ?? REPLAY_EVERY_MS,
    )
    this.replayTimer.unref()
    return desk
  }

  private async replayQueued(desk: TeamDesk): Promise<void> {
    if (desk.outboxSize() === 0) return
    try {
      await desk.replay()
    } catch (error) {
      this.options.log(`team store: replaying queued actions: ${String(error)}`)
    }
  }

  /** The open desk if any, without opening one (status lines, settling conflicts). */
  get open(): TeamDesk | null {
    return this.current?.desk ?? null
  }

  /** Lets go of the desk (another host, a new URL, quitting); the next write opens a new one. */
  close(): Promise<void> {
    const run = this.turn.then(() => this.closeNow())
    this.turn = run.catch(() => undefined)
    return run
  }

  private async closeNow(): Promise<void> {
    const current = this.current
    this.current = null
    if (this.replayTimer) clearInterval(this.replayTimer)
    this.replayTimer = null
    if (!current) return
    try {
      await current.desk.close()
    } catch (error) {
      this.options.log(`team store: closing the desk: ${String(error)}`)
    }
  }
}

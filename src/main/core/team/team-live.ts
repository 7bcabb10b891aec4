import type { TeamUrl } from '../../../shared/team/team-url'
import { connectTeam } from './team-connection'
import type { TeamClient } from './team-connection'
import { TEAM_CHANNEL } from './team-server-store'

export interface TeamLiveOptions {
  url: TeamUrl
  /** The fallback poll: also what bounds the delay when a notification is missed. */
  pollMs: number
  connectTimeoutMs?: number | undefined
  /** The desk's catch-up (it coalesces calls that overlap). */
  catchUp: () => Promise<unknown>
  onError: (error: Error) => void
}

/**
 * Keeps a desk up to date with the others: a connection of its own LISTENs on TEAM_CHANNEL and
 * catches up at once on each notification; a poll every `pollMs` catches up as well, for a
 * notification missed, a listener dropped, or a transaction that finished behind an older one
 * (the cursor only passes a transaction once every older one has ended).
 */
export class TeamLive {
  private listener: TeamClient | null = null
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(private readonly options: TeamLiveOptions) {}

  async start(): Promise<void> {
    if (this.timer) return
    await this.listen()
    this.catchUp()
    this.timer = setInterval(() => {
      this.catchUp()
      if (!this.listener) void this.listen()
    }, this.options.pollMs)
    this.timer.unref()
  }

  private catchUp(): void {
    this.options
      .catchUp()
      .catch((error: unknown) =>
        this.options.onError(error instanceof Error ? error : new Error(String(error))),
      )
  }

  private async listen(): Promise<void> {
    let client: TeamClient | null = null
    try {
      client = await connectTeam(this.options.url, {
        connectTimeoutMs: this.options.connectTimeoutMs,
      })
      const mine = client
      mine.pg.on('notification', () => this.catchUp())
      mine.pg.on('end', () => {
        if (this.listener === mine) this.listener = null
      })
      await mine.pg.query(`LISTEN ${TEAM_CHANNEL}`)
      if (this.stopped) await mine.close()
      else this.listener = mine
    } catch {
      // Unreachable now: the poll tries again.
      await client?.close()
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    const listener = this.listener
    this.listener = null
    await listener?.close()
  }
}

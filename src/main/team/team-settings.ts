import type {
  TeamCheck,
  TeamFloorStatus,
  TeamQueuedLeft,
  TeamSetup,
  TeamSetupRequest,
} from '../../shared/ipc'
import { parseTeamUrl, teamPasswordAccount } from '../../shared/team/team-url'
import type { TeamUrl } from '../../shared/team/team-url'
import { PerkPackError } from '../core/system/perkpack-errors'
import type { SecretStore } from '../core/session/secrets'
import { connectTeam } from '../core/team/team-connection'
import { fromSettings, isUnreachable } from '../core/team/team-errors'
import { checkTeamSchema, TEAM_SCHEMA_VERSION, teamSchemaVersion } from '../core/team/team-schema'
import { TeamServerStore } from '../core/team/team-server-store'
import type { TeamLink } from './team-link'
import { registerSecret } from '../core/system/redact'

export interface TeamSettingsOptions {
  link: TeamLink
  secrets: () => SecretStore
  teamUrl: () => string | null
  saveTeamUrl: (url: string | null) => void
  stationName: () => string
  /**
   * The number on an order's slip ("#299"), what people know an order by, from the offline
   * copy; null without one or for an order not synced here.
   */
  orderNumber: (campaignId: number, orderId: number) => number | null
  connectTimeoutMs?: number
  /** How long sign-out waits for the queued actions to go out before it asks. */
  sendQueuedMs?: number
}

const SEND_QUEUED_MS = 4_000

function messageOf(error: unknown): string {
  if (error instanceof PerkPackError) return error.message
  return 'The team store could not be used; the details are in the log.'
}

/**
 * Settings → Team and the Progress view's team line: the URL in settings.json, the password in
 * the keychain only (the renderer learns whether one is kept, never what it is), the test, the
 * status and settling conflicts.
 */
export class TeamSettings {
  constructor(private readonly options: TeamSettingsOptions) {}

  async setup(): Promise<TeamSetup> {
    const raw = this.options.teamUrl()
    const desk = this.options.stationName()
    if (raw === null) return { url: null, passwordStored: false, desk }
    const stored = await this.options
      .secrets()
      .get(teamPasswordAccount(parseTeamUrl(raw)))
      .catch(() => null)
    return { url: raw, passwordStored: stored !== null && stored !== '', desk }
  }

  /** The URL tested or kept: the typed password, else the keychain's for this URL. */
  private async urlOf(request: TeamSetupRequest): Promise<TeamUrl> {
    if (request.url === '') throw new PerkPackError('invalid_arguments', 'Type the team URL first.')
    if (request.password) {
      registerSecret(request.password)
      return fromSettings(parseTeamUrl(request.url, request.password))
    }
    return this.options.link.url(request.url)
  }

  async configure(request: TeamSetupRequest): Promise<TeamSetup> {
    if (request.url === '') return this.forget()
    const url = await this.urlOf(request)
    const previous = this.options.teamUrl()
    if (request.password)
      await this.options.secrets().set(teamPasswordAccount(url), request.password)
    if (previous !== null && previous !== request.url) await this.dropPassword(previous)
    this.options.saveTeamUrl(request.url)
    await this.options.link.close()
    // Opens the desk now: it starts following the other desks before the first write.
    await this.options.link.desk()
    return this.setup()
  }

  async forget(): Promise<TeamSetup> {
    const previous = this.options.teamUrl()
    this.options.saveTeamUrl(null)
    await this.options.link.close()
    if (previous !== null) await this.dropPassword(previous)
    return this.setup()
  }

  private async dropPassword(raw: string): Promise<void> {
    await this.options
      .secrets()
      .delete(teamPasswordAccount(parseTeamUrl(raw)))
      .catch(() => false)
  }

  async test(request: TeamSetupRequest): Promise<TeamCheck> {
    const url = await this.urlOf(request)
    const outbox = this.options.link.open?.outboxSize() ?? 0
    const check: TeamCheck = {
      ok: false,
      url: url.display,
      schemaVersion: null,
      knownVersion: TEAM_SCHEMA_VERSION,
      desks: [],
      outbox,
      message: null,
    }
    try {
      const client = await connectTeam(url, {
        ...(this.options.connectTimeoutMs === undefined
          ? {}
          : { connectTimeoutMs: this.options.connectTimeoutMs }),
      })
      try {
        check.schemaVersion = await teamSchemaVersion(client.pg)
        if (check.schemaVersion >= 1) check.desks = await new TeamServerStore(client).desks()
        await checkTeamSchema(client)
        check.ok = true
      } finally {
        await client.close()
      }
    } catch (error) {
      check.message = messageOf(error)
    }
    return check
  }

  /** The Progress view's line; null without a team store. */
  async status(): Promise<TeamFloorStatus | null> {
    const raw = this.options.teamUrl()
    if (raw === null) return null
    let message: string | null = null
    const desk = await this.options.link.desk().catch((error: unknown) => {
      message = messageOf(error)
      return null
    })
    if (!desk) {
      return {
        url: raw,
        connected: false,
        schemaVersion: null,
        desks: [],
        outbox: 0,
        conflicts: [],
        message,
      }
    }
    const report = await desk.status().catch((error: unknown) => {
      message = isUnreachable(error) ? null : messageOf(error)
      return null
    })
    return {
      url: raw,
      connected: report?.connected ?? false,
      schemaVersion: report?.schema_version ?? null,
      desks: report?.desks ?? [],
      outbox: desk.outboxSize(),
      conflicts: desk.storedConflicts().map((conflict) => ({
        ...conflict,
        sequence_number: this.sequenceNumber(conflict.campaign_id, conflict.order_id),
      })),
      // The floor plan's word (no team password: corrections stay here; another password).
      message:
        message ??
        schemaMessage(report?.schema_version ?? null) ??
        report?.floor_plan.message ??
        null,
    }
  }

  /**
   * Before sign-out deletes the offline copy, and the outbox in it: one more try to send the
   * queued actions, for a few seconds at most (a store that does not answer must not hold the
   * person up); what is still queued is what signing out now would lose.
   */
  async sendQueued(): Promise<TeamQueuedLeft> {
    if (this.options.teamUrl() === null) return { actions: 0, packs: 0 }
    const desk = await this.options.link.desk().catch(() => this.options.link.open)
    if (!desk) return { actions: 0, packs: 0 }
    if (desk.outboxSize() > 0 || desk.floorStatus().pending > 0) {
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.sendQueuedMs ?? SEND_QUEUED_MS)
      })
      // A replay that fails (password refused, schema) leaves the actions queued: counted below.
      const send = async () => {
        await desk.replay()
        await desk.syncFloor()
      }
      await Promise.race([send().catch(() => undefined), deadline])
      clearTimeout(timer)
    }
    return desk.queued()
  }

  /** An order's number for the conflicts table; a copy that cannot be read shows the id. */
  private sequenceNumber(campaignId: number, orderId: number): number | null {
    try {
      return this.options.orderNumber(campaignId, orderId)
    } catch {
      return null
    }
  }

  async settle(campaignId: number, orderId: number): Promise<number> {
    const desk = await this.options.link.desk()
    return desk?.settleConflicts(campaignId, orderId) ?? 0
  }
}

/** A connected store whose schema this desk cannot write: the line says what to do. */
function schemaMessage(version: number | null): string | null {
  if (version === null || version === TEAM_SCHEMA_VERSION) return null
  if (version > TEAM_SCHEMA_VERSION)
    return `The team store's schema is version ${version}, newer than this desk knows (${TEAM_SCHEMA_VERSION}): update PerkPack on this desk.`
  return version === 0
    ? 'The team store has no PerkPack tables yet: run `perkpack team init` once.'
    : `The team store's schema is version ${version}, older than this desk's (${TEAM_SCHEMA_VERSION}): run \`perkpack team init\` to upgrade it.`
}

import { UsageError } from '../main/core/system/perkpack-errors'
import { readSettings } from '../main/core/session/profile'
import { registerSecret } from '../main/core/system/redact'
import { openTeamDesk } from '../main/core/team/open-team-desk'
import type { TeamDesk } from '../main/core/team/team-desk'
import { parseTeamUrl, teamPasswordAccount, TeamUrlError } from '../shared/team/team-url'
import type { TeamUrl } from '../shared/team/team-url'
import type { ParsedValues } from './command'
import type { CliContext } from './context'
import { localTime, stationName } from './floor-orders'

/**
 * The team store: --team-url, else PERKPACK_TEAM_URL, else the one this desk's app is set to
 * (Settings → Team) with the password the app keeps in the keychain, so the command line and
 * the app on one desk write to one record. An empty --team-url or variable: the local store.
 */
export async function teamUrl(context: CliContext, values: ParsedValues): Promise<TeamUrl | null> {
  const env = context.io.env
  const given = values['team-url'] ?? env.PERKPACK_TEAM_URL
  const raw = given ?? readSettings(context.target.dataDir).teamUrl
  if (raw === undefined || raw.trim() === '') return null
  try {
    const keychain = async () =>
      given === undefined ? context.secretStore().get(teamPasswordAccount(parseTeamUrl(raw))) : null
    const password = env.PERKPACK_TEAM_PASSWORD ?? (await keychain())
    const url = parseTeamUrl(raw, password)
    // Whichever it came from (the URL, its query string, the environment, the keychain): masked
    // in every message and --debug line from here on.
    registerSecret(url.password)
    return url
  } catch (error) {
    if (error instanceof TeamUrlError) throw new UsageError(error.message)
    throw error
  }
}

/**
 * Runs `fn` with this desk in team mode when a team URL is given (else with null: the local
 * store), and closes the desk afterwards whatever happens.
 */
export async function withTeam<T>(
  context: CliContext,
  values: ParsedValues,
  desk: () => string,
  fn: (team: TeamDesk | null) => Promise<T>,
): Promise<T> {
  const url = await teamUrl(context, values)
  if (url === null) return fn(null)
  const team = openTeamDesk({ url, cache: context.cache(), desk: desk() })
  try {
    return await fn(team)
  } finally {
    await team.close()
  }
}

/** This desk's name in team mode: `--station`, else the app's station name, else the computer's. */
export function deskName(context: CliContext, values: ParsedValues): () => string {
  return () => stationName(values.station, context.target.dataDir)
}

/**
 * `withTeam` for the commands that read or change this desk's floor record: the desk is named
 * as `deskName` says and caught up with the store before `fn`.
 */
export function withCaughtUpTeam<T>(
  context: CliContext,
  values: ParsedValues,
  fn: (team: TeamDesk | null) => Promise<T>,
): Promise<T> {
  return withTeam(context, values, deskName(context, values), async (team) => {
    if (team) await freshen(context, team)
    return fn(team)
  })
}

/** Replays the outbox and pulls the other desks' actions; says so when the store is away. */
async function freshen(context: CliContext, team: TeamDesk): Promise<void> {
  const replay = await team.replay()
  if (replay.conflicts > 0)
    context.warn(
      `${replay.conflicts} queued action(s) lost to another desk: see \`perkpack team status\`.`,
    )
  const reached = replay.remaining === 0 && (await team.catchUp()) !== null
  if (!reached) {
    const queued = replay.remaining > 0 ? ` (${replay.remaining} action(s) stay queued)` : ''
    context.warn(`The team store cannot be reached${queued}: this desk's own copy is used.`)
  }
}

/** "packed already at Desk B, 2026-11-20 10:42" */
export function byWhom(station: string | null, at: string | null): string {
  return `${station ? ` at ${station}` : ''}${at ? `, ${localTime(at)}` : ''}`
}

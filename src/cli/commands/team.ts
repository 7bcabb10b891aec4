import { UsageError } from '../../main/core/system/perkpack-errors'
import { connectTeam } from '../../main/core/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../main/core/team/team-schema'
import { plural } from '../../shared/export/check-text'
import type { FloorSyncStatus } from '../../shared/team/floor-log'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { EXIT_FAILURE } from '../exit-codes'
import { localTime, orderArg } from '../floor-orders'
import { printJson } from '../io'
import { deskName, teamUrl, withTeam } from '../team-option'

const USAGE = 'team init|sync|status [--json]|settle <campaign-id> <order-id> [--team-url URL]'

async function requireUrl(input: CommandInput) {
  const url = await teamUrl(input.context, input.values)
  if (url === null)
    throw new UsageError(
      'No team store given: pass --team-url postgres://user@host/db, set PERKPACK_TEAM_URL (password in PERKPACK_TEAM_PASSWORD), or set it in the app (Settings → Team). See docs/team-mode.md.',
    )
  return url
}

async function init(input: CommandInput): Promise<number> {
  const url = await requireUrl(input)
  const client = await connectTeam(url)
  try {
    const { from, to } = await migrateTeam(client)
    input.context.io.stdout.write(
      from === to
        ? `The team store at ${url.display} is at schema ${to}: nothing to do.\n`
        : `The team store at ${url.display} moved from schema ${from} to ${to}.\n`,
    )
    return 0
  } finally {
    await client.close()
  }
}

async function sync(input: CommandInput): Promise<number> {
  const { context } = input
  await requireUrl(input)
  return withTeam(context, input.values, deskName(context, input.values), async (team) => {
    const replay = await team!.replay()
    const pulled = replay.remaining === 0 ? await team!.catchUp() : null
    const out = context.io.stdout
    out.write(`Sent ${plural(replay.applied, 'queued action')}`)
    out.write(
      replay.conflicts > 0
        ? ` (${replay.conflicts} lost to another desk: see \`perkpack team status\`)\n`
        : '\n',
    )
    if (pulled === null) {
      context.io.stderr.write(
        `The team store cannot be reached: ${plural(team!.outboxSize(), 'action')} stay queued on this desk.\n`,
      )
      return EXIT_FAILURE
    }
    out.write(`Refreshed ${plural(pulled, 'order')} from the other desks.\n`)
    return 0
  })
}

async function status(input: CommandInput): Promise<number> {
  const { context, values } = input
  const url = await requireUrl(input)
  return withTeam(context, values, deskName(context, values), async (team) => {
    const report = await team!.status()
    if (values.json) {
      printJson(context.io, report)
      return 0
    }
    const lines = [
      `Team store: ${url.display} (${report.connected ? 'connected' : 'cannot be reached'})`,
      `Schema: ${report.schema_version ?? 'unknown'} (this desk knows ${TEAM_SCHEMA_VERSION})`,
      `Outbox: ${plural(report.outbox, 'queued action')}`,
      `Desks seen: ${report.desks.length > 0 ? report.desks.join(', ') : 'none yet'}`,
      `Conflicts to settle: ${report.conflicts.length}`,
      ...floorLines(report.floor_plan),
    ]
    for (const conflict of team!.storedConflicts())
      lines.push(
        `  campaign ${conflict.campaign_id}, order ${conflict.order_id}: ${conflict.action} at ${conflict.station}, ${localTime(conflict.at)}; ${conflict.other_station ?? 'another desk'} had it first${conflict.other_at ? ` (${localTime(conflict.other_at)})` : ''}`,
      )
    if (report.conflicts.length > 0)
      lines.push('Settle one with `perkpack team settle <campaign-id> <order-id>` once checked.')
    context.io.stdout.write(`${lines.join('\n')}\n`)
    return 0
  })
}

/** The floor plan's lines of `team status`: what waits, what was refused, what to do. */
function floorLines(floor: FloorSyncStatus): string[] {
  const lines = [`Floor plan: ${plural(floor.pending, 'change')} to send`]
  for (const wave of floor.refused)
    lines.push(
      `  wave "${wave.name}" of ${wave.desk} refused: ${wave.other ?? 'another desk'} saved a wave with its name or orders first`,
    )
  if (floor.message) lines.push(`  ${floor.message}`)
  return lines
}

async function settle(input: CommandInput): Promise<number> {
  const { context, values } = input
  await requireUrl(input)
  const campaignId = campaignArg(input.args, USAGE)
  const orderId = orderArg(input.args, USAGE)
  return withTeam(context, values, deskName(context, values), async (team) => {
    const settled = team!.settleConflicts(campaignId, orderId)
    context.io.stdout.write(
      settled === 0
        ? `No conflict of order ${orderId} to settle.\n`
        : `Settled ${plural(settled, 'conflict')} of order ${orderId}; the team store's record stands.\n`,
    )
    return 0
  })
}

export const teamCommand: Command = {
  usage: USAGE,
  summary: 'Team mode: several desks share one record on PostgreSQL (docs/team-mode.md).',
  details: `init      creates or upgrades the team store's schema (run once per team, and after
          an update of PerkPack that says the schema is older)
sync      sends this desk's queued actions now and pulls the other desks' actions
status    the connection, schema version, queued actions, desks seen and conflicts to settle;
          --json: {connected, schema_version, outbox, desks, conflicts: [{order_id, action,
          station, other_station, at}], floor_plan: {pending, sealed, unreadable,
          refused: [{name, desk, other, orders}], message}}
settle    drops the conflicts of an order once a person has checked it
The team URL: --team-url postgres://user@host:5432/db or PERKPACK_TEAM_URL; the password in
the URL or PERKPACK_TEAM_PASSWORD. TLS is required unless the host is this computer.
--station NAME names this desk (default: the app's station name, else this computer's).`,
  options: ['team-url', 'json', 'station'],
  async run(input) {
    const [sub, ...rest] = input.args
    const next = { ...input, args: rest }
    if (sub === 'init') return init(next)
    if (sub === 'sync') return sync(next)
    if (sub === 'status') return status(next)
    if (sub === 'settle') return settle(next)
    throw new UsageError(
      `${sub ? `Unknown "team ${sub}".` : 'Missing what to do.'} Usage: perkpack ${USAGE}`,
    )
  },
}

import { saveSettings } from '../../main/core/session/profile'
import { plural } from '../../shared/export/check-text'
import type { Command, CommandInput } from '../command'
import { EXIT_FAILURE } from '../exit-codes'
import { deskName, withTeam } from '../team-option'

/**
 * The team actions this desk still has queued (they live in the offline copy the logout erases),
 * after one try to send them; none without a team store.
 */
async function queuedAfterSending({ context, values }: CommandInput) {
  return withTeam(context, values, deskName(context, values), async (team) => {
    if (!team || team.outboxSize() === 0) return { actions: 0, packs: 0 }
    // A store that does not answer leaves them queued: counted below.
    await team.replay().catch(() => undefined)
    return team.queued()
  })
}

export const logoutCommand: Command = {
  usage: 'logout [--force]',
  summary: "Remove every secret of the account and erase the offline copies (every host's).",
  details: `--force   sign out even with team actions (packs) queued for an unreachable team store:
          they are lost, and another desk may pack those parcels again`,
  options: ['force', 'team-url'],
  async run(input) {
    const { context, values } = input
    const queued = await queuedAfterSending(input).catch((error: unknown) => {
      // An outbox that cannot be read cannot be sent either: say so, and go on.
      context.warn(
        `The team outbox could not be checked (${error instanceof Error ? error.message : 'unknown error'}).`,
      )
      return { actions: 0, packs: 0 }
    })
    if (queued.actions > 0 && !values.force) {
      context.io.stderr.write(
        `Not signed out: ${plural(queued.actions, 'queued team action')} (${plural(queued.packs, 'pack')}) could not reach the team store and would be lost with the offline copy, and another desk could pack those parcels again. Run \`perkpack team sync\` once the store answers, then log out; or \`perkpack logout --force\` to lose them.\n`,
      )
      return EXIT_FAILURE
    }
    const email = context.rememberedEmail()
    // The offline copies' keys first (crypto-erase), then their files, then the sign-in.
    const dataDir = await context.eraseOfflineCopies()
    await context.keychainSession(email).signOut()
    saveSettings(context.target.dataDir, { email: null })
    context.io.stdout.write(
      `Signed out${email ? ` ${email}` : ''}: secrets removed from ${context.secretStore().description}, offline copies in ${dataDir} erased.\n`,
    )
    return 0
  },
}

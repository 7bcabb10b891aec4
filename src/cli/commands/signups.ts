import { fetchSignups } from '../../main/services/operations'
import { plural } from '../../shared/export/check-text'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { printJson, table } from '../io'

export const signupsCommand: Command = {
  usage: 'signups <campaign-id> [--json]',
  summary: 'E-mail sign-ups of the pre-launch page (kept for offline use).',
  options: ['json'],
  async run({ context, args, values, signal }) {
    const campaignId = campaignArg(args, 'signups <campaign-id>')
    const session = await context.session()
    const signups = await fetchSignups(context.client(session), campaignId, signal)
    context.cache().putDocument('signups', String(campaignId), signups)
    if (values.json) {
      printJson(context.io, signups)
      return 0
    }
    context.io.stdout.write(
      `${table(
        ['E-mail', 'Signed up'],
        signups.map((s) => [s.email, s.signup_time ?? '']),
        60,
      )}\n`,
    )
    context.io.stdout.write(`${plural(signups.length, 'sign-up')}\n`)
    return 0
  },
}

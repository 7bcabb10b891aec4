import { fetchAccountContributions } from '../../main/core/api/operations'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { plural } from '../../shared/export/check-text'
import { joinPresent, perkLabels } from '../../shared/fulfillment'
import { positiveInt } from '../arguments'
import type { Command } from '../command'
import { printJson, table } from '../io'

export const contributionsCommand: Command = {
  usage: 'contributions --account <id> [--json]',
  summary: 'Contributions made by an account (visible only when signed in as that account).',
  options: ['account', 'json'],
  async run({ context, values, signal }) {
    if (!values.account)
      throw new UsageError('Missing --account <id>. Usage: perkpack contributions --account <id>')
    const accountId = String(positiveInt(values.account, 'account ID'))
    const session = await context.session()
    const result = await fetchAccountContributions(context.client(session), accountId, signal)
    if (values.json) {
      printJson(
        context.io,
        result.visible
          ? {
              account_id: Number(accountId),
              hidden: false,
              count: result.count,
              contributions: result.contributions,
            }
          : {
              account_id: Number(accountId),
              hidden: true,
              count: result.hiddenCount,
              message: result.message,
              contributions: [],
            },
      )
      return 0
    }
    if (!result.visible) {
      context.io.stdout.write(`${result.message}\n`)
      return 0
    }
    const body = result.contributions.map((c) => [
      c.created_at?.trim().slice(0, 10) ?? '',
      joinPresent([c.campaign?.title], '') || joinPresent([c.campaign?.slug], ''),
      perkLabels(c.order?.perks ?? [], ' + ') || '(no perk)',
      c.amount == null ? '' : String(c.amount),
    ])
    context.io.stdout.write(`${table(['Date', 'Campaign', 'Perks', 'Amount'], body)}\n`)
    context.io.stdout.write(`${plural(result.count, 'contribution')}\n`)
    return 0
  },
}

import { ORDER_STATUSES } from '../../shared/api/schemas'
import { plural } from '../../shared/export/check-text'
import { filterContributions, joinPresent, perkLabels, statusText } from '../../shared/fulfillment'
import { campaignArg, perkFilter } from '../arguments'
import type { Command } from '../command'
import { printJson, table } from '../io'
import { cachedRawRows, cachedRows } from '../offline-copy'
import { statusesFrom, unknownStatusNotes } from '../statuses'

export const ordersCommand: Command = {
  usage: 'orders <campaign-id> [--status a,b] [--perk ID] [--json]',
  summary: 'List orders from the offline cache (no network).',
  details: `--status a,b  order statuses (${ORDER_STATUSES.join(', ')}, or another status the\n              orders carry), or "all" (default: all)\n--perk ID     only orders holding this perk\n--json        the cached contributions exactly as the API returned them`,
  options: ['status', 'perk', 'json'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, 'orders <campaign-id>')
    const cached = cachedRows(context, campaignId)
    const statuses = statusesFrom(values.status, [], cached)
    const filter = { statuses, ...perkFilter(values.perk) }
    if (values.json) {
      // As the API returned them: a row the model read leniently is printed as it came.
      printJson(context.io, cachedRawRows(context, campaignId, filter))
      return 0
    }
    const rows = filterContributions(cached, filter)
    const body = rows.map((c) => [
      c.order.sequence_number == null ? '' : `#${c.order.sequence_number}`,
      String(c.order.id),
      joinPresent([c.order.shipping?.name], '') ||
        joinPresent([c.contributor_name], '') ||
        joinPresent([c.by], ''),
      statusText(c.order.status),
      perkLabels(c.order.perks, ' + ') || '(no perk)',
      joinPresent([c.order.shipping?.country], ''),
    ])
    context.io.stdout.write(
      `${table(['Seq', 'Order', 'Backer', 'Status', 'Perks', 'Country'], body)}\n`,
    )
    context.io.stdout.write(`${plural(rows.length, 'order')}\n`)
    for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
    return 0
  },
}

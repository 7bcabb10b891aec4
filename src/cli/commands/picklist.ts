import {
  DEFAULT_STATUSES,
  buildPickList,
  describeChoices,
  filterContributions,
} from '../../shared/fulfillment'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { printJson, table } from '../io'
import { cachedRows } from '../offline-copy'
import { statusesFrom, unknownStatusNotes } from '../statuses'

export const picklistCommand: Command = {
  usage: 'picklist <campaign-id> [--status a,b] [--json]',
  summary: 'Units to pick per SKU variant, from the offline cache (no network).',
  details: `--status a,b  order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})\n--json        [{sku_code, item_name, choices, quantity, order_count, perks}]`,
  options: ['status', 'json'],
  async run({ context, args, values }) {
    const campaignId = campaignArg(args, 'picklist <campaign-id>')
    const cached = cachedRows(context, campaignId)
    const statuses = statusesFrom(values.status, DEFAULT_STATUSES, cached)
    const rows = buildPickList(filterContributions(cached, { statuses }))
    for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
    if (values.json) {
      printJson(context.io, rows)
      return 0
    }
    const body = rows.map((r) => [
      r.sku_code,
      r.item_name,
      describeChoices(r.choices),
      String(r.quantity),
      String(r.order_count),
    ])
    context.io.stdout.write(`${table(['SKU', 'Item', 'Choices', 'Qty', 'Orders'], body)}\n`)
    const units = rows.reduce((sum, r) => sum + r.quantity, 0)
    context.io.stdout.write(`${rows.length} variants, ${units} units\n`)
    return 0
  },
}

import { renderPickListPdf } from '../../main/services/print'
import { plural } from '../../shared/export/check-text'
import {
  DEFAULT_STATUSES,
  buildPickList,
  describeChoices,
  filterContributions,
  leftOutText,
} from '../../shared/fulfillment'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { printJson, table } from '../io'
import { cachedRows } from '../offline-copy'
import { paperPrint } from '../print-selection'
import { statusesFrom, unknownStatusNotes } from '../statuses'

const USAGE =
  'picklist <campaign-id> [--status a,b] [--json] [--out FILE.pdf [--paper letter|a4] [--perk ID] [--country CC]]'

/** The pick list on paper: the orders that ship, by SKU variant, a tick box per row. */
async function printPickList(input: CommandInput): Promise<number> {
  const { context, values, signal } = input
  const { out, paper, selection } = paperPrint(input, USAGE, 'the pick list', 'picklist.pdf')
  const result = await renderPickListPdf(
    selection.rows,
    {
      paper,
      campaignTitle: selection.title,
      selection: selection.description,
      syncedAt: selection.info.lastSyncedAt,
    },
    out,
    { signal },
  )
  const leftOut = leftOutText(result.skipped)
  context.io.stdout.write(
    `Wrote ${values.out} (${plural(result.variants, 'variant')}, ${plural(result.units, 'unit')} for ${plural(
      result.orders,
      'order',
    )} that ship, ${plural(result.pages, 'page')}${leftOut === null ? '' : `; ${leftOut}`})\n`,
  )
  return 0
}

export const picklistCommand: Command = {
  usage: USAGE,
  summary: 'Units to pick per SKU variant, from the offline cache (no network); --out prints it.',
  details: `--status a,b    order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})
--json          [{sku_code, item_name, choices, quantity, order_count, perks}]
--out FILE.pdf  the printable pick list instead: the orders that ship (as labels, slips and the
                shipper CSV), by SKU variant, a tick box per row, the selection and the time of
                the offline copy on every page; with --paper letter|a4, --perk ID, --country CC.
                No browser needed: the PDF is drawn with the bundled fonts.`,
  options: ['status', 'json', 'out', 'paper', 'perk', 'country'],
  async run(input) {
    const { context, args, values } = input
    if (values.out !== undefined) return printPickList(input)
    const campaignId = campaignArg(args, USAGE)
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

import { renderPickListPdf } from '../../main/core/print'
import { plural } from '../../shared/export/check-text'
import {
  BY_HAND_HEADING,
  byHandItemText,
  byHandQuantityText,
  byHandSkuText,
  checkByHandNote,
  describeChoices,
  leftOutText,
  shippedPickList,
} from '../../shared/fulfillment'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { printJson, table } from '../io'
import {
  paperPrint,
  printOutFile,
  printSelection,
  SELECTION_OPTIONS,
  selectionHelp,
} from '../print-selection'

const USAGE =
  'picklist <campaign-id> [--status a,b] [--perk ID] [--country CC] [--wave NAME] [--json] [--out FILE.pdf [--paper letter|a4]]'

/** The pick list on paper: the orders that ship, by SKU variant, a tick box per row. */
async function printPickList(input: CommandInput): Promise<number> {
  const { context, signal } = input
  const { out, paper, selection } = paperPrint(input, USAGE, 'the pick list', 'picklist.pdf')
  const file = await printOutFile(input, out, selection, 'pick-list')
  const result = await renderPickListPdf(
    selection.rows,
    {
      paper,
      campaignTitle: selection.title,
      selection: selection.description,
      syncedAt: selection.info.lastSyncedAt,
    },
    file.path,
    { signal },
  )
  const leftOut = leftOutText(result.skipped)
  context.io.stdout.write(
    `Wrote ${file.shown} (${plural(result.variants, 'variant')}, ${plural(result.units, 'unit')} for ${plural(
      result.orders,
      'order',
    )} that ship, ${plural(result.pages, 'page')}${leftOut === null ? '' : `; ${leftOut}`})\n`,
  )
  return 0
}

export const picklistCommand: Command = {
  usage: USAGE,
  summary:
    'Units to pick per SKU variant of the orders that ship, from the offline cache (no network); --out prints it.',
  details: `${selectionHelp(16)}
--json          [{sku_code, item_name, choices, quantity, order_count, perks}]
--out FILE.pdf  the printable pick list instead, with --paper letter|a4: a tick box per row, the
                selection and the time of the offline copy on every page. No browser needed:
                the PDF is drawn with the bundled fonts. An existing file: asked on a
                terminal, --force replaces without asking; a folder: the app's dated name.
Table, JSON and PDF list the same orders: those that ship (as labels, slips and the shipper
CSV), items of digital perks left off; the orders left out are counted on stderr. Items
without a SKU (or a readable quantity) are listed last as "no SKU" rows to pick by hand; with
--json they are named on stderr.`,
  options: ['json', 'out', 'force', 'paper', ...SELECTION_OPTIONS],
  async run(input) {
    const { context, args, values } = input
    if (values.out !== undefined) return printPickList(input)
    const campaignId = campaignArg(args, USAGE)
    // The orders `--out` prints for the same flags: what is picked is what ships.
    const selection = printSelection(context, campaignId, values, { checks: false })
    const { rows, totals, byHand, skipped } = shippedPickList(selection.rows)
    const leftOut = leftOutText(skipped)
    if (leftOut !== null) context.io.stderr.write(`${leftOut}.\n`)
    if (values.json) {
      // The JSON is one row per SKU variant (scripts rely on its shape): the rest is said here.
      if (byHand.length > 0) {
        const where = byHand.map(
          (r) => `${byHandQuantityText(r)} × ${r.item_name} (${checkByHandNote(r)})`,
        )
        context.io.stderr.write(`${BY_HAND_HEADING} (not in --json): ${where.join('; ')}.\n`)
      }
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
    for (const r of byHand) {
      const choices = describeChoices(r.choices)
      body.push([
        byHandSkuText(r),
        byHandItemText(r),
        choices,
        byHandQuantityText(r),
        String(r.order_count),
      ])
    }
    context.io.stdout.write(`${table(['SKU', 'Item', 'Choices', 'Qty', 'Orders'], body)}\n`)
    context.io.stdout.write(
      `${plural(rows.length, 'variant')}, ${plural(totals.units, 'unit')} for ${plural(totals.orders, 'order')} that ship\n`,
    )
    return 0
  },
}

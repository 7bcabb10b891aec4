import { writeShipperCsv } from '../../main/core/export/csv'
import { nothingToPrint, UsageError } from '../../main/core/system/perkpack-errors'
import { plural } from '../../shared/export/check-text'
import { ordersThatShip } from '../../shared/fulfillment'
import { isOneOf, SHIPPER_CSV_FORMATS } from '../../shared/ipc'
import type { ShipperCsvFormat } from '../../shared/ipc'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { checkedOut, exportName, outFile } from '../out-path'
import { SHIPPER_CSV_FILE_WORDS } from '../../shared/export/file-names'
import type { OutPathRule } from '../out-path'
import { printSelection, SELECTION_OPTIONS, selectionHelp } from '../print-selection'
import { refuseEmptySelection } from '../selection-flags'
import { cliCustoms } from '../customs-context'

const USAGE =
  'export-csv <campaign-id> --out FILE.csv [--format generic|shipstation|pirateship] [--status a,b] [--perk ID] [--country CC] [--wave NAME]'
const FORMATS_TEXT = `${SHIPPER_CSV_FORMATS.slice(0, -1).join(', ')} or ${SHIPPER_CSV_FORMATS.at(-1)}`
const OUT_PATH: OutPathRule = {
  placeholder: 'FILE.csv',
  what: 'the CSV',
  usage: USAGE,
  example: 'orders.csv',
}

function formatFrom(value: string | undefined): ShipperCsvFormat {
  if (value === undefined) return 'generic'
  const format = value.trim().toLowerCase()
  if (isOneOf(SHIPPER_CSV_FORMATS, format)) return format
  throw new UsageError(`Unknown --format "${value}". Use --format ${FORMATS_TEXT}.`)
}

export const exportCsvCommand: Command = {
  usage: USAGE,
  summary: 'Shipper CSV (one row per line item) from the offline cache (no network).',
  details: `--out FILE.csv    where to write (replaced only once the new file is complete;
                  an existing file: asked on a terminal, --force replaces without asking);
                  a folder: the app's name for it there, dated to the minute, numbered
                  when taken
--format F        ${FORMATS_TEXT} (default generic): generic uses the crowdfunding
                  warehouse columns (order_id, ship_name, ..., product_qty), shipstation
                  ShipStation's CSV import names (Order Number, Recipient Full Name, ...),
                  one row per line item; pirateship one row per order for Pirate Ship's
                  spreadsheet upload (Order ID, Name, Address Line 1, ..., the items on
                  Rubber Stamp 2). Columns and sources: docs/exports.md
${selectionHelp()}
The orders of the same flags as labels, slips and picklist --out; a selection of no order
exits 2 and writes nothing.
UTF-8 with a byte order mark, CRLF line ends, RFC 4180 quoting; text that a spreadsheet could
run as a formula is prefixed with ' (a plain phone number such as +1 503-555-0100 is not).
The pre-print checks are printed to stderr.`,
  options: ['out', 'force', 'format', ...SELECTION_OPTIONS],
  async run({ context, args, values, signal }) {
    const campaignId = campaignArg(args, USAGE)
    const out = checkedOut(values.out, OUT_PATH)
    const format = formatFrom(values.format)
    // The printing commands' selection: one reading of --status, --perk and --country.
    const { rows, title } = printSelection(context, campaignId, values)
    refuseEmptySelection(rows.length)
    // A file of the header row alone would replace yesterday's good one: refused, as the labels
    // are (the checks above said why each order is left out).
    if (ordersThatShip(rows).length === 0) {
      throw nothingToPrint('shipper CSV', rows.length, 'write')
    }
    const name = exportName({ campaignId, title }, SHIPPER_CSV_FILE_WORDS[format], 'csv')
    const file = await outFile(context, values, out, name)

    const result = await writeShipperCsv({
      contributions: rows,
      format,
      out: file.path,
      signal,
      floor: context.cache().floor().states(campaignId),
      // The campaign's currency, as the app uses it (customs-context.ts).
      ...cliCustoms(context, campaignId),
    })
    context.io.stdout.write(
      `Wrote ${file.shown} (${plural(result.rows, 'row')}, ${plural(result.orders, 'order')})\n`,
    )
    return 0
  },
}

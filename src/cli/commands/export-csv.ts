import { statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { UsageError } from '../../main/services/perkpack-errors'
import { writeShipperCsv } from '../../main/services/export/csv'
import { isOneOf, SHIPPER_CSV_FORMATS } from '../../shared/ipc'
import type { ShipperCsvFormat } from '../../shared/ipc'
import { runPrePrintChecks } from '../../shared/export/checks'
import type { PrePrintCheck } from '../../shared/export/checks'
import { DEFAULT_STATUSES, filterContributions } from '../../shared/fulfillment'
import { cachedRows, campaignArg, positiveInt } from '../commands'
import { statusesFrom, unknownStatusNotes } from '../statuses'
import type { Command } from '../commands'

const USAGE =
  'export-csv <campaign-id> --out FILE.csv [--format generic|shipstation] [--status a,b]'
const FORMATS_TEXT = SHIPPER_CSV_FORMATS.join(' or ')

function formatFrom(value: string | undefined): ShipperCsvFormat {
  if (value === undefined) return 'generic'
  const format = value.trim().toLowerCase()
  if (isOneOf(SHIPPER_CSV_FORMATS, format)) return format
  throw new UsageError(
    `Unknown --format "${value}". Use --format ${SHIPPER_CSV_FORMATS.join(' or --format ')}.`,
  )
}

/** Checked before anything is read, so a typo in the path costs nothing. */
function outFrom(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(
      `Missing --out FILE.csv (where to write the CSV). Usage: perkpack ${USAGE}`,
    )
  }
  const target = resolve(value)
  const folder = dirname(target)
  const folderStat = statSync(folder, { throwIfNoEntry: false })
  if (!folderStat?.isDirectory()) {
    throw new UsageError(
      `The folder ${folder} does not exist. Create it, or give --out a path in an existing folder.`,
    )
  }
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--out ${value} is a folder. Give a file name, e.g. --out orders.csv.`)
  }
  return value
}

// The detail is a whole sentence naming what was found; the title would only repeat it.
function checkLine(check: PrePrintCheck): string {
  return `${check.severity}: ${check.detail}`
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

export const CSV_COMMANDS: Record<string, Command> = {
  'export-csv': {
    usage: USAGE,
    summary: 'Shipper CSV (one row per line item) from the offline cache (no network).',
    details: `--out FILE.csv    where to write (replaced only once the new file is complete)
--format F        ${FORMATS_TEXT} (default generic): generic uses the crowdfunding
                  warehouse columns (order id, ship_name, ..., product_qty), shipstation
                  ShipStation's CSV import names (Order Number, Recipient Full Name, ...)
--status a,b      order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})
--perk ID         only orders holding this perk
UTF-8 with a byte order mark, CRLF line ends, RFC 4180 quoting; text that a spreadsheet could
run as a formula is prefixed with '. The pre-print checks are printed to stderr.`,
    options: ['out', 'format', 'status', 'perk'],
    async run({ context, args, values, signal }) {
      const campaignId = campaignArg(args, USAGE)
      const out = outFrom(values.out)
      const format = formatFrom(values.format)
      const cached = cachedRows(context, campaignId)
      const statuses = statusesFrom(values.status, DEFAULT_STATUSES, cached)
      const perkId =
        values.perk !== undefined ? positiveInt(values.perk, '--perk value') : undefined
      const rows = filterContributions(cached, {
        statuses,
        ...(perkId !== undefined ? { perkId } : {}),
      })
      const info = context.cache().campaign(campaignId)
      const checks = runPrePrintChecks(rows, {
        now: new Date(),
        lastSyncedAt: info?.lastSyncedAt ?? null,
        privileged: info?.privileged ?? false,
        problemRows: context.cache().problemRows(campaignId),
      })
      for (const check of checks) context.io.stderr.write(`${checkLine(check)}\n`)
      for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)

      const result = await writeShipperCsv({ contributions: rows, format, out, signal })
      if (result.skippedOrders > 0) {
        context.io.stderr.write(
          `${plural(result.skippedOrders, 'order')} with nothing to ship (digital perks only, or no perk) left out.\n`,
        )
      }
      if (result.rows === 0) {
        context.io.stderr.write(
          'Nothing in the selection ships: the file holds the header row only.\n',
        )
      }
      context.io.stdout.write(
        `Wrote ${out} (${plural(result.rows, 'row')}, ${plural(result.orders, 'order')})\n`,
      )
      return 0
    },
  },
}

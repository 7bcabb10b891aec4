import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from '../../main/services/perkpack-errors'
import { writePackingList } from '../../main/services/export/excel'
import { checksAsExportRows, runPrePrintChecks } from '../../shared/export/checks'
import { problemLines } from '../../shared/problems/report'
import { DEFAULT_STATUSES, filterContributions } from '../../shared/fulfillment'
import type { ContributionFilter } from '../../shared/fulfillment'
import { cachedRows, campaignArg, positiveInt } from '../commands'
import { statusesFrom, unknownStatusNotes } from '../statuses'
import type { Command, ParsedValues } from '../commands'
import { bar, ProgressLine } from '../io'

const USAGE =
  'export <campaign-id> --out FILE.xlsx [--status a,b] [--perk ID] [--country CC] [--search TEXT]'

// --country and --search are declared in main.ts's OPTIONS; ParsedValues is not ours to edit.
type ExportValues = ParsedValues & { country?: string; search?: string }

/**
 * Checked before anything is read, so a typo in the path costs nothing. Every message names the
 * problem and the fix.
 */
function outFrom(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(
      `Missing --out FILE.xlsx (where to write the packing list). Usage: perkpack ${USAGE}`,
    )
  }
  if (path.extname(value).toLowerCase() !== '.xlsx') {
    throw new UsageError(
      `--out ${value} does not end in .xlsx. Give an Excel file name, e.g. --out packing-list.xlsx.`,
    )
  }
  const target = path.resolve(value)
  const folder = path.dirname(target)
  const folderStat = fs.statSync(folder, { throwIfNoEntry: false })
  if (!folderStat?.isDirectory()) {
    throw new UsageError(
      `The folder ${folder} does not exist. Create it, or give --out a path in an existing folder.`,
    )
  }
  try {
    fs.accessSync(folder, fs.constants.W_OK)
  } catch {
    throw new UsageError(
      `Cannot write in ${folder} (permission denied). Give --out a path in a folder you can write to.`,
    )
  }
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `--out ${value} is a folder. Give a file name, e.g. --out packing-list.xlsx.`,
    )
  }
  return target
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

export const EXPORT_COMMANDS: Record<string, Command> = {
  export: {
    usage: USAGE,
    summary:
      'Excel packing list (pick list, orders, a sheet per perk, shipping) from the offline cache.',
    details: `--out FILE.xlsx   where to write (replaced only once the new workbook is complete)
--status a,b      order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})
--perk ID         only orders holding this perk
--country CC      only orders shipping to this country (e.g. US)
--search TEXT     only orders whose backer, e-mail, order id, #sequence or city match
Sheets: Pick list, Orders, one per perk, Shipping, Checks (the pre-print checks, also printed
to stderr), and Problems when the last sync could not read some contributions (id, row, field,
problem). Text that a spreadsheet could run as a formula is prefixed with '.`,
    options: ['out', 'status', 'perk', 'country', 'search'],
    async run({ context, args, values, signal }) {
      const options = values as ExportValues
      const campaignId = campaignArg(args, USAGE)
      const out = outFrom(options.out)
      const cached = cachedRows(context, campaignId)
      const statuses = statusesFrom(options.status, DEFAULT_STATUSES, cached)
      const filter: ContributionFilter = { statuses }
      if (options.perk !== undefined) filter.perkId = positiveInt(options.perk, '--perk value')
      if (options.country !== undefined) {
        const country = options.country.trim()
        if (country === '') throw new UsageError('--country needs a value, e.g. --country US.')
        filter.country = country
      }
      if (options.search !== undefined) filter.search = options.search

      const rows = filterContributions(cached, filter)
      const info = context.cache().campaign(campaignId)
      const lastSyncedAt = info?.lastSyncedAt ?? new Date(0).toISOString()
      const privileged = info?.privileged ?? false
      const problemRows = context.cache().problemRows(campaignId)
      const checks = runPrePrintChecks(rows, {
        now: new Date(),
        lastSyncedAt,
        privileged,
        problemRows,
      })
      for (const check of checks) {
        context.io.stderr.write(`${check.severity}: ${check.detail}\n`)
      }
      for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
      if (rows.length === 0) {
        context.warn('No order matches the filters: the workbook holds header rows only.')
      }

      const progress = new ProgressLine(context.io.stderr)
      const result = await writePackingList({
        contributions: rows,
        campaign: { id: campaignId, title: info?.title ?? null, lastSyncedAt, privileged },
        out,
        signal,
        checks: checksAsExportRows(checks),
        problems: problemLines(problemRows),
        onProgress: (done, total) =>
          progress.draw(
            `${bar(done, total)} ${done}/${total} rows · writing ${path.basename(out)}`,
          ),
      }).finally(() => progress.done())
      context.io.stdout.write(
        `Wrote ${options.out} (${plural(result.orders, 'order')}, ${plural(result.sheets, 'sheet')})\n`,
      )
      return 0
    },
  },
}

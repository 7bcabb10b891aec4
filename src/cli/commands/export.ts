import path from 'node:path'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { writePackingList } from '../../main/core/export/excel'
import { cliCustoms } from '../customs-context'
import { checksAsExportRows } from '../../shared/export/checks'
import { problemLines } from '../../shared/problems/report'
import { DEFAULT_STATUSES, filterContributions } from '../../shared/fulfillment'
import type { ContributionFilter } from '../../shared/fulfillment'
import { plural } from '../../shared/export/check-text'
import { refuseEmptySelection } from '../selection-flags'
import { campaignArg, perkFilter } from '../arguments'
import type { Command } from '../command'
import { bar, ProgressLine } from '../io'
import { offlineCopy } from '../offline-copy'
import { checkedOut, exportName, outFile } from '../out-path'
import type { OutPathRule } from '../out-path'
import { reportPrePrintChecks } from '../preprint-checks'
import { statusesFrom, unknownStatusNotes } from '../statuses'
import { floorView, inWave } from '../floor-view'

const USAGE =
  'export <campaign-id> --out FILE.xlsx [--status a,b] [--perk ID] [--country CC] [--search TEXT] [--wave NAME]'
const OUT_PATH: OutPathRule = {
  placeholder: 'FILE.xlsx',
  what: 'the packing list',
  usage: USAGE,
  example: 'packing-list.xlsx',
  extension: { dot: '.xlsx', kind: 'an Excel file' },
  writable: true,
}

export const exportCommand: Command = {
  usage: USAGE,
  summary:
    'Excel packing list (pick list, orders, a sheet per perk, shipping) from the offline cache.',
  details: `--out FILE.xlsx   where to write (replaced only once the new workbook is complete;
                  an existing file: asked on a terminal, --force replaces without asking);
                  a folder: the app's name for it there, dated to the minute, numbered
                  when taken
--status a,b      order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})
--perk ID         only orders holding this perk
--country CC      only orders shipping to this country (e.g. US)
--search TEXT     only orders whose backer, e-mail, order id, #sequence or city match
--wave NAME       only the orders of this wave (perkpack wave list)
Sheets: Pick list, Orders, one per perk, Shipping (only the orders that ship: the labels'
and the shipper CSV's), Left out (the others and why, when there are any), Checks (the
pre-print checks, also printed to stderr), and Problems when the last sync could not read some
contributions (id, row, field, problem). Text is kept as typed, in text cells no spreadsheet
evaluates; text that starts like a formula gets Excel's hidden apostrophe (quotePrefix).`,
  options: ['out', 'force', 'status', 'perk', 'country', 'search', 'wave'],
  async run({ context, args, values, signal }) {
    const campaignId = campaignArg(args, USAGE)
    const out = checkedOut(values.out, OUT_PATH)
    const { info, rows: cached } = offlineCopy(context, campaignId)
    const statuses = statusesFrom(values.status, DEFAULT_STATUSES, cached)
    const filter: ContributionFilter = { statuses, ...perkFilter(values.perk) }
    if (values.country !== undefined) {
      const country = values.country.trim()
      if (country === '') throw new UsageError('--country needs a value, e.g. --country US.')
      filter.country = country
    }
    if (values.search !== undefined) filter.search = values.search

    const selected = filterContributions(inWave(context, campaignId, values.wave, cached), filter)
    const { rows, addressChanged } = floorView(context, campaignId, selected)
    const { checks, problemRows } = reportPrePrintChecks(context, info, rows, addressChanged)
    for (const note of unknownStatusNotes(cached, statuses)) context.warn(note)
    refuseEmptySelection(rows.length, '--status, --perk, --country or --search')
    const title = context.campaignNames().displayName(campaignId, info.title)
    const file = await outFile(
      context,
      values,
      out,
      exportName({ campaignId, title }, 'packing-list', 'xlsx'),
    )

    const progress = new ProgressLine(context.io.stderr)
    const customs = cliCustoms(context, campaignId)
    const result = await writePackingList({
      contributions: rows,
      floor: context.cache().floor().states(campaignId),
      // The catalogue, the campaign's currency and Settings' sender country, as the app's.
      ...(customs.catalog.items.length > 0 ? { catalog: customs } : {}),
      campaign: {
        id: campaignId,
        title: info.title ?? null,
        lastSyncedAt: info.lastSyncedAt,
        privileged: info.privileged,
      },
      out: file.path,
      signal,
      checks: checksAsExportRows(checks),
      problems: problemLines(problemRows),
      onProgress: (done, total) =>
        progress.draw(
          `${bar(done, total)} ${done}/${total} rows · writing ${path.basename(file.path)}`,
        ),
    }).finally(() => progress.done())
    context.io.stdout.write(
      `Wrote ${file.shown} (${plural(result.orders, 'order')}, ${plural(result.sheets, 'sheet')})\n`,
    )
    return 0
  },
}

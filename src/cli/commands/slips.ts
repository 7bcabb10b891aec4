import { batchFiles, planSlipBatches, renderSlipsPdf } from '../../main/core/print'
import { plural } from '../../shared/export/check-text'
import { leftOutText, ordersThatShip } from '../../shared/fulfillment'
import type { Command } from '../command'
import { MARK_PRINTED_HELP, markPrintedFromCli } from '../printed-mark'
import {
  paperPrint,
  printOutFile,
  progressLine,
  SELECTION_OPTIONS,
  selectionHelp,
} from '../print-selection'

const USAGE =
  'slips <campaign-id> --out FILE.pdf [--paper letter|a4] [--status a,b] [--perk ID] [--country CC] [--wave NAME] [--mark-printed]'

export const slipsCommand: Command = {
  usage: USAGE,
  summary: 'Packing slips as PDF, in batches of 500, from the offline cache (no network).',
  details: `--out FILE.pdf    where to write; more than 500 slips go to FILE-001-of-040.pdf, ... (as the app);
                  an existing file: asked on a terminal, --force replaces without asking;
                  a folder: the app's name for it there, dated to the minute
--paper P         letter (default) or a4
${selectionHelp()}
${MARK_PRINTED_HELP}
Only orders that ship get a slip (as labels and the shipper CSV); the others are counted.
No browser needed: the PDF is drawn with the bundled fonts.`,
  options: ['out', 'force', 'paper', ...SELECTION_OPTIONS, 'mark-printed', 'team-url'],
  async run(input) {
    const { context, values, signal } = input
    const { out, paper, selection } = paperPrint(input, USAGE, 'the packing slips', 'slips.pdf')
    // More than a batch goes to numbered files beside the name: those must be free as well.
    const batches = planSlipBatches(ordersThatShip(selection.rows).length).length
    const file = await printOutFile(input, out, selection, 'slips', (path) =>
      batchFiles(path, batches),
    )
    const result = await renderSlipsPdf(
      selection.rows,
      { paper, campaignTitle: selection.title },
      file.path,
      { signal, onProgress: progressLine(context) },
    )
    const leftOut = leftOutText(result.skipped)
    if (leftOut !== null) context.io.stderr.write(`${leftOut}.\n`)
    const files =
      result.files.length === 1
        ? file.shown
        : `${plural(result.files.length, 'file')}: ${result.files.map((f) => f.path).join(', ')}`
    context.io.stdout.write(
      `Wrote ${files} (${plural(result.slips, 'slip')}, ${plural(result.pages, 'page')}${
        leftOut === null ? '' : `; ${leftOut}`
      })\n`,
    )
    if (values['mark-printed'])
      context.io.stdout.write(
        await markPrintedFromCli(input, selection.info.campaignId, selection.rows, 'slips'),
      )
    return 0
  },
}

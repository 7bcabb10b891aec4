import { renderCustomsPdf } from '../../main/core/print'
import { readSettings } from '../../main/core/session/profile'
import { plural } from '../../shared/export/check-text'
import { returnAddressLines } from '../../shared/address/return-address'
import { CN22_LIMIT_SDR, SDR_RATES_DATE } from '../../shared/catalog'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { cliCustoms } from '../customs-context'
import {
  paperFrom,
  pdfOutPath,
  printOutFile,
  printSelection,
  SELECTION_OPTIONS,
  selectionHelp,
} from '../print-selection'

const USAGE =
  'customs <campaign-id> --out FILE.pdf [--paper letter|a4] [--status a,b] [--perk ID] [--country CC] [--wave NAME]'

export const customsCommand: Command = {
  usage: USAGE,
  summary: 'CN23 customs declarations (commercial invoices) as PDF, from the offline cache.',
  details: `--out FILE.pdf    where to write (appears only once complete; an existing file:
                  asked on a terminal, --force replaces without asking); a folder: the
                  app's name for it there, dated to the minute
--paper P         letter or a4 (default: the slips' paper in Settings)
${selectionHelp()}
One CN23 (one or more pages) for each order that leaves the customs area of the sender
country in Settings (the EU counts as one area) and does not fit a CN22: worth more than
${CN22_LIMIT_SDR} SDR less 5 % (IMF rates of ${SDR_RATES_DATE}), over 2 kg, more than 4 item
lines, or a value that cannot be checked. The others carry their CN22 on the 4x6 label
(perkpack labels --layout 4x6 --cn22). Values and weights come from the SKU catalogue
(perkpack catalog import), in the campaign's currency where taken from the pledge. The
sender block prints the return address of the app's Settings (Printing), or two ruled lines
to write the street on when there is none.
No browser needed: the PDF is drawn with the bundled fonts.`,
  options: ['out', 'force', 'paper', ...SELECTION_OPTIONS],
  async run(input) {
    const { context, args, values, signal } = input
    const campaignId = campaignArg(args, USAGE)
    const out = pdfOutPath(values.out, 'the customs declarations', USAGE, 'customs.pdf')
    const paper =
      values.paper === undefined
        ? readSettings(context.target.dataDir).slipPaper
        : paperFrom(values.paper)
    const selection = printSelection(context, campaignId, values)
    const file = await printOutFile(input, out, selection, 'customs')
    const customs = cliCustoms(context, campaignId)
    // The same return address as the app's Settings, formatted by the same rule.
    const { returnAddress } = readSettings(context.target.dataDir)
    const senderLines = returnAddressLines(returnAddress, customs.senderCountry)
    const result = await renderCustomsPdf(
      selection.rows,
      { paper, customs, senderName: selection.title, senderLines },
      file.path,
      { signal },
    )
    const onLabels =
      result.cn22 === 0 ? '' : `; ${plural(result.cn22, 'order')} abroad with a CN22 on the label`
    context.io.stdout.write(
      `Wrote ${file.shown} (${plural(result.orders, 'CN23 declaration')}, ${plural(result.pages, 'page')}${onLabels})\n`,
    )
    return 0
  },
}

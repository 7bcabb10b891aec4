import { LABEL_LAYOUTS, renderLabelsPdf } from '../../main/core/print'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { isRollLayout, labelCountText, startPositionFor } from '../../shared/export/label-words'
import { leftOutText } from '../../shared/fulfillment'
import { LABELS_PER_SHEET, MAX_OFFSET_MM } from '../../shared/ipc'
import type { LabelLayoutId, LabelOrder } from '../../shared/ipc'
import { campaignArg, positiveInt } from '../arguments'
import type { Command } from '../command'
import { labelChecksText } from '../label-checks'
import { cliCustoms, customsFormsText } from '../customs-context'
import { MARK_PRINTED_HELP, markPrintedFromCli } from '../printed-mark'
import {
  pdfOutPath,
  printOutFile,
  printSelection,
  progressLine,
  SELECTION_OPTIONS,
  selectionHelp,
} from '../print-selection'

const USAGE =
  'labels <campaign-id> --out FILE.pdf [--layout avery5160|l7160|4x6] [--start N] [--offset-x MM] [--offset-y MM] [--order-line] [--cn22] [--sort sku|sequence] [--status a,b] [--perk ID] [--country CC] [--wave NAME] [--mark-printed]'

/** The names a person types, and the app's layout ids (accepted too). */
const LAYOUT_NAMES: Readonly<Record<string, LabelLayoutId>> = {
  avery5160: 'avery5160',
  '5160': 'avery5160',
  l7160: 'averyL7160',
  averyl7160: 'averyL7160',
  '4x6': 'thermal4x6',
  thermal4x6: 'thermal4x6',
}

function layoutFrom(value: string | undefined): LabelLayoutId {
  if (value === undefined) return 'avery5160'
  const layout = LAYOUT_NAMES[value.trim().toLowerCase()]
  if (layout === undefined) {
    throw new UsageError(
      `Unknown --layout "${value}". Use avery5160 (US Letter, 30 per sheet), l7160 (A4, 21 per sheet) or 4x6 (thermal, one per label).`,
    )
  }
  return layout
}

/** What --start takes on this layout, after a start position it corrected. */
function startFlagText(layout: LabelLayoutId): string {
  return isRollLayout(layout)
    ? '(--start is for sheet layouts.)'
    : `(--start takes 1 to ${LABELS_PER_SHEET[layout]} on ${LABEL_LAYOUTS[layout].name}.)`
}

function sortFrom(value: string | undefined): LabelOrder {
  if (value === undefined) return 'variant'
  const sort = value.trim().toLowerCase()
  if (sort === 'sku' || sort === 'variant') return 'variant'
  if (sort === 'sequence') return 'sequence'
  throw new UsageError(
    `Unknown --sort "${value}". Use --sort sku (by SKU variant, the walk of a picker) or --sort sequence (by order number).`,
  )
}

function offsetFrom(value: string | undefined, flag: string): number {
  if (value === undefined) return 0
  const mm = Number(value.trim())
  if (value.trim() === '' || !Number.isFinite(mm) || Math.abs(mm) > MAX_OFFSET_MM) {
    throw new UsageError(
      `${flag} takes millimetres from -${MAX_OFFSET_MM} to ${MAX_OFFSET_MM} (got "${value}"). Measure the shift on a test print.`,
    )
  }
  return mm
}

export const labelsCommand: Command = {
  usage: USAGE,
  summary: "Shipping labels as a PDF, the app's labels, from the offline cache (no network).",
  details: `--out FILE.pdf    where to write (appears only once complete; an existing file:
                  asked on a terminal, --force replaces without asking); a folder: the
                  app's name for it there, dated to the minute, numbered when taken
--layout L        avery5160 (default; US Letter 3x10), l7160 (A4 3x7), 4x6 (thermal)
--start N         first label position on the first sheet (use a half-used sheet)
--offset-x MM     shift every label right (negative: left), in millimetres
--offset-y MM     shift every label down (negative: up), in millimetres
--order-line      a small "#order · SKU" line at the foot of each label
--cn22            4x6 only: orders leaving the customs area of Settings' sender country
                  carry their CN22 customs declaration in the label's lower part; those
                  that need a CN23 say "See CN23" (print them with perkpack customs).
                  Off by default: a shipper that buys postage prints its own customs form
--sort S          sku (default: by SKU variant, the walk of a picker) or sequence
${selectionHelp()}
${MARK_PRINTED_HELP}
Only orders that ship get a label (as slips and the shipper CSV); the others are counted.
No browser needed: the PDF is drawn with the bundled fonts.`,
  options: [
    'out',
    'layout',
    'start',
    'offset-x',
    'offset-y',
    'order-line',
    'cn22',
    'sort',
    ...SELECTION_OPTIONS,
    'mark-printed',
    'team-url',
    'force',
  ],
  async run(input) {
    const { context, args, values, signal } = input
    const campaignId = campaignArg(args, USAGE)
    const out = pdfOutPath(values.out, 'the labels', USAGE, 'labels.pdf')
    const layout = layoutFrom(values.layout)
    const start = startPositionFor(
      layout,
      values.start === undefined ? 1 : positiveInt(values.start, '--start value'),
    )
    if (start.note !== null) context.warn(`${start.note} ${startFlagText(layout)}`)
    const startAt = start.value
    const options = {
      layout,
      startAt,
      offsetMm: {
        x: offsetFrom(values['offset-x'], '--offset-x'),
        y: offsetFrom(values['offset-y'], '--offset-y'),
      },
      order: sortFrom(values.sort),
      showSummary: Boolean(values['order-line']),
      ...(values.cn22 ? { customs: cliCustoms(context, campaignId) } : {}),
    }
    if (values.cn22 && layout !== 'thermal4x6') {
      throw new UsageError(
        '--cn22 prints the customs declaration on 4x6 labels only: add --layout 4x6.',
      )
    }
    const selection = printSelection(context, campaignId, values)
    const file = await printOutFile(input, out, selection, 'labels')
    const result = await renderLabelsPdf(selection.rows, options, file.path, {
      signal,
      onProgress: progressLine(context),
    })
    const leftOut = leftOutText(result.skipped)
    if (leftOut !== null) context.io.stderr.write(`${leftOut}.\n`)
    context.io.stderr.write(labelChecksText(result.warnings))
    context.io.stdout.write(
      `Wrote ${file.shown} (${labelCountText(result.labels, result.pages, layout)}${
        leftOut === null ? '' : `; ${leftOut}`
      })\n`,
    )
    if (result.customsForms !== undefined)
      context.io.stdout.write(customsFormsText(result.customsForms, campaignId))
    if (values['mark-printed'])
      context.io.stdout.write(await markPrintedFromCli(input, campaignId, selection.rows, 'labels'))
    return 0
  },
}

import type { CampaignSnapshotInfo } from '../main/core/cache'
import type { PrintProgress } from '../main/core/print'
import { UsageError } from '../main/core/system/perkpack-errors'
import type { CampaignContribution } from '../shared/api/schemas'
import {
  ALL_ORDERS_PART,
  countryPart,
  perkPart,
  selectionText,
  statusPart,
} from '../shared/export/selection-text'
import { DEFAULT_STATUSES, filterContributions, perkLabel } from '../shared/fulfillment'
import { isOneOf, SLIP_PAPERS } from '../shared/ipc'
import type { SlipPaper } from '../shared/ipc'
import { campaignArg, perkFilter } from './arguments'
import type { CommandInput, ParsedValues } from './command'
import type { CliContext } from './context'
import { cachedRows, syncedSnapshot } from './offline-copy'
import { checkedOut, exportName, outFile } from './out-path'
import type { CheckedOut } from './out-path'
import { reportPrePrintChecks } from './preprint-checks'
import { floorView, inWave } from './floor-view'
import { statusesFrom, unknownStatusNotes } from './statuses'

/** What the printing commands (labels, slips, picklist --out) print: the app's selection. */
export interface PrintSelection {
  info: CampaignSnapshotInfo
  rows: CampaignContribution[]
  /** The campaign as the app names it: the person's rename, else its title or slug read aloud. */
  title: string
  /** The selection in the app's words, for the pick list's header. */
  description: string
}

/** The flags `printSelection` reads, for a command's `options`. */
export const SELECTION_OPTIONS = ['status', 'perk', 'country', 'wave'] as const

/** Their lines of a command's --help, the descriptions starting at column `indent`. */
export function selectionHelp(indent = 18): string {
  const line = (flag: string, text: string) => `${flag.padEnd(indent)}${text}`
  return [
    line('--status a,b', `order statuses, or "all" (default: ${DEFAULT_STATUSES.join(',')})`),
    line('--perk ID', 'only orders holding this perk'),
    line('--country CC', 'only orders shipping to this country (ISO code, e.g. US)'),
    line('--wave NAME', 'only the orders of this wave (perkpack wave list)'),
  ].join('\n')
}

/** ISO 3166-1 alpha-2, as the app's country filter takes it. */
function countryFilter(value: string | undefined): { country?: string } {
  if (value === undefined) return {}
  const code = value.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(code)) {
    throw new UsageError(
      `--country takes a two-letter country code such as US or DE (got "${value}").`,
    )
  }
  return { country: code }
}

/**
 * The orders of `--status` (default captured,in_fulfillment, like the app), `--perk` and
 * `--country`, with the pre-print checks on stderr, as export-csv does (`checks: false`: the
 * terminal's pick list, which prints nothing to check). Notes on statuses left out follow.
 */
export function printSelection(
  context: CliContext,
  campaignId: number,
  values: ParsedValues,
  { checks }: { checks: boolean } = { checks: true },
): PrintSelection {
  const info = syncedSnapshot(context, campaignId)
  const cached = cachedRows(context, campaignId)
  const statuses = statusesFrom(values.status, DEFAULT_STATUSES, cached)
  const perk = perkFilter(values.perk)
  const country = countryFilter(values.country)
  const selected = filterContributions(inWave(context, campaignId, values.wave, cached), {
    statuses,
    ...perk,
    ...country,
  })
  const { rows, addressChanged } = floorView(context, campaignId, selected)
  if (checks) reportPrePrintChecks(context, info, rows, addressChanged)
  for (const note of unknownStatusNotes(cached, statuses, { ships: true, checked: checks })) {
    context.warn(note)
  }
  const parts = [statusPart(statuses)]
  if (country.country !== undefined) parts.push(countryPart(country.country))
  parts.push(perk.perkId === undefined ? ALL_ORDERS_PART : perkPart(perkName(rows, perk.perkId)))
  return {
    info,
    rows,
    // The cache keeps the slug as the title (sync.ts); the names file has the app's renames.
    title: context.campaignNames().displayName(campaignId, info.title),
    description: selectionText(parts),
  }
}

/** The perk as the app's perk tree labels it, from an order holding it. */
function perkName(rows: readonly CampaignContribution[], perkId: number): string {
  for (const row of rows) {
    const perk = row.order.perks.find((p) => p.id === perkId)
    if (perk) return perkLabel(perk)
  }
  return `Perk ${perkId}`
}

/** Progress on stderr when it is a terminal: a long slip run is not silence. */
export function progressLine(context: CliContext): ((p: PrintProgress) => void) | undefined {
  const stderr = context.io.stderr
  if (!stderr.isTTY) return undefined
  return (p) => {
    stderr.write(
      `\r${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} printed (${p.pages} pages)`,
    )
    if (p.batch === p.batches) stderr.write('\n')
  }
}

/** `--out FILE.pdf` (or a folder) of a printing command, checked before anything is read. */
export function pdfOutPath(
  value: string | undefined,
  what: string,
  usage: string,
  example: string,
): CheckedOut {
  return checkedOut(value, {
    placeholder: 'FILE.pdf',
    what,
    usage,
    example,
    extension: { dot: '.pdf', kind: 'a PDF file' },
  })
}

export function paperFrom(value: string | undefined): SlipPaper {
  if (value === undefined) return 'letter'
  const paper = value.trim().toLowerCase()
  if (isOneOf(SLIP_PAPERS, paper)) return paper
  throw new UsageError(`Unknown --paper "${value}". Use --paper letter or --paper a4.`)
}

/** A document on letter or A4 paper (slips, the pick list): where, which paper, which orders. */
export interface PaperPrint {
  out: CheckedOut
  paper: SlipPaper
  selection: PrintSelection
}

/**
 * The arguments of the paper documents, checked before the offline copy is read: the campaign,
 * `--out FILE.pdf` (`what` and `example` word its error) and `--paper`; then the selection.
 */
export function paperPrint(
  { context, args, values }: CommandInput,
  usage: string,
  what: string,
  example: string,
): PaperPrint {
  const campaignId = campaignArg(args, usage)
  const out = pdfOutPath(values.out, what, usage, example)
  const paper = paperFrom(values.paper)
  return { out, paper, selection: printSelection(context, campaignId, values) }
}

/**
 * The PDF file a printing command writes (`outFile`): into a folder, the app's name for it
 * ("tidepool-labels-2026-03-02-0930.pdf"); `companions` are the numbered batch files.
 */
export function printOutFile(
  { context, values }: CommandInput,
  out: CheckedOut,
  selection: PrintSelection,
  what: string,
  companions?: (file: string) => readonly string[],
): Promise<{ path: string; shown: string }> {
  const campaign = { campaignId: selection.info.campaignId, title: selection.title }
  return outFile(context, values, out, exportName(campaign, what, 'pdf'), companions)
}

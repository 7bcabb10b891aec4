import path from 'node:path'
import { decodeCsv } from '../../main/services/floor/csv-bytes'
import { fillDashboardFile } from '../../main/services/floor/dashboard-fill'
import { readTrackingFile } from '../../main/services/floor/tracking-file'
import {
  applyTracking,
  previewTracking,
  trackingEntries,
} from '../../main/services/floor/tracking-import'
import type { TeamDesk } from '../../main/services/team/team-desk'
import type { TrackingPreview } from '../../main/services/floor/tracking-import'
import { writeExportFile } from '../../main/services/export/excel-files'
import { UsageError } from '../../main/services/perkpack-errors'
import { plural } from '../../shared/export/check-text'
import { orderNumberText } from '../../shared/fulfillment'
import { isOneOf, TRACKING_FORMATS } from '../../shared/ipc'
import type { TrackingFormat } from '../../shared/ipc'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { offlineCopy } from '../offline-copy'
import { readInputFile } from '../input-file'
import { checkedOutPath } from '../out-path'
import { withCaughtUpTeam } from '../team-option'

const IMPORT_USAGE =
  'tracking import <campaign-id> FILE.csv [--format generic|shipstation|pirateship] [--dry-run] [--team-url URL]'
const FILL_USAGE = 'tracking fill <campaign-id> DASHBOARD.csv --out FILE.csv'
const SHOWN = 10

function formatFrom(value: string | undefined): TrackingFormat | undefined {
  if (value === undefined) return undefined
  const format = value.trim().toLowerCase()
  if (isOneOf(TRACKING_FORMATS, format)) return format
  throw new UsageError(`Unknown --format "${value}". Use ${TRACKING_FORMATS.join(', ')}.`)
}

function previewLines(preview: TrackingPreview): string[] {
  const lines = [
    `Matched: ${plural(preview.matched.length, 'new tracking number')}` +
      (preview.alreadyStored > 0 ? ` (${preview.alreadyStored} already stored)` : ''),
    `Unmatched: ${plural(preview.unmatched.length, 'row')}`,
  ]
  for (const row of preview.unmatched.slice(0, SHOWN))
    lines.push(`  line ${row.line}: no order number ${row.orderNumber} in this campaign`)
  lines.push(`Conflicts: ${plural(preview.conflicts.length, 'order')} had another tracking number`)
  for (const c of preview.conflicts.slice(0, SHOWN))
    lines.push(
      `  line ${c.line}: ${orderNumberText({ id: c.orderId, sequence_number: c.sequenceNumber })} has ${c.stored.join(', ')}; ${c.trackingNumber} is kept beside it`,
    )
  lines.push(`Not packed yet: ${plural(preview.notPacked.length, 'order')}`)
  if (preview.problems.length > 0) {
    lines.push(`Rows left out: ${preview.problems.length}`)
    for (const p of preview.problems.slice(0, SHOWN))
      lines.push(`  line ${p.line}, column ${p.column}: ${p.message}`)
  }
  return lines
}

async function importTracking(input: CommandInput): Promise<number> {
  return withCaughtUpTeam(input.context, input.values, (team) => importInto(input, team))
}

async function importInto(
  { context, args, values }: CommandInput,
  team: TeamDesk | null,
): Promise<number> {
  const campaignId = campaignArg(args, IMPORT_USAGE)
  const format = formatFrom(values.format)
  const { bytes, name } = readInputFile(args[1], IMPORT_USAGE)
  // As the app reads it: UTF-8 with or without a byte order mark, UTF-16, Latin-1.
  const { text } = decodeCsv(bytes)
  const file = readTrackingFile(text, name, format)
  const { rows } = offlineCopy(context, campaignId)
  const floor = context.cache().floor()
  const preview = previewTracking(file, rows, floor.states(campaignId))
  context.io.stdout.write(`${name}: read as ${file.format}, ${plural(file.rows.length, 'row')}\n`)
  context.io.stdout.write(`${previewLines(preview).join('\n')}\n`)
  if (values['dry-run']) {
    context.io.stdout.write('Dry run: nothing was written.\n')
    return 0
  }
  if (!team) {
    const written = applyTracking(floor, campaignId, preview)
    context.io.stdout.write(`Wrote ${plural(written.added, 'tracking number')}.\n`)
    return 0
  }
  const result = await team.write(campaignId, {
    kind: 'tracking',
    entries: trackingEntries(preview),
  })
  if (result.status === 'queued') {
    context.io.stdout.write(
      `Wrote ${plural(result.added, 'tracking number')} on this desk; queued for the team store (${result.reason}).\n`,
    )
    return 0
  }
  const added = result.status === 'applied' ? (result.outcome.added ?? 0) : 0
  context.io.stdout.write(`Wrote ${plural(added, 'tracking number')} to the team store.\n`)
  return 0
}

/** "line 6", "lines 6, 9, ...": the first SHOWN line numbers of a file. */
function linesText(lines: readonly number[]): string {
  const listed = lines.slice(0, SHOWN).join(', ')
  return `${lines.length === 1 ? 'line' : 'lines'} ${listed}${lines.length > SHOWN ? ', ...' : ''}`
}

async function fillDashboard({ context, args, values }: CommandInput): Promise<number> {
  const campaignId = campaignArg(args, FILL_USAGE)
  const out = checkedOutPath(values.out, {
    placeholder: 'FILE.csv',
    what: 'the filled dashboard file',
    usage: FILL_USAGE,
    example: 'contributions-filled.csv',
  })
  const { bytes, name } = readInputFile(args[1], FILL_USAGE)
  if (path.resolve(args[1]!) === out)
    throw new UsageError(
      '--out names the dashboard file itself: write the filled copy to a new file.',
    )
  const { rows } = offlineCopy(context, campaignId)
  const result = fillDashboardFile(bytes, name, rows, context.cache().floor().states(campaignId))
  await writeExportFile(out, result.bytes)
  context.io.stdout.write(
    [
      `Wrote ${values.out}: ${plural(result.rows, 'row')} matched by ${result.matchedBy}`,
      `Filled: ${plural(result.filled, 'row')}` +
        (result.replaced > 0 ? ` (${result.replaced} had another tracking number)` : ''),
      `Already filled: ${plural(result.unchanged, 'row')}`,
      `No tracking number yet: ${plural(result.noTracking, 'row')}`,
      `Unmatched: ${plural(result.unmatched.length, 'row')}` +
        (result.unmatched.length > 0
          ? ` (${linesText(result.unmatched.map((u) => u.line))}: not in the offline copy; sync, then fill again)`
          : ''),
      '',
    ].join('\n'),
  )
  return 0
}

export const trackingCommand: Command = {
  usage: `${IMPORT_USAGE}\n       perkpack ${FILL_USAGE}`,
  summary: "Tracking numbers in from a shipper's export; the dashboard's file filled with them.",
  details: `import    reads a shipper's export and matches rows by order number (the sequence number,
          as PerkPack's shipper CSV writes it): prints matched, unmatched, conflicts and
          orders not packed yet, then stores the new numbers (--dry-run: prints only).
          --format generic: header exactly order_number,carrier,tracking_number;
          shipstation: a ShipStation shipments export; pirateship: a Pirate Ship export.
          Without --format the header decides. --team-url URL (or PERKPACK_TEAM_URL):
          the numbers go to the team store (queued while it cannot be reached).
fill      copies the contributions CSV downloaded from the dashboard to --out with the
          Carrier and Tracking Number of every order that has one; nothing else changes.
          Exits 2 on a file it cannot read, naming the line and column.`,
  options: ['format', 'dry-run', 'out', 'team-url', 'station'],
  async run(input) {
    const [sub, ...rest] = input.args
    const next = { ...input, args: rest }
    if (sub === 'import') return importTracking(next)
    if (sub === 'fill') return fillDashboard(next)
    throw new UsageError(
      `${sub ? `Unknown "tracking ${sub}".` : 'Missing what to do.'} Usage: perkpack ${IMPORT_USAGE}, or perkpack ${FILL_USAGE}`,
    )
  },
}

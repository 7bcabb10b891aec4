import path from 'node:path'
import { decodeCsv } from '../../main/core/floor/csv-bytes'
import { fillDashboardFile } from '../../main/core/floor/dashboard-fill'
import { readTrackingFile } from '../../main/core/floor/tracking-file'
import {
  applyTracking,
  leftApart,
  previewTracking,
  trackingEntries,
} from '../../main/core/floor/tracking-import'
import type { TeamDesk } from '../../main/core/team/team-desk'
import type { HeldTracking, TrackingPreview } from '../../main/core/floor/tracking-import'
import { TRACKING_HOLD_REASONS, trackingHoldText } from '../../shared/floor/tracking-holds'
import type { TrackingHoldReason } from '../../shared/floor/tracking-holds'
import { writeExportFile } from '../../main/core/export/excel-files'
import { UsageError } from '../../main/core/system/perkpack-errors'
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
  'tracking import <campaign-id> FILE.csv [--format generic|shipstation|pirateship] [--include-held REASONS] [--dry-run] [--team-url URL]'
const FILL_USAGE = 'tracking fill <campaign-id> DASHBOARD.csv --out FILE.csv'
const SHOWN = 10

function formatFrom(value: string | undefined): TrackingFormat | undefined {
  if (value === undefined) return undefined
  const format = value.trim().toLowerCase()
  if (isOneOf(TRACKING_FORMATS, format)) return format
  throw new UsageError(`Unknown --format "${value}". Use ${TRACKING_FORMATS.join(', ')}.`)
}

/** `--include-held a,b`: the reasons of the held rows to write too ("all": every one). */
function includeFrom(value: string | undefined): TrackingHoldReason[] {
  if (value === undefined) return []
  const words = value
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '')
  if (words.includes('all')) return [...TRACKING_HOLD_REASONS]
  const unknown = words.filter((word) => !isOneOf(TRACKING_HOLD_REASONS, word))
  if (words.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `Unknown --include-held "${unknown[0] ?? value}". Use ${TRACKING_HOLD_REASONS.join(', ')} (comma-separated) or all.`,
    )
  }
  return words.filter((word): word is TrackingHoldReason => isOneOf(TRACKING_HOLD_REASONS, word))
}

/** "--include-held not-packed,stopped": what writes the rows `held` leaves apart. */
function includeHint(held: readonly HeldTracking[]): string {
  const reasons = TRACKING_HOLD_REASONS.filter((r) => held.some((h) => h.reason === r))
  return `--include-held ${reasons.join(',')}`
}

function heldLines(preview: TrackingPreview, include: readonly TrackingHoldReason[]): string[] {
  if (preview.held.length === 0) return []
  const apart = leftApart(preview, include)
  const lines = [
    apart.length === 0
      ? `Left apart: ${plural(preview.held.length, 'row')} of orders no parcel went out for, written as --include-held asks`
      : `Left apart: ${plural(apart.length, 'row')} of orders no parcel went out for, not written without ${includeHint(apart)}`,
  ]
  for (const h of preview.held.slice(0, SHOWN)) {
    const order = orderNumberText({ id: h.orderId, sequence_number: h.sequenceNumber })
    lines.push(
      `  line ${h.line}: ${order} ${trackingHoldText(h.reason, h.status)} (--include-held ${h.reason})`,
    )
  }
  if (preview.held.length > SHOWN) lines.push(`  and ${preview.held.length - SHOWN} more`)
  return lines
}

function previewLines(preview: TrackingPreview, include: readonly TrackingHoldReason[]): string[] {
  const also = [
    preview.alreadyStored > 0 ? `${preview.alreadyStored} already stored` : null,
    preview.duplicates > 0 ? `${preview.duplicates} repeated in the file` : null,
  ].filter((part) => part !== null)
  const lines = [
    `Matched: ${plural(preview.matched.length, 'new tracking number')}` +
      (also.length > 0 ? ` (${also.join(', ')})` : ''),
    ...heldLines(preview, include),
    `Unmatched: ${plural(preview.unmatched.length, 'row')}`,
  ]
  for (const row of preview.unmatched.slice(0, SHOWN))
    lines.push(`  line ${row.line}: no order number ${row.orderNumber} in this campaign`)
  lines.push(`Conflicts: ${plural(preview.conflicts.length, 'order')} had another tracking number`)
  for (const c of preview.conflicts.slice(0, SHOWN))
    lines.push(
      `  line ${c.line}: ${orderNumberText({ id: c.orderId, sequence_number: c.sequenceNumber })} has ${c.stored.join(', ')}; ${c.trackingNumber} is kept beside it`,
    )
  if (preview.problems.length > 0) {
    lines.push(`Rows left out: ${preview.problems.length}`)
    for (const p of preview.problems.slice(0, SHOWN))
      lines.push(`  line ${p.line}, column ${p.column}: ${p.message}`)
  }
  return lines
}

/** "; 3 left apart (--include-held not-packed writes them)" after "Wrote N". */
function leftApartText(preview: TrackingPreview, include: readonly TrackingHoldReason[]): string {
  const apart = leftApart(preview, include)
  return apart.length === 0
    ? ''
    : `; ${apart.length} left apart (${includeHint(apart)} writes them)`
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
  const include = includeFrom(values['include-held'])
  const { bytes, name } = readInputFile(args[1], IMPORT_USAGE)
  // As the app reads it: UTF-8 with or without a byte order mark, UTF-16, Latin-1.
  const { text } = decodeCsv(bytes)
  const file = readTrackingFile(text, name, format)
  const { rows } = offlineCopy(context, campaignId)
  const floor = context.cache().floor()
  const preview = previewTracking(file, rows, floor.states(campaignId))
  const empty = preview.emptyRows > 0 ? ` (${plural(preview.emptyRows, 'empty line')} skipped)` : ''
  context.io.stdout.write(
    `${name}: read as ${file.format}, ${plural(preview.rows, 'row')}${empty}\n`,
  )
  context.io.stdout.write(`${previewLines(preview, include).join('\n')}\n`)
  if (values['dry-run']) {
    context.io.stdout.write('Dry run: nothing was written.\n')
    return 0
  }
  const apart = leftApartText(preview, include)
  if (!team) {
    const written = applyTracking(floor, campaignId, preview, include)
    context.io.stdout.write(`Wrote ${plural(written.added, 'tracking number')}${apart}.\n`)
    return 0
  }
  const result = await team.write(campaignId, {
    kind: 'tracking',
    entries: trackingEntries(preview, include),
  })
  if (result.status === 'queued') {
    context.io.stdout.write(
      `Wrote ${plural(result.added, 'tracking number')} on this desk${apart}; queued for the team store (${result.reason}).\n`,
    )
    return 0
  }
  const added = result.status === 'applied' ? (result.outcome.added ?? 0) : 0
  context.io.stdout.write(`Wrote ${plural(added, 'tracking number')} to the team store${apart}.\n`)
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
          rows left apart, then stores the new numbers (--dry-run: prints only).
          Every data row is counted once: new, left apart, already stored, repeated,
          unmatched or left out (unreadable), each named by line.
          Left apart: new numbers of orders no parcel went out for as far as the
          floor's record knows: not packed at a station (not-packed), nothing to ship
          (nothing-to-ship), refunded, on hold or unprocessable at the last sync
          (stopped). They are written only with --include-held, naming the reasons
          to write (comma-separated, or all), e.g. --include-held not-packed when
          parcels are packed without the pack station.
          --format generic: header exactly order_number,carrier,tracking_number;
          shipstation: a ShipStation shipments export; pirateship: a Pirate Ship export.
          Without --format the header decides. --team-url URL (or PERKPACK_TEAM_URL):
          the numbers go to the team store (queued while it cannot be reached).
fill      copies the contributions CSV downloaded from the dashboard to --out with the
          Carrier and Tracking Number of every order that has one; nothing else changes.
          Exits 2 on a file it cannot read, naming the line and column.`,
  options: ['format', 'dry-run', 'include-held', 'out', 'team-url', 'station'],
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

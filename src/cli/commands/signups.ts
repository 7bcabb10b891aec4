import path from 'node:path'
import { writeSignupsFile } from '../../main/core/export/signups-file'
import { fetchSignups } from '../../main/core/api/operations'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { plural } from '../../shared/export/check-text'
import { isOneOf, SIGNUPS_FILE_FORMATS } from '../../shared/ipc'
import type { SignupsFileFormat } from '../../shared/ipc'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { printJson, table } from '../io'
import { checkedOut, exportName, outFile } from '../out-path'
import type { CheckedOut } from '../out-path'

const USAGE = 'signups <campaign-id> [--json] [--out FILE.csv|FILE.xlsx|FOLDER [--format csv|xlsx]]'

/** The file type: the --out file's extension, else --format (csv unless said). */
function fileFormat(out: CheckedOut, format: string | undefined): SignupsFileFormat {
  if (!out.folder) {
    const extension = path.extname(out.path).slice(1).toLowerCase()
    if (isOneOf(SIGNUPS_FILE_FORMATS, extension)) return extension
    throw new UsageError(
      `--out ${out.given} ends in neither .csv nor .xlsx. Give e.g. --out signups.csv or --out signups.xlsx, or a folder.`,
    )
  }
  const chosen = (format ?? 'csv').trim().toLowerCase()
  if (isOneOf(SIGNUPS_FILE_FORMATS, chosen)) return chosen
  throw new UsageError(`Unknown --format "${format}". Use --format csv or --format xlsx.`)
}

/** `--out` and the file type, checked before the API is asked. */
function exportTarget(values: CommandInput['values']): {
  out: CheckedOut
  format: SignupsFileFormat
} {
  const out = checkedOut(values.out, {
    placeholder: 'FILE.csv',
    what: 'the sign-ups',
    usage: USAGE,
    example: 'signups.csv',
    writable: true,
  })
  return { out, format: fileFormat(out, values.format) }
}

async function exportTo(
  { context, values }: CommandInput,
  campaignId: number,
  target: { out: CheckedOut; format: SignupsFileFormat },
  signups: Parameters<typeof writeSignupsFile>[0]['signups'],
): Promise<number> {
  const { out, format } = target
  const slug = context.cache().campaign(campaignId)?.title
  const title = context.campaignNames().displayName(campaignId, slug)
  const name = exportName({ campaignId, title }, 'signups', format)
  const file = await outFile(context, values, out, name)
  await writeSignupsFile({
    signups,
    campaign: { id: campaignId, title },
    savedAt: new Date().toISOString(),
    format,
    out: file.path,
  })
  context.io.stdout.write(`Wrote ${file.shown} (${plural(signups.length, 'sign-up')})\n`)
  return 0
}

export const signupsCommand: Command = {
  usage: USAGE,
  summary: 'E-mail sign-ups of the pre-launch page (kept for offline use).',
  details: `--json            the list as JSON
--out FILE.csv    the list as a file: .csv (UTF-8, e-mail and time) or .xlsx (Excel, times as
                  dates); a folder: the app's dated name there (--format csv|xlsx, default
                  csv); an existing file: asked on a terminal, --force replaces without asking.
                  E-mails that start like a formula are written as text no spreadsheet runs.`,
  options: ['json', 'out', 'format', 'force'],
  async run(input) {
    const { context, args, values, signal } = input
    const campaignId = campaignArg(args, 'signups <campaign-id>')
    const target = values.out === undefined ? null : exportTarget(values)
    const session = await context.session()
    const signups = await fetchSignups(context.client(session), campaignId, signal)
    context.cache().putDocument('signups', String(campaignId), signups)
    if (target !== null) return exportTo(input, campaignId, target, signups)
    if (values.json) {
      printJson(context.io, signups)
      return 0
    }
    context.io.stdout.write(
      `${table(
        ['E-mail', 'Signed up'],
        signups.map((s) => [s.email, s.signup_time ?? '']),
        60,
      )}\n`,
    )
    context.io.stdout.write(`${plural(signups.length, 'sign-up')}\n`)
    return 0
  },
}

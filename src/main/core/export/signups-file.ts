import { formatDateTime } from '../../../shared/format/locale-format'
import type { Signup } from '../../../shared/api/schemas'
import { neutralizeFormula } from '../../../shared/export/formula'
import type { SignupsFileFormat } from '../../../shared/ipc'
import { writeCsv } from './csv'
import { deskTimeZone, minuteCell } from './excel-dates'
import type { SheetPlan } from './excel-sheets'
import { writeWorkbook } from './excel-workbook'

export interface SignupsFileOptions {
  signups: readonly Signup[]
  campaign: { id: number; title: string }
  /** When the list was fetched from the API (ISO): the page header's "Synced". */
  savedAt: string
  format: SignupsFileFormat
  /** A file path (written beside it, renamed into place) or a stream the caller owns. */
  out: string | NodeJS.WritableStream
  /** The IANA time zone of the workbook's dates; default the computer's. */
  timeZone?: string
  signal?: AbortSignal
}

/** For mail tools' importers, which look for an "email" column: one naming style, snake_case. */
const CSV_COLUMNS = [
  { key: 'email', header: 'email' },
  { key: 'signed_up', header: 'signed_up' },
] as const

function signupsSheet(signups: readonly Signup[], timeZone: string): SheetPlan {
  return {
    name: 'Sign-ups',
    headers: ['E-mail', `Signed up (${timeZone})`],
    kinds: ['text', 'instant'],
    wrap: [false, false],
    widths: [42, 20],
    rowCount: signups.length,
    // A time the API sent that is no time stays as its text, in a text cell.
    rows: () =>
      signups.map((s) => {
        const time = s.signup_time ?? ''
        return [s.email, minuteCell(time, timeZone) ?? time]
      }),
  }
}

/**
 * The pre-launch sign-up list as a file: strangers typed these e-mails, so the CSV's cells follow
 * the shipper CSV's formula rule and the workbook's are text cells with Excel's hidden
 * apostrophe where they start like a formula (the packing list's writer, writeSheet).
 */
export async function writeSignupsFile(
  options: SignupsFileOptions,
): Promise<{ path: string | null; signups: number }> {
  const { signups, format, out, signal } = options
  if (format === 'csv') {
    const records = signups.map((s) => ({
      email: neutralizeFormula(s.email),
      signed_up: neutralizeFormula(s.signup_time ?? ''),
    }))
    return { path: await writeCsv(CSV_COLUMNS, records, out, signal), signups: signups.length }
  }
  const { id, title } = options.campaign
  const written = await writeWorkbook({
    out,
    plans: [signupsSheet(signups, options.timeZone ?? deskTimeZone())],
    campaign: { id, title, lastSyncedAt: options.savedAt, privileged: true },
    syncedText: `Fetched ${formatDateTime(options.savedAt, undefined, options.timeZone ?? deskTimeZone())}`,
    properties: {
      title: `${title} sign-ups`,
      subject: `Pre-launch sign-ups of campaign ${id}`,
      keywords: `PerkPack sign-ups; campaign ${id}; fetched ${options.savedAt}`,
      category: 'Sign-ups',
      description: `${signups.length} sign-ups of campaign ${id} (${title}), fetched ${options.savedAt}.`,
    },
    signal,
  })
  return { path: written.path, signups: signups.length }
}

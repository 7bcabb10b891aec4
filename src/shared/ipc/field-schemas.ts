import { z } from 'zod'
import { ORDER_STATUSES } from '../api/schemas'
import {
  LABEL_LAYOUT_IDS,
  LABEL_ORDERS,
  SHIPPER_CSV_FORMATS,
  SHRINK_CHOICES,
  SLIP_PAPERS,
  THEME_SETTINGS,
} from './enums'
import {
  MAX_CONCURRENCY,
  MAX_OFFSET_MM,
  MAX_SLIP_BATCH_SIZE,
  MAX_STALE_HOURS,
  MAX_STATION_NAME,
  MIN_CONCURRENCY,
  MIN_SLIP_BATCH_SIZE,
  MIN_STALE_HOURS,
} from './limits'

/**
 * The fields of the IPC arguments. The renderer is the least trusted process (it renders data
 * from the internet), so main checks every value against these, and each message names the
 * field as the person sees it and says what would be accepted.
 */

type Issue = { input: unknown }

/** A value quoted back in a message, short, never a whole pasted document. */
export function shown(input: unknown): string {
  if (typeof input === 'string') {
    return input.length > 40
      ? `"${input.slice(0, 40)}..." (${input.length} characters)`
      : `"${input}"`
  }
  if (typeof input === 'number' || typeof input === 'boolean' || input === null)
    return String(input)
  if (input === undefined) return 'nothing'
  return Array.isArray(input) ? 'a list' : `a ${typeof input}`
}

/** A whole number from `min` to `max`, one message for every way of missing it. */
function wholeNumber(min: number, max: number, message: (iss: Issue) => string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

function positiveId(label: string, example: string, where: string) {
  return wholeNumber(
    1,
    Number.MAX_SAFE_INTEGER,
    (iss) =>
      `${label} must be a whole number above 0, such as ${example} (got ${shown(iss.input)}). ${where}`,
  )
}

/** A whole number from `min` to `max`: positions and page sizes of the orders table. */
export function countSchema(label: string, min: number, max: number, why: string) {
  return wholeNumber(
    min,
    max,
    (iss) =>
      `${label} must be a whole number from ${min} to ${max.toLocaleString('en')} (got ${shown(iss.input)}). ${why}`,
  )
}

/** One of a closed set (see enums.ts), with the sentence that lists what would do. */
function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  message: (got: string) => string,
) {
  return z.enum(values, { error: (iss) => message(shown(iss.input)) })
}

export function text(label: string, max: number, hint: string) {
  return z
    .string({ error: (iss) => `${label} must be text (got ${shown(iss.input)}).` })
    .max(max, { error: `${label} must be at most ${max} characters. ${hint}` })
}

export function flag(label: string) {
  return z.boolean({ error: (iss) => `${label} must be true or false (got ${shown(iss.input)}).` })
}

export const campaignIdSchema = positiveId(
  'Campaign ID',
  '1234567',
  'Copy it from the campaign on the platform.',
)
export const contributionIdSchema = positiveId(
  'Contribution ID',
  '41450054',
  'Pick the order from the table again.',
)
export const accountIdSchema = positiveId(
  'Account ID',
  '17000101',
  'Copy it from the account on the platform.',
)
export const perkIdSchema = positiveId('Perk', '16842104', 'Pick the perk in the tree again.')

export const jobIdSchema = z
  .string({ error: (iss) => `Job ID must be text, such as "5001" (got ${shown(iss.input)}).` })
  .trim()
  .min(1, {
    error: 'Job ID is empty. Enter the ID the platform gave the batch job, such as "5001".',
  })
  .max(64, {
    error: (iss) =>
      `Job ID must be at most 64 characters (got ${shown(iss.input)}). Paste the job's ID only.`,
  })
  .regex(/^\P{Cc}*$/u, {
    error: 'Job ID may not contain control characters. Paste the job ID only.',
  })

/** An http(s) URL, or empty for "leave it as it is". */
export function httpUrl(label: string) {
  const fix = `${label} must be a full http(s) URL such as https://api.indiegogo.com`
  return z
    .string({ error: (iss) => `${fix} (got ${shown(iss.input)}).` })
    .trim()
    .max(2048, { error: `${fix}; this one is too long.` })
    .refine(
      (value) => {
        if (value === '') return true
        try {
          const url = new URL(value)
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
        } catch {
          return false
        }
      },
      {
        error: (iss) =>
          `${fix} (got ${shown(iss.input)}). Use https://, or http:// for a local simulator.`,
      },
    )
}

const concurrencyRange = (iss: Issue) =>
  `Sync concurrency must be a whole number from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY} (got ${shown(iss.input)}).`

export const concurrencySchema = z
  .number({ error: concurrencyRange })
  .int({ error: concurrencyRange })
  .min(MIN_CONCURRENCY, {
    error: (iss) =>
      `Sync concurrency must be at least ${MIN_CONCURRENCY} (got ${shown(iss.input)}): pages fetched at once.`,
  })
  .max(MAX_CONCURRENCY, {
    error: (iss) =>
      `Sync concurrency must be at most ${MAX_CONCURRENCY} (got ${shown(iss.input)}): more would strain the API.`,
  })

/** A known status or one the API sent that PerkPack does not know (kept as text). */
export const statusSchema = z
  .string({
    error: (iss) =>
      `Status must be text such as ${ORDER_STATUSES.join(', ')} (got ${shown(iss.input)}). Pick it from the Status filter.`,
  })
  .trim()
  .min(1, { error: 'Status must not be empty. Pick it from the Status filter.' })
  .max(64, { error: 'Status must be at most 64 characters. Pick it from the Status filter.' })

export const apiTokenSchema = text('API token', 512, 'Paste the token only.').trim().min(1, {
  error:
    'API token is empty. Paste the API token the platform issued to you (Settings > API on the platform).',
})

export const emailSchema = text('E-mail', 254, 'Check the address.')
  .trim()
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), {
    error: (iss) =>
      `E-mail must look like name@example.com (got ${shown(iss.input)}). Leave it empty to sign in with the API token only.`,
  })

export const passwordSchema = text('Password', 1024, 'Check the password.')

export const reauthPasswordSchema = passwordSchema.min(1, {
  error: 'Password is empty. Enter the password of the signed-in e-mail.',
})

export const themeSchema = oneOf(
  THEME_SETTINGS,
  (got) => `Theme must be one of ${THEME_SETTINGS.join(', ')} (got ${got}).`,
)

export const layoutSchema = oneOf(
  LABEL_LAYOUT_IDS,
  (got) =>
    `Label layout must be one of ${LABEL_LAYOUT_IDS.join(', ')} (got ${got}). Pick it from the Label layout list.`,
)

export const labelOrderSchema = oneOf(
  LABEL_ORDERS,
  (got) => `Label order must be one of ${LABEL_ORDERS.join(', ')} (got ${got}).`,
)

export const paperSchema = oneOf(SLIP_PAPERS, (got) => `Paper must be letter or a4 (got ${got}).`)

export const slipBatchSizeSchema = countSchema(
  'Slips per batch',
  MIN_SLIP_BATCH_SIZE,
  MAX_SLIP_BATCH_SIZE,
  'Choose a size in Print & export, such as 500.',
)

export const csvFormatSchema = oneOf(
  SHIPPER_CSV_FORMATS,
  (got) =>
    `CSV format must be ${SHIPPER_CSV_FORMATS.slice(0, -1).join(', ')} or ${SHIPPER_CSV_FORMATS.at(-1)} (got ${got}).`,
)

export const shrinkChoiceSchema = oneOf(
  SHRINK_CHOICES,
  (got) =>
    `The choice must be "replace" (use the smaller copy) or "keep" (keep the current copy) (got ${got}).`,
)

function offsetAxis(axis: string) {
  const message = (iss: Issue) =>
    `Printer offset ${axis} must be a number of millimetres from -${MAX_OFFSET_MM} to ${MAX_OFFSET_MM} (got ${shown(iss.input)}). Measure the shift on a test print.`
  return z
    .number({ error: message })
    .min(-MAX_OFFSET_MM, { error: message })
    .max(MAX_OFFSET_MM, { error: message })
}

export const offsetSchema = z.strictObject(
  { x: offsetAxis('x'), y: offsetAxis('y') },
  { error: 'Printer offset must be an object with x and y in millimetres.' },
)

export const senderCountrySchema = z
  .string({ error: (iss) => `Sender country must be text (got ${shown(iss.input)}).` })
  .trim()
  .regex(/^[A-Za-z]{2}$/, {
    error: (iss) =>
      `Sender country must be a two-letter country code such as US, GB or DE (got ${shown(iss.input)}).`,
  })

export const staleHoursSchema = wholeNumber(
  MIN_STALE_HOURS,
  MAX_STALE_HOURS,
  (iss) =>
    `Data older than must be a whole number of hours from ${MIN_STALE_HOURS} to ${MAX_STALE_HOURS} (got ${shown(iss.input)}).`,
)

/** Printable text, trimmed, non-empty: what a scanner or a person types into one field. */
function typedLine(label: string, max: number, fix: string) {
  return text(label, max, fix)
    .trim()
    .min(1, { error: `${label} is empty. ${fix}` })
    .regex(/^\P{Cc}*$/u, { error: `${label} may not contain control characters. ${fix}` })
}

export const stationNameSchema = typedLine(
  'Station name',
  MAX_STATION_NAME,
  'Name the packing desk, such as "Desk A".',
)

export const scanCodeSchema = typedLine(
  'Scanned code',
  128,
  'Scan the packing slip or the item barcode again.',
)

export const orderIdSchema = positiveId(
  'Order ID',
  '70001',
  'Scan the barcode on the packing slip again.',
)

export const trackingNumberSchema = typedLine(
  'Tracking number',
  64,
  'Scan or type the number printed on the shipping label.',
)

export const carrierSchema = text('Carrier', 64, 'Pick the carrier from the list.').trim()

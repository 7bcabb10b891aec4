import { z } from 'zod'
import { ORDER_STATUSES } from '../../shared/api/schemas'
import { LABELS_PER_SHEET, MAX_ORDER_ROWS_PER_REQUEST } from '../../shared/ipc/contract'
import type { IpcArgs, IpcChannel } from '../../shared/ipc/contract'
import { MAX_OFFSET_MM } from '../services/print'
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../services/sync'
import {
  LABEL_LAYOUT_IDS,
  LABEL_ORDERS,
  MAX_FOOTER_NOTE,
  MAX_STALE_HOURS,
  MIN_STALE_HOURS,
  SLIP_PAPERS,
  THEMES,
} from '../session/settings-store'

/**
 * Argument schemas, one per channel. The renderer is the least trusted process (it renders
 * data from the internet), so every value is checked here, and each message names the field as
 * the person sees it and says what would be accepted.
 */

/** A value quoted back in a message, short, never a whole pasted document. */
function shown(input: unknown): string {
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

function positiveId(label: string, example: string, where: string) {
  const message = (iss: { input: unknown }) =>
    `${label} must be a whole number above 0, such as ${example} (got ${shown(iss.input)}). ${where}`
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message })
}

export const campaignIdSchema = positiveId(
  'Campaign ID',
  '1234567',
  'Copy it from the campaign on the platform.',
)
const contributionIdSchema = positiveId(
  'Contribution ID',
  '41450054',
  'Pick the order from the table again.',
)
const accountIdSchema = positiveId(
  'Account ID',
  '17000101',
  'Copy it from the account on the platform.',
)

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

function httpUrl(label: string) {
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

const concurrencySchema = z
  .number({
    error: (iss) =>
      `Sync concurrency must be a whole number from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY} (got ${shown(iss.input)}).`,
  })
  .int({
    error: (iss) =>
      `Sync concurrency must be a whole number from ${MIN_CONCURRENCY} to ${MAX_CONCURRENCY} (got ${shown(iss.input)}).`,
  })
  .min(MIN_CONCURRENCY, {
    error: (iss) =>
      `Sync concurrency must be at least ${MIN_CONCURRENCY} (got ${shown(iss.input)}): pages fetched at once.`,
  })
  .max(MAX_CONCURRENCY, {
    error: (iss) =>
      `Sync concurrency must be at most ${MAX_CONCURRENCY} (got ${shown(iss.input)}): more would strain the API.`,
  })

const themeSchema = z.enum(THEMES, {
  error: (iss) => `Theme must be one of ${THEMES.join(', ')} (got ${shown(iss.input)}).`,
})

/** A known status or one the API sent that PerkPack does not know (kept as text). */
const statusSchema = z
  .string({
    error: (iss) =>
      `Status must be text such as ${ORDER_STATUSES.join(', ')} (got ${shown(iss.input)}). Pick it from the Status filter.`,
  })
  .trim()
  .min(1, { error: 'Status must not be empty. Pick it from the Status filter.' })
  .max(64, { error: 'Status must be at most 64 characters. Pick it from the Status filter.' })

/** The seven known statuses and a generous number of unknown ones a campaign may carry. */
const MAX_FILTER_STATUSES = 64

function text(label: string, max: number, hint: string) {
  return z
    .string({ error: (iss) => `${label} must be text (got ${shown(iss.input)}).` })
    .max(max, { error: `${label} must be at most ${max} characters. ${hint}` })
}

const apiTokenSchema = text('API token', 512, 'Paste the token only.').trim().min(1, {
  error:
    'API token is empty. Paste the API token the platform issued to you (Settings > API on the platform).',
})

const emailSchema = text('E-mail', 254, 'Check the address.')
  .trim()
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), {
    error: (iss) =>
      `E-mail must look like name@example.com (got ${shown(iss.input)}). Leave it empty to sign in with the API token only.`,
  })

const passwordSchema = text('Password', 1024, 'Check the password.')

const reauthPasswordSchema = passwordSchema.min(1, {
  error: 'Password is empty. Enter the password of the signed-in e-mail.',
})

/** A check's list at 100,000 orders still fits; more is no list a person opens. */
const MAX_LISTED_IDS = 200_000

const filterSchema = z.strictObject(
  {
    statuses: z
      .array(statusSchema, { error: 'Status must be a list of order statuses.' })
      .max(MAX_FILTER_STATUSES, { error: 'Status lists each order status at most once.' })
      .optional(),
    search: text('Search orders', 200, 'Shorten the search.').optional(),
    country: text('Country', 64, 'Pick it from the Country filter.').optional(),
    perkId: positiveId('Perk', '16842104', 'Pick the perk in the tree again.')
      .nullable()
      .optional(),
    variant: text('SKU variant', 512, 'Pick the variant in the tree again.').optional(),
    ids: z
      .array(contributionIdSchema, { error: 'The order list must be a list of contribution IDs.' })
      .max(MAX_LISTED_IDS, {
        error: `The order list holds at most ${MAX_LISTED_IDS.toLocaleString('en')} orders. Narrow the filters instead.`,
      })
      .optional(),
  },
  { error: 'The orders filter must be an object.' },
)

/** A whole number from `min` to `max`: positions and page sizes of the orders table. */
function countSchema(label: string, min: number, max: number, why: string) {
  const message = (iss: { input: unknown }) =>
    `${label} must be a whole number from ${min} to ${max.toLocaleString('en')} (got ${shown(iss.input)}). ${why}`
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

const orderRowsSchema = z.strictObject(
  {
    campaignId: campaignIdSchema,
    resultId: countSchema('Result ID', 1, Number.MAX_SAFE_INTEGER, 'Run the query again.'),
    offset: countSchema('Row offset', 0, Number.MAX_SAFE_INTEGER, 'Scroll the table again.'),
    limit: countSchema('Row count', 1, MAX_ORDER_ROWS_PER_REQUEST, 'Ask for fewer rows at once.'),
  },
  { error: 'The rows request must be an object.' },
)

const selectionFields = { campaignId: campaignIdSchema, filter: filterSchema }
const selectionArg = z.strictObject(selectionFields)

const layoutSchema = z.enum(LABEL_LAYOUT_IDS, {
  error: (iss) =>
    `Label layout must be one of ${LABEL_LAYOUT_IDS.join(', ')} (got ${shown(iss.input)}). Pick it from the Label layout list.`,
})

function offsetAxis(axis: string) {
  const message = (iss: { input: unknown }) =>
    `Printer offset ${axis} must be a number of millimetres from -${MAX_OFFSET_MM} to ${MAX_OFFSET_MM} (got ${shown(iss.input)}). Measure the shift on a test print.`
  return z
    .number({ error: message })
    .min(-MAX_OFFSET_MM, { error: message })
    .max(MAX_OFFSET_MM, { error: message })
}

const offsetSchema = z.strictObject(
  { x: offsetAxis('x'), y: offsetAxis('y') },
  { error: 'Printer offset must be an object with x and y in millimetres.' },
)

const labelOrderSchema = z.enum(LABEL_ORDERS, {
  error: (iss) =>
    `Label order must be one of ${LABEL_ORDERS.join(', ')} (got ${shown(iss.input)}).`,
})

const paperSchema = z.enum(SLIP_PAPERS, {
  error: (iss) => `Paper must be letter or a4 (got ${shown(iss.input)}).`,
})

function flag(label: string) {
  return z.boolean({ error: (iss) => `${label} must be true or false (got ${shown(iss.input)}).` })
}

const labelsArg = z
  .strictObject({
    ...selectionFields,
    layout: layoutSchema,
    startAt: z
      .number({
        error: (iss) => `Start at label must be a whole number (got ${shown(iss.input)}).`,
      })
      .int({ error: (iss) => `Start at label must be a whole number (got ${shown(iss.input)}).` }),
    offsetMm: offsetSchema,
    order: labelOrderSchema,
    showSummary: flag('Show order line'),
  })
  .superRefine((value, ctx) => {
    // The range depends on the stock: 30 on an Avery 5160 sheet, 1 on a thermal roll.
    const max = LABELS_PER_SHEET[value.layout]
    if (value.startAt < 1 || value.startAt > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['startAt'],
        message: `Start at label must be from 1 to ${max} for this label layout (got ${value.startAt}): the position of the first free label on the sheet.`,
      })
    }
  })

const slipsArg = z.strictObject({ ...selectionFields, paper: paperSchema })

const csvFormatSchema = z.enum(['generic', 'shipstation'], {
  error: (iss) => `CSV format must be generic or shipstation (got ${shown(iss.input)}).`,
})

const senderCountrySchema = z
  .string({ error: (iss) => `Sender country must be text (got ${shown(iss.input)}).` })
  .trim()
  .regex(/^[A-Za-z]{2}$/, {
    error: (iss) =>
      `Sender country must be a two-letter country code such as US, GB or DE (got ${shown(iss.input)}).`,
  })

const staleHoursMessage = (iss: { input: unknown }) =>
  `Data older than must be a whole number of hours from ${MIN_STALE_HOURS} to ${MAX_STALE_HOURS} (got ${shown(iss.input)}).`
const staleHoursSchema = z
  .number({ error: staleHoursMessage })
  .int({ error: staleHoursMessage })
  .min(MIN_STALE_HOURS, { error: staleHoursMessage })
  .max(MAX_STALE_HOURS, { error: staleHoursMessage })

const campaignArg = z.strictObject({ campaignId: campaignIdSchema })
const shrinkChoiceSchema = z.enum(['replace', 'keep'], {
  error: (iss) =>
    `The choice must be "replace" (use the smaller copy) or "keep" (keep the current copy) (got ${shown(iss.input)}).`,
})
const jobArg = z.strictObject({ campaignId: campaignIdSchema, jobId: jobIdSchema })

type ArgSchemas = { [C in IpcChannel]: z.ZodType<IpcArgs<C>> }

export const ARG_SCHEMAS: ArgSchemas = {
  'app:info': z.tuple([]),
  'settings:get': z.tuple([]),
  'settings:update': z.tuple([
    z.strictObject({
      baseUrl: httpUrl('API base URL').optional(),
      authUrl: httpUrl('Auth URL').optional(),
      concurrency: concurrencySchema.optional(),
      theme: themeSchema.optional(),
      labelLayout: layoutSchema.optional(),
      labelOffsetMm: offsetSchema.optional(),
      labelOrder: labelOrderSchema.optional(),
      labelSummary: flag('Show order line').optional(),
      slipPaper: paperSchema.optional(),
      slipFooterNote: text(
        'Packing slip footer',
        MAX_FOOTER_NOTE,
        'Shorten the note: it prints at the foot of every slip.',
      ).optional(),
      senderCountry: senderCountrySchema.optional(),
      staleAfterHours: staleHoursSchema.optional(),
    }),
  ]),
  'session:status': z.tuple([]),
  'session:signIn': z.tuple([
    z.strictObject({
      apiToken: apiTokenSchema,
      email: emailSchema.optional(),
      password: passwordSchema.optional(),
      baseUrl: httpUrl('API base URL').optional(),
      authUrl: httpUrl('Auth URL').optional(),
    }),
  ]),
  'session:reauthenticate': z.tuple([z.strictObject({ password: reauthPasswordSchema })]),
  'session:signOut': z.tuple([]),
  'demo:start': z.tuple([]),
  'campaigns:recent': z.tuple([]),
  'campaigns:sync': z.tuple([
    z.strictObject({ campaignId: campaignIdSchema, concurrency: concurrencySchema.optional() }),
  ]),
  'campaigns:cancelSync': z.tuple([campaignArg]),
  'campaigns:pendingShrink': z.tuple([campaignArg]),
  'campaigns:resolveShrink': z.tuple([
    z.strictObject({ campaignId: campaignIdSchema, choice: shrinkChoiceSchema }),
  ]),
  'problems:list': z.tuple([campaignArg]),
  'orders:open': z.tuple([campaignArg]),
  'orders:query': z.tuple([z.strictObject({ campaignId: campaignIdSchema, filter: filterSchema })]),
  'orders:rows': z.tuple([orderRowsSchema]),
  'orders:detail': z.tuple([
    z.strictObject({ campaignId: campaignIdSchema, contributionId: contributionIdSchema }),
  ]),
  'jobs:list': z.tuple([]),
  'jobs:watch': z.tuple([jobArg]),
  'jobs:unwatch': z.tuple([jobArg]),
  'signups:get': z.tuple([
    z.strictObject({
      campaignId: campaignIdSchema,
      refresh: z.boolean({
        error: (iss) => `refresh must be true or false (got ${shown(iss.input)}).`,
      }),
    }),
  ]),
  'account:contributions': z.tuple([z.strictObject({ accountId: accountIdSchema })]),
  'network:status': z.tuple([]),
  'shell:openExternal': z.tuple([
    z.strictObject({
      url: text('Link', 2048, 'The link is too long to open.'),
    }),
  ]),
  'checks:run': z.tuple([selectionArg]),
  'export:excel': z.tuple([selectionArg]),
  'export:csv': z.tuple([z.strictObject({ ...selectionFields, format: csvFormatSchema })]),
  'print:labelsPreview': z.tuple([labelsArg]),
  'print:labels': z.tuple([labelsArg]),
  'print:labelsPdf': z.tuple([labelsArg]),
  'print:slips': z.tuple([slipsArg]),
  'print:slipsPdf': z.tuple([slipsArg]),
}

/** The first problem, as one sentence a person can act on. */
export function describeArgsError(
  channel: IpcChannel,
  error: z.ZodError,
  raw: readonly unknown[],
): string {
  const issue = error.issues[0]
  if (!issue) return `The request ${channel} was refused: its arguments are not valid.`
  const where = issue.path.slice(1).map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ')
    return `The request ${channel} has unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}${where ? ` in ${where}` : ''}: remove ${issue.keys.length === 1 ? 'it' : 'them'}.`
  }
  if (issue.path.length === 0 && (issue.code === 'too_small' || issue.code === 'too_big')) {
    const expected = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum)
    return `The request ${channel} takes ${expected} argument${expected === 1 ? '' : 's'}, got ${raw.length}.`
  }
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return `The request ${channel} needs ${where ? `"${where}" as ` : ''}an object with its fields, got ${shown(valueAt(raw, issue.path))}.`
  }
  return issue.message
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

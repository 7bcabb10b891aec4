import { z } from 'zod'
import { ADDRESS_PART_NAMES } from '../corrections/correction-types'
import type { AddressParts } from '../corrections/correction-types'
import { TRACKING_HOLD_REASONS } from '../floor/tracking-holds'
import { TRACKING_FORMATS } from './enums'
import {
  campaignIdSchema,
  contributionIdSchema,
  carrierSchema,
  countSchema,
  flag,
  orderIdSchema,
  scanCodeSchema,
  shown,
  text,
  trackingNumberSchema,
} from './field-schemas'
import { MAX_FLOOR_FILE_BYTES } from './limits'

// The arguments of floor:*, and the pack station's stored session.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

const floorFileMessage = `The file must be at most ${MAX_FLOOR_FILE_BYTES / 2 ** 20} MB. Choose the CSV export itself, not a folder or an archive.`

/** A CSV the person picked, read by the window and handed over whole (base64). */
export const floorFileFields = {
  campaignId: campaignIdSchema,
  fileName: text('File name', 255, 'Rename the file to something shorter.'),
  contentBase64: z
    .string({ error: 'The file content must be text (base64).' })
    .max(Math.ceil(MAX_FLOOR_FILE_BYTES / 3) * 4, { error: floorFileMessage })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'The file content must be base64.' }),
}

export const trackingPreviewRequestSchema = z.strictObject({
  ...floorFileFields,
  format: z
    .enum(TRACKING_FORMATS, {
      error: (iss) =>
        `Format must be one of ${TRACKING_FORMATS.join(', ')} (got ${shown(iss.input)}).`,
    })
    .optional(),
})
export type TrackingPreviewRequest = z.infer<typeof trackingPreviewRequestSchema>

export const trackingImportRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  previewId: z
    .number({ error: 'The preview id must be a number: preview the file again.' })
    .int()
    .positive(),
  /** The reasons of the held rows the person confirmed: those are written too. */
  include: z
    .array(
      z.enum(TRACKING_HOLD_REASONS, {
        error: (iss) =>
          `Each reason to include must be one of ${TRACKING_HOLD_REASONS.join(', ')} (got ${shown(iss.input)}).`,
      }),
    )
    .max(TRACKING_HOLD_REASONS.length)
    .optional(),
})
export type TrackingImportRequest = z.infer<typeof trackingImportRequestSchema>

export const dashboardFillRequestSchema = z.strictObject(floorFileFields)
export type DashboardFillRequest = z.infer<typeof dashboardFillRequestSchema>

export const scanRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  code: scanCodeSchema,
})

/** One order of a campaign: what every floor action on an order names. */
const orderFields = { campaignId: campaignIdSchema, orderId: orderIdSchema }
export const stationOrderRequestSchema = z.strictObject(orderFields)

export const packRequestSchema = z.strictObject({
  ...orderFields,
  /**
   * The person answered "Pack anyway" to the station's question about the red band (the CLI's
   * --force): only then does main pack an order whose status or hold says not to ship it.
   */
  anyway: z.boolean().optional(),
})

export const trackingRequestSchema = z.strictObject({
  ...orderFields,
  trackingNumber: trackingNumberSchema,
  /** Empty: not known; else written as EasyPost names it. */
  carrier: carrierSchema,
})
export type TrackingRequest = z.infer<typeof trackingRequestSchema>

/** An undo step is kept per action; a day's work at a desk fits, a runaway list does not. */
const MAX_UNDO_STEPS = 200
/** Variants in one box; far above any real order, small enough to refuse a runaway object. */
const MAX_LINES = 500
const MAX_UNITS = 100_000

const ticksSchema = z
  .record(
    text('Checklist line', 1024, 'Scan the order again.'),
    countSchema('Units ticked', 0, MAX_UNITS, 'Scan the order again.'),
  )
  .refine((ticks) => Object.keys(ticks).length <= MAX_LINES, {
    error: `The checklist holds at most ${MAX_LINES} lines. Scan the order again.`,
  })

const isoTime = text('Time', 40, 'Open the station again.').refine(
  (value) => !Number.isNaN(Date.parse(value)),
  { error: 'Time must be an ISO 8601 date and time.' },
)

const undoStepSchema = z.discriminatedUnion('kind', [
  /** `delta` +1 (ticked) or -1 (unticked): undo applies the opposite. */
  z.strictObject({
    kind: z.literal('tick'),
    key: text('Checklist line', 1024, 'Scan the order again.'),
    delta: z.union([z.literal(1), z.literal(-1)]),
  }),
  /** The order packed, with its ticks, so undo unpacks it and puts it back on the station. */
  z.strictObject({ kind: z.literal('pack'), orderId: orderIdSchema, ticks: ticksSchema }),
])
export type StationUndoStep = z.infer<typeof undoStepSchema>

/**
 * The station's work in progress, stored after every action, so an app closed mid-order opens
 * again on the same order with the same ticks, undo steps and session counters.
 */
export const stationSessionSchema = z.strictObject({
  /** The order on the station, null between orders. */
  orderId: orderIdSchema.nullable(),
  ticks: ticksSchema,
  undo: z.array(undoStepSchema).max(MAX_UNDO_STEPS, {
    error: `At most ${MAX_UNDO_STEPS} undo steps are kept.`,
  }),
  /** Orders packed at this station since the session started, and when it started. */
  packed: countSchema('Orders packed', 0, Number.MAX_SAFE_INTEGER, 'Start a new session.'),
  startedAt: isoTime,
  /** After packing, ask for the parcel's tracking number before the next order. */
  askTracking: flag('Ask for tracking number'),
  /** The carrier the last tracking number went with: the next parcel likely goes the same way. */
  carrier: carrierSchema,
})
export type StationSession = z.infer<typeof stationSessionSchema>

export const saveSessionRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  session: stationSessionSchema,
})

export const floorNoteRequestSchema = z.strictObject({
  ...orderFields,
  note: text('Note', 500, 'Keep the note short: what the next person at the desk needs.'),
})

// What a person sends to hold an order or correct its address (issue 28): checked in main before
// anything is written, in sentences the drawer shows under the field.

const contributionFields = { campaignId: campaignIdSchema, contributionId: contributionIdSchema }

/** One line a person typed or pasted: trimmed, no control characters (a label prints it). */
function line(label: string, max: number, fix: string) {
  return text(label, max, fix)
    .trim()
    .regex(/^\P{Cc}*$/u, { error: `${label} may not contain control characters. ${fix}` })
}

const reasonSchema = line('Reason', 200, 'Say in a few words why, for the next person.').min(1, {
  error:
    'Give a reason, in a few words, for the next person (a customs question, a backer who asked to combine).',
})

export const holdRequestSchema = z.strictObject({ ...contributionFields, reason: reasonSchema })
export type HoldRequest = z.infer<typeof holdRequestSchema>

export const orderOfCampaignSchema = z.strictObject(contributionFields)
export type OrderOfCampaign = z.infer<typeof orderOfCampaignSchema>

/** The parts a label cannot do without; the others may stay empty. */
const REQUIRED_PARTS: ReadonlySet<keyof AddressParts> = new Set([
  'name',
  'address',
  'city',
  'country',
])

const PART_LABELS: Readonly<Record<keyof AddressParts, string>> = {
  name: 'Name',
  address: 'Street',
  address2: 'Street, second line',
  city: 'City',
  state: 'State or region',
  zipcode: 'Postal code',
  country: 'Country',
  phone_number: 'Phone',
}

function partSchema(name: keyof AddressParts) {
  const label = PART_LABELS[name]
  if (name === 'country')
    return z
      .string({ error: (iss) => `Country must be text (got ${shown(iss.input)}).` })
      .trim()
      .regex(/^[A-Za-z]{2}$/, {
        error: (iss) =>
          `Country must be a two-letter country code such as US, GB or DE (got ${shown(iss.input)}). Pick it from the list.`,
      })
      .transform((code) => code.toUpperCase())
  const base = line(label, 200, `Check the ${label.toLowerCase()}.`)
  if (REQUIRED_PARTS.has(name))
    return base.min(1, {
      error: `${label} is empty: a label needs it. Type it, or paste the address again.`,
    })
  // An empty optional part is stored as "none", as the platform leaves it out.
  return z
    .union([base, z.null()])
    .transform((value) => (value === null || value === '' ? null : value))
}

const addressSchema = z.strictObject(
  Object.fromEntries(ADDRESS_PART_NAMES.map((name) => [name, partSchema(name)])) as {
    [K in keyof AddressParts]: ReturnType<typeof partSchema>
  },
)

export const addressCorrectionRequestSchema = z.strictObject({
  ...contributionFields,
  address: addressSchema,
  reason: reasonSchema,
})
export interface AddressCorrectionRequest {
  campaignId: number
  contributionId: number
  address: AddressParts
  reason: string
}

/**
 * The person's choice for an order whose platform address changed after their correction: keep
 * the correction (it is now made against the new platform address) or take the platform's.
 */
export const addressChangeChoiceSchema = z.strictObject({
  ...contributionFields,
  keep: z.enum(['correction', 'platform'], {
    error: (iss) =>
      `Choose to keep the correction or the platform's address (got ${shown(iss.input)}).`,
  }),
})
export type AddressChangeChoice = z.infer<typeof addressChangeChoiceSchema>

/** `floor:progress`: the campaign's, or only a wave's orders (its frozen list, by name). */
export const progressRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  wave: text('Wave', 100, 'Pick the wave from the list again.').optional(),
})
export type ProgressRequest = z.infer<typeof progressRequestSchema>

// The arguments of floor:reship* (issue 28): a second parcel for an order, made from its drawer.
// Checked in main before anything is written, in sentences the drawer shows.

/** Lines of one parcel: far above any real order, small enough to refuse a runaway list. */
const MAX_ITEMS = 500

const reshipItemSchema = z.strictObject({
  variantKey: text('Item', 500, 'Pick the items from the order again.').min(1, {
    error: 'Pick the items from the order again.',
  }),
  quantity: countSchema('Quantity', 1, 100_000, 'Give how many of the item go in the parcel.'),
})

export const reshipRequestSchema = z.strictObject({
  ...contributionFields,
  items: z
    .array(reshipItemSchema, { error: 'Pick the items that go in the parcel.' })
    .min(1, { error: 'Pick at least one item for the parcel.' })
    .max(MAX_ITEMS, { error: `A parcel holds at most ${MAX_ITEMS} lines.` }),
  reason: text('Reason', 200, 'Say in a few words why, for the next person.')
    .trim()
    .regex(/^\P{Cc}*$/u, { error: 'The reason may not contain control characters.' })
    .min(1, { error: 'Give a reason, in a few words, for the next person (lost, damaged).' }),
  /**
   * The form's own key, new each time it opens: the same key again (a second click, a scanner's
   * Enter) answers the reship made the first time instead of making another.
   */
  requestKey: text('Request key', 64, 'Open the reship form again.').min(1, {
    error: 'Open the reship form again.',
  }),
})
export type ReshipRequest = z.infer<typeof reshipRequestSchema>

const reshipIdSchema = countSchema(
  'Reship',
  1,
  Number.MAX_SAFE_INTEGER,
  "Pick the reship from the order's list again.",
)

export const reshipTrackingRequestSchema = z.strictObject({
  ...contributionFields,
  reshipId: reshipIdSchema,
  trackingNumber: trackingNumberSchema,
})
export type ReshipTrackingRequest = z.infer<typeof reshipTrackingRequestSchema>

export const RESHIP_DOCUMENTS = ['label', 'slip'] as const
export type ReshipDocument = (typeof RESHIP_DOCUMENTS)[number]

export const reshipPdfRequestSchema = z.strictObject({
  ...contributionFields,
  reshipId: reshipIdSchema,
  document: z.enum(RESHIP_DOCUMENTS, { error: 'Choose the label or the packing slip.' }),
})
export type ReshipPdfRequest = z.infer<typeof reshipPdfRequestSchema>

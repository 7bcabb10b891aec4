import { z } from 'zod'
import {
  apiTokenSchema,
  campaignIdSchema,
  carrierSchema,
  concurrencySchema,
  contributionIdSchema,
  countSchema,
  csvFormatSchema,
  emailSchema,
  flag,
  httpUrl,
  labelOrderSchema,
  layoutSchema,
  offsetSchema,
  orderIdSchema,
  paperSchema,
  passwordSchema,
  perkIdSchema,
  scanCodeSchema,
  senderCountrySchema,
  shown,
  slipBatchSizeSchema,
  staleHoursSchema,
  stationNameSchema,
  statusSchema,
  text,
  themeSchema,
  trackingNumberSchema,
} from './field-schemas'
import { teamUrlSchema } from './team-schemas'
import { FLOOR_STAGES } from '../floor/order-state'
import { TRACKING_HOLD_REASONS } from '../floor/tracking-holds'
import { SIGNUPS_FILE_FORMATS, TRACKING_FORMATS } from './enums'
import {
  LABELS_PER_SHEET,
  MAX_FLOOR_FILE_BYTES,
  MAX_FOOTER_NOTE,
  MAX_ORDER_ROWS_PER_REQUEST,
} from './limits'

/**
 * The shapes of the IPC arguments. The types the renderer sends and main receives are read from
 * these schemas (`z.infer`), so a field added here is checked and typed at once.
 */

const appSettingsSchema = z.strictObject({
  /** Data API, e.g. https://api.indiegogo.com (paths under /2/ are appended). */
  baseUrl: httpUrl('API base URL'),
  /** Token endpoint is `${authUrl}/oauth/token`. */
  authUrl: httpUrl('Auth URL'),
  /** Pages fetched at once during a sync. */
  concurrency: concurrencySchema,
  theme: themeSchema,
  /** Label stock "Print & export" starts with. */
  labelLayout: layoutSchema,
  /** Printer calibration: every label shifted right (x) and down (y), in millimetres. */
  labelOffsetMm: offsetSchema,
  labelOrder: labelOrderSchema,
  /** The small "#sequence · SKUs" line at the foot of each label. */
  labelSummary: flag('Show order line'),
  slipPaper: paperSchema,
  /** Packing slips per PDF file or print job. */
  slipBatchSize: slipBatchSizeSchema,
  /** Printed at the foot of every packing slip; may be empty. */
  slipFooterNote: text(
    'Packing slip footer',
    MAX_FOOTER_NOTE,
    'Shorten the note: it prints at the foot of every slip.',
  ),
  /** ISO 3166-1 alpha-2 code of the country parcels leave from, e.g. "US". */
  senderCountry: senderCountrySchema,
  /** Pre-print checks warn when the last sync is older than this, in hours. */
  staleAfterHours: staleHoursSchema,
  /** Who packed an order, on the floor's record: default this computer's name. */
  stationName: stationNameSchema,
  /** The team store (docs/team-mode.md), without password; empty: this desk's own record. */
  teamUrl: teamUrlSchema,
})
export type AppSettings = z.infer<typeof appSettingsSchema>

/**
 * `settings:update`: any of the settings; URLs left empty keep the current ones. The team URL
 * is set with its password through `team:configure`, which opens the team desk.
 */
export const settingsPatchSchema = appSettingsSchema.omit({ teamUrl: true }).partial()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

export const signInSchema = z.strictObject({
  apiToken: apiTokenSchema,
  /** Empty or absent: API token only. */
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  baseUrl: httpUrl('API base URL').optional(),
  authUrl: httpUrl('Auth URL').optional(),
})
export type SignInInput = z.infer<typeof signInSchema>

export const campaignArgSchema = z.strictObject({ campaignId: campaignIdSchema })

export const syncRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** Defaults to the setting. */
  concurrency: concurrencySchema.optional(),
})
export type SyncRequest = z.infer<typeof syncRequestSchema>

/** The seven known statuses and a generous number of unknown ones a campaign may carry. */
const MAX_FILTER_STATUSES = 64
/** A check's list at 100,000 orders still fits; more is no list a person opens. */
const MAX_LISTED_IDS = 200_000

/** One node of the Orders tree: see NodeFilter (shared/fulfillment/node-filter.ts). */
const treeNodeFields = {
  /** A perk (null = the "No perk" group) ... */
  perkId: perkIdSchema.nullable().optional(),
  /** ... or a SKU variant (a `variantKey`): inside that perk, or in any perk without one. */
  variant: text('SKU variant', 512, 'Pick the variant in the tree again.').optional(),
  /** The variant only where it ships: a pick-list row's orders. */
  ships: z.boolean({ error: 'Ships must be true or false.' }).optional(),
}
/** Nodes picked together in the tree; more is no selection a person makes. */
const MAX_TREE_NODES = 500

export const ordersFilterSchema = z.strictObject(
  {
    /** Empty array: every status. Absent: captured + in fulfillment. */
    statuses: z
      .array(statusSchema, { error: 'Status must be a list of order statuses.' })
      .max(MAX_FILTER_STATUSES, { error: 'Status lists each order status at most once.' })
      .optional(),
    search: text('Search orders', 200, 'Shorten the search.').optional(),
    country: text('Country', 64, 'Pick it from the Country filter.').optional(),
    /** Tree node: a perk (null = the "No perk" group) ... */
    perkId: perkIdSchema.nullable().optional(),
    /** Only orders at these stages of the packing floor; absent: every stage. */
    floor: z
      .array(
        z.enum(FLOOR_STAGES, {
          error: (iss) =>
            `Floor stage must be one of ${FLOOR_STAGES.join(', ')} (got ${shown(iss.input)}).`,
        }),
        { error: 'Floor stages must be a list.' },
      )
      .max(FLOOR_STAGES.length)
      .optional(),
    /** ... or a SKU variant (a `variantKey`) inside that perk. */
    variant: text('SKU variant', 512, 'Pick the variant in the tree again.').optional(),
    /** The variant only where it ships (see treeNodeFields). */
    ships: treeNodeFields.ships,
    /** Several tree nodes: orders matching any of them (then without the node fields above). */
    nodes: z
      .array(z.strictObject(treeNodeFields, { error: 'Each tree node must be an object.' }), {
        error: 'The tree nodes must be a list.',
      })
      .max(MAX_TREE_NODES, {
        error: `Pick at most ${MAX_TREE_NODES} perks and SKUs at once. Pick fewer in the tree.`,
      })
      .optional(),
    /**
     * Only these contributions (a pre-print check's list), combined with the fields above like
     * any other filter: send `statuses: []` with it to show exactly these orders. The tree and
     * the pick list are built over them too.
     */
    ids: z
      .array(contributionIdSchema, { error: 'The order list must be a list of contribution IDs.' })
      .max(MAX_LISTED_IDS, {
        error: `The order list holds at most ${MAX_LISTED_IDS.toLocaleString('en')} orders. Narrow the filters instead.`,
      })
      .optional(),
  },
  { error: 'The orders filter must be an object.' },
)
export type OrdersFilter = z.infer<typeof ordersFilterSchema>

/** Rows `offset` to `offset + limit` of a query's answer. */
export const orderRowsRequestSchema = z.strictObject(
  {
    campaignId: campaignIdSchema,
    resultId: countSchema('Result ID', 1, Number.MAX_SAFE_INTEGER, 'Run the query again.'),
    offset: countSchema('Row offset', 0, Number.MAX_SAFE_INTEGER, 'Scroll the table again.'),
    limit: countSchema('Row count', 1, MAX_ORDER_ROWS_PER_REQUEST, 'Ask for fewer rows at once.'),
  },
  { error: 'The rows request must be an object.' },
)
export type OrderRowsRequest = z.infer<typeof orderRowsRequestSchema>

export const orderDetailRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  contributionId: contributionIdSchema,
})

/** The orders about to go out: the Orders view's current filter over the offline copy. */
const selectionFields = { campaignId: campaignIdSchema, filter: ordersFilterSchema }
export const selectionRequestSchema = z.strictObject(selectionFields)
export type SelectionRequest = z.infer<typeof selectionRequestSchema>

export const csvExportRequestSchema = z.strictObject({
  ...selectionFields,
  format: csvFormatSchema,
})
export type CsvExportRequest = z.infer<typeof csvExportRequestSchema>

const startAtMessage = (iss: { input: unknown }) =>
  `Start at label must be a whole number (got ${shown(iss.input)}).`

export const labelsRequestSchema = z
  .strictObject({
    ...selectionFields,
    layout: layoutSchema,
    /** 1-based position on the first sheet, up to LABELS_PER_SHEET[layout]. */
    startAt: z.number({ error: startAtMessage }).int({ error: startAtMessage }),
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
export type LabelsRequest = z.infer<typeof labelsRequestSchema>

const floorFileMessage = `The file must be at most ${MAX_FLOOR_FILE_BYTES / 2 ** 20} MB. Choose the CSV export itself, not a folder or an archive.`

/** A CSV the person picked, read by the window and handed over whole (base64). */
const floorFileFields = {
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

/** The Sign-ups view's list as a file. */
export const signupsExportRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  format: z.enum(SIGNUPS_FILE_FORMATS, {
    error: (iss) =>
      `The file type must be one of ${SIGNUPS_FILE_FORMATS.join(', ')} (got ${shown(iss.input)}).`,
  }),
})
export type SignupsExportRequest = z.infer<typeof signupsExportRequestSchema>

/** "Mark as printed" of a labels or slips PDF saved in this run. */
export const pdfPrintedRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  savedPdfId: z
    .number({ error: 'The saved PDF id must be a number: save the PDF again.' })
    .int()
    .positive(),
})
export type PdfPrintedRequest = z.infer<typeof pdfPrintedRequestSchema>

export const dashboardFillRequestSchema = z.strictObject(floorFileFields)
export type DashboardFillRequest = z.infer<typeof dashboardFillRequestSchema>
/** Every status, a long search and a variant with many choices still fit. */
const MAX_SELECTION_TEXT = 1000

/**
 * The pick list on paper: the selection, its paper, and the selection in the words the Pick
 * list view shows (its chip and filters), printed in the header so paper and screen say the same.
 */
export const pickListPrintRequestSchema = z.strictObject({
  ...selectionFields,
  paper: paperSchema,
  selection: text(
    'Selection',
    MAX_SELECTION_TEXT,
    'Narrow the filters: the selection must fit in the pick list header.',
  ),
})
export type PickListPrintRequest = z.infer<typeof pickListPrintRequestSchema>

export const scanRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  code: scanCodeSchema,
})

/** One order of a campaign: what every floor action on an order names. */
const orderFields = { campaignId: campaignIdSchema, orderId: orderIdSchema }
export const stationOrderRequestSchema = z.strictObject(orderFields)

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

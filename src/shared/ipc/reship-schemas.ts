import { z } from 'zod'
import {
  campaignIdSchema,
  contributionIdSchema,
  countSchema,
  text,
  trackingNumberSchema,
} from './field-schemas'

// The arguments of floor:reship* (issue 28): a second parcel for an order, made from its drawer.
// Checked in main before anything is written, in sentences the drawer shows.

const orderFields = { campaignId: campaignIdSchema, contributionId: contributionIdSchema }

/** Lines of one parcel: far above any real order, small enough to refuse a runaway list. */
const MAX_ITEMS = 500

const reshipItemSchema = z.strictObject({
  variantKey: text('Item', 500, 'Pick the items from the order again.').min(1, {
    error: 'Pick the items from the order again.',
  }),
  quantity: countSchema('Quantity', 1, 100_000, 'Give how many of the item go in the parcel.'),
})

export const reshipRequestSchema = z.strictObject({
  ...orderFields,
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
  ...orderFields,
  reshipId: reshipIdSchema,
  trackingNumber: trackingNumberSchema,
})
export type ReshipTrackingRequest = z.infer<typeof reshipTrackingRequestSchema>

export const RESHIP_DOCUMENTS = ['label', 'slip'] as const
export type ReshipDocument = (typeof RESHIP_DOCUMENTS)[number]

export const reshipPdfRequestSchema = z.strictObject({
  ...orderFields,
  reshipId: reshipIdSchema,
  document: z.enum(RESHIP_DOCUMENTS, { error: 'Choose the label or the packing slip.' }),
})
export type ReshipPdfRequest = z.infer<typeof reshipPdfRequestSchema>

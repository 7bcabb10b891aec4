import { z } from 'zod'
import {
  anything,
  boolLike,
  intLike,
  listOrEmpty,
  nonBlankText,
  numberLike,
  optional,
  textLike,
} from './lenient'
import { CONTRIBUTION_FIELD_PURPOSES } from './field-purposes'
import { readItemList } from './item-list'
import type { ItemList, UnreadableItem } from './item-list'
import { readRow } from './validate'
import type { RowRead } from './validate'

// Every object schema is loose: the platform may add fields at any time and a desktop client
// that refuses a whole page over one new key would strand a fulfillment team mid-shipment.

export const ORDER_STATUSES = [
  'captured',
  'pending',
  'in_fulfillment',
  'fulfilled',
  'refunded',
  'unprocessable',
  'on_hold',
] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatusSchema>

export const BATCH_STATUSES = ['queued', 'working', 'completed', 'failed', 'killed'] as const
export const batchStateSchema = z.enum(BATCH_STATUSES)
export type BatchState = z.infer<typeof batchStateSchema>
export const TERMINAL_BATCH_STATUSES: readonly BatchState[] = ['completed', 'failed', 'killed']

/** ISO 8601 date-time with a numeric offset or Z, as the spec describes `<timestamp>`. */
export const timestampSchema = z.iso.datetime({ offset: true })

/** A known order status in its canonical spelling, else the text as sent (trimmed). */
export type OrderStatusText = OrderStatus | (string & {})

export function isKnownStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * `Captured`, `in-fulfillment` and `ON HOLD` are the statuses PerkPack knows and are read as
 * such; any other text is kept as it came (trimmed), shown as is and counted, never dropped.
 */
export function normalizeStatus(value: string): OrderStatusText {
  const trimmed = value.trim()
  const canonical = trimmed.toLowerCase().replace(/[\s-]+/g, '_')
  return isKnownStatus(canonical) ? canonical : trimmed
}

const statusText = nonBlankText.transform((value): OrderStatusText => normalizeStatus(value))

// Required fields are the fulfillment core's needs and nothing more (docs/data-policy.md gives
// the reason for each). Every other field is optional: absent, null or unusable reads as
// undefined, and the raw row keeps what the API sent. Objects stay loose: unknown keys pass.

export const skuChoiceSchema = z.looseObject({
  name: textLike,
  value: textLike,
})
export type SkuChoice = z.infer<typeof skuChoiceSchema>

export const skuSchema = z.looseObject({
  id: optional(intLike),
  code: nonBlankText,
  choices: listOrEmpty(skuChoiceSchema),
})
export type Sku = z.infer<typeof skuSchema>

export const itemSchema = z.looseObject({
  id: optional(intLike),
  name: optional(textLike),
  quantity: intLike.pipe(z.number().min(0, 'Expected a quantity of 0 or more')),
  sku: skuSchema,
})
export type Item = z.infer<typeof itemSchema>

/** A perk's `items` read one by one: see item-list.ts (absent or null is none). */
const itemList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : value),
  z.unknown().transform((value) => readItemList(value, itemSchema)),
)

type WithItemList = { items: ItemList<Item> }
// Key remapping, not Omit: Omit of a loose object's index signature would lose its named keys.
type WithItems<P extends WithItemList> = {
  [K in keyof P as K extends 'items' ? never : K]: P[K]
} & {
  items: Item[]
  /** Items PerkPack cannot use (no SKU, no quantity, ...): absent when there are none. */
  unreadable_items?: UnreadableItem[]
}

/**
 * The perk with its readable items under `items`, where the API put them, and the others under
 * `unreadable_items`, a key PerkPack adds only when there are some: a clean row reads back as
 * it came.
 */
function withItems<P extends WithItemList>(perk: P): WithItems<P> {
  const out = perk as unknown as Record<string, unknown>
  const { items, unreadable } = perk.items
  out.items = items
  if (unreadable.length > 0) out.unreadable_items = unreadable
  return out as WithItems<P>
}

export const perkFieldsSchema = z.looseObject({
  id: intLike,
  campaign_slug: optional(textLike),
  amount: optional(numberLike),
  description: optional(textLike),
  number_claimed: optional(intLike),
  /** Absent or null: no cap (or not known). */
  number_available: optional(intLike),
  estimated_delivery_date: anything,
  /** Absent: not known (the print issue decides what ships without it). */
  shipping_address_required: optional(boolLike),
  label: textLike,
  validation_errors: anything,
  featured: optional(boolLike),
  non_tax_deductible_amount: anything,
  items: itemList,
})
export const perkSchema = perkFieldsSchema.transform(withItems)
export type Perk = z.infer<typeof perkSchema>

/** Every part of an address can be missing: many countries have no state, postcode or phone. */
export const shippingSchema = z.looseObject({
  name: optional(textLike),
  address: optional(textLike),
  address2: optional(textLike),
  city: optional(textLike),
  state: optional(textLike),
  zipcode: optional(textLike),
  country: optional(textLike),
  phone_number: optional(textLike),
})
export type Shipping = z.infer<typeof shippingSchema>

export const orderSchema = z.looseObject({
  id: intLike,
  perks: z.array(perkSchema),
  /** The order number backers and shippers see; older rows can lack it. */
  sequence_number: optional(intLike),
  // Privileged: absent (or null) without a team member's access token.
  shipping: optional(shippingSchema),
  status: statusText,
})
export type Order = z.infer<typeof orderSchema>

export const appearanceSchema = z.looseObject({
  private_amount: optional(boolLike),
})

const contributionBase = {
  id: intLike,
  created_at: optional(textLike),
  avatar_url: optional(textLike),
  amount: optional(numberLike),
  by: optional(textLike),
  appearance: optional(appearanceSchema),
}

// Keys in the order the API writes them: a clean row then reads back byte for byte.
export const campaignContributionSchema = z.looseObject({
  ...contributionBase,
  // Privileged: absent (or null) without a team member's access token.
  email: optional(textLike),
  account_id: optional(intLike),
  referrer_id: optional(intLike),
  contributor_name: optional(textLike),
  payment_method: optional(textLike),
  order: orderSchema,
})
export type CampaignContribution = z.infer<typeof campaignContributionSchema>

export const teamMemberSchema = z.looseObject({
  id: optional(intLike),
  name: optional(textLike),
  /** `owner` and `accepted` seen; any text kept. */
  status: optional(textLike),
  owner: optional(boolLike),
  avatar_url: optional(textLike),
  // The social object comes under the network's real name (`facebook`), kept as a loose key.
  account_id: optional(intLike),
  user_type: optional(textLike),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

const timestampText = optional(textLike)

export const currencySchema = z.looseObject({
  iso_num: optional(intLike),
  iso_code: optional(textLike),
  symbol: optional(textLike),
})

export const categorySchema = z.looseObject({
  id: optional(intLike),
  name: optional(textLike),
  text: optional(textLike),
})

/** The campaign embedded in account contributions: shown, never relied on. */
export const campaignSchema = z.looseObject({
  id: optional(intLike),
  slug: optional(textLike),
  title: optional(textLike),
  tagline: optional(textLike),
  city: optional(textLike),
  country: optional(textLike),
  region: optional(textLike),
  region_code: optional(textLike),
  country_code_alpha_2: optional(textLike),
  image_types: optional(z.record(z.string(), z.unknown())),
  currency: optional(currencySchema),
  created_at: timestampText,
  updated_at: timestampText,
  funding_started_at: timestampText,
  funding_ends_at: timestampText,
  funding_days: optional(intLike),
  baseball_card_image_url: optional(textLike),
  main_image_url: optional(textLike),
  web_url: optional(textLike),
  forever_funding_active: optional(boolLike),
  processor_payout_active: optional(boolLike),
  goal: optional(numberLike),
  perks_available: optional(boolLike),
  category: optional(categorySchema),
  collected_funds: optional(numberLike),
  funding_type: optional(textLike),
  contributions_count: optional(intLike),
  comments_count: optional(intLike),
  updates_count: optional(intLike),
  favorited: optional(boolLike),
  forever_funding_collected_funds: optional(numberLike),
  forever_funding_ends_at: anything,
  video_overlay_url: anything,
  main_video_url: anything,
  life: anything,
  latest_updates: optional(z.array(z.unknown())),
  team_members: optional(z.array(optional(teamMemberSchema))),
  project_sponsors: optional(z.array(z.unknown())),
})
export type Campaign = z.infer<typeof campaignSchema>

/** The account listing's order: its id and perks only, both shown, neither relied on. */
export const accountOrderSchema = z.looseObject({
  id: optional(intLike),
  perks: optional(z.array(perkSchema)),
})

export const accountContributionSchema = z.looseObject({
  ...contributionBase,
  campaign: optional(campaignSchema),
  order: optional(accountOrderSchema),
})
export type AccountContribution = z.infer<typeof accountContributionSchema>

// Keys in the API's order, like the rows: a page reads back as the same JSON text.
export const paginationSchema = z.looseObject({
  previous: optional(intLike),
  next: optional(intLike),
  current: optional(intLike),
  per_page: optional(intLike.pipe(z.number().min(1))),
  count: intLike.pipe(z.number().min(0)),
  pages: intLike.pipe(z.number().min(0)),
})
export type Pagination = z.infer<typeof paginationSchema>

/**
 * A listing page. Rows stay `unknown` here and are read one by one (`readRow`): one row the
 * model cannot use becomes a problem row, never a failed page.
 */
function listingEnvelope() {
  return z.looseObject({
    response: z.array(z.unknown()),
    count: optional(intLike),
    pagination: paginationSchema,
  })
}

export const campaignContributionsPageSchema = listingEnvelope()
export type CampaignContributionsPage = z.infer<typeof campaignContributionsPageSchema>

export const accountContributionsPageSchema = listingEnvelope()
export type AccountContributionsPage = z.infer<typeof accountContributionsPageSchema>

/** Rule 2 of the account listing: without a matching access token each row is `{}`. */
export function isHiddenRow(row: unknown): boolean {
  return (
    typeof row === 'object' && row !== null && !Array.isArray(row) && Object.keys(row).length === 0
  )
}

export const batchStatusSchema = z.looseObject({
  /** One of BATCH_STATUSES as a rule; other text is kept and shown. */
  status: nonBlankText.transform((value) => value.toLowerCase()),
  message: optional(textLike),
  number_processed: optional(intLike),
  total: optional(intLike),
})
export type BatchStatus = z.infer<typeof batchStatusSchema>

export const batchStatusResponseSchema = z.looseObject({
  response: batchStatusSchema,
})
export type BatchStatusResponse = z.infer<typeof batchStatusResponseSchema>

export const signupSchema = z.looseObject({
  email: nonBlankText,
  signup_time: optional(textLike),
})
export type Signup = z.infer<typeof signupSchema>

export const signupsPageSchema = z.looseObject({
  response: z.array(z.unknown()),
  count: optional(intLike),
  // Not shown by the spec; accepted when present so the walk can use it.
  pagination: optional(paginationSchema),
})
export type SignupsPage = z.infer<typeof signupsPageSchema>

/** `null` (and, for numbers, `''`) mean "not given": never coerce them to 0 or reject the token. */
const absentIfNull = (value: unknown) => (value === null ? undefined : value)
// A value of the wrong kind reads as absent too: a sign-in must not fail over a field PerkPack
// can do without (no expiry known means the token is used until the API refuses it).
const optionalTokenString = z.preprocess(absentIfNull, z.string().optional()).catch(undefined)
// Numeric strings ('15552000') become numbers. Plain `z.coerce.number()` turned null, '' and
// false into 0 (a token "created in 1970", so expired at once, forcing a password prompt on
// every sync) and true into 1.
const optionalTokenNumber = z
  .preprocess(
    (value) =>
      value === null || value === ''
        ? undefined
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : value,
    z.number().nonnegative().optional(),
  )
  .catch(undefined)

/**
 * The token response is not documented; public clients show an OAuth 2 body. Only
 * `access_token` is required, everything else is tolerated in any plausible form.
 */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: optionalTokenString,
  expires_in: optionalTokenNumber,
  refresh_token: optionalTokenString,
  created_at: optionalTokenNumber,
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/** JSON error body used by the simulator (and tolerated from the real API). */
export const apiErrorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>

/** One contribution of a campaign listing, read leniently (see docs/data-policy.md). */
export function readCampaignContribution(raw: unknown): RowRead<CampaignContribution> {
  return readRow(campaignContributionSchema, raw, 10, CONTRIBUTION_FIELD_PURPOSES)
}

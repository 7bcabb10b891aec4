import { z } from 'zod'

// Every object schema is loose: the platform may add fields at any time and a desktop client
// that refuses a whole page over one new key would strand a fulfillment team mid-shipment.
// Fields the spec only ever saw as null are typed `unknown` + nullable, so a real value later
// does not break a sync either.

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

const seenOnlyAsNull = z.unknown().nullable().optional()

export const skuChoiceSchema = z.looseObject({
  name: z.string(),
  value: z.string(),
})
export type SkuChoice = z.infer<typeof skuChoiceSchema>

export const skuSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  choices: z.array(skuChoiceSchema),
})
export type Sku = z.infer<typeof skuSchema>

export const itemSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  sku: skuSchema,
})
export type Item = z.infer<typeof itemSchema>

export const perkSchema = z.looseObject({
  id: z.number().int(),
  campaign_slug: z.string(),
  amount: z.number(),
  description: z.string(),
  number_claimed: z.number().int(),
  number_available: z.number().int().nullable(),
  estimated_delivery_date: seenOnlyAsNull,
  shipping_address_required: z.boolean(),
  label: z.string(),
  validation_errors: seenOnlyAsNull,
  featured: z.boolean(),
  non_tax_deductible_amount: seenOnlyAsNull,
  items: z.array(itemSchema),
})
export type Perk = z.infer<typeof perkSchema>

export const shippingSchema = z.looseObject({
  name: z.string(),
  address: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone_number: z.string(),
})
export type Shipping = z.infer<typeof shippingSchema>

export const orderSchema = z.looseObject({
  id: z.number().int(),
  perks: z.array(perkSchema),
  sequence_number: z.number().int(),
  // Privileged: absent (or null) without a team member's access token.
  shipping: shippingSchema.nullable().optional(),
  status: orderStatusSchema,
})
export type Order = z.infer<typeof orderSchema>

export const appearanceSchema = z.looseObject({
  private_amount: z.boolean(),
})

const contributionBase = {
  id: z.number().int(),
  created_at: timestampSchema,
  avatar_url: z.string(),
  amount: z.number(),
  by: z.string(),
  appearance: appearanceSchema,
}

export const campaignContributionSchema = z.looseObject({
  ...contributionBase,
  // Privileged: absent (or null) without a team member's access token.
  email: z.string().nullable().optional(),
  account_id: z.number().int(),
  referrer_id: z.number().int().nullable(),
  contributor_name: z.string(),
  payment_method: z.string(),
  order: orderSchema,
})
export type CampaignContribution = z.infer<typeof campaignContributionSchema>

export const teamMemberSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  owner: z.boolean(),
  avatar_url: z.string(),
  social: z.looseObject({
    verified: z.boolean(),
    friends_count: z.number().int(),
  }),
  account_id: z.number().int(),
  user_type: z.string(),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

export const campaignSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  city: z.string(),
  country: z.string(),
  region: z.string(),
  region_code: z.string(),
  country_code_alpha_2: z.string().length(2),
  image_types: z.looseObject({
    baseball_card: z.string(),
    small: z.string(),
    medium: z.string(),
    large: z.string(),
    original: z.string(),
  }),
  currency: z.looseObject({
    iso_num: z.number().int(),
    iso_code: z.string(),
    symbol: z.string(),
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  funding_started_at: timestampSchema,
  funding_ends_at: timestampSchema,
  funding_days: z.number().int(),
  baseball_card_image_url: z.string(),
  main_image_url: z.string(),
  web_url: z.string(),
  forever_funding_active: z.boolean(),
  processor_payout_active: z.boolean().optional(),
  goal: z.number(),
  perks_available: z.boolean(),
  category: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    text: z.string(),
  }),
  collected_funds: z.number(),
  funding_type: z.string(),
  contributions_count: z.number().int(),
  comments_count: z.number().int(),
  updates_count: z.number().int(),
  favorited: z.boolean(),
  forever_funding_collected_funds: z.number(),
  forever_funding_ends_at: seenOnlyAsNull,
  video_overlay_url: seenOnlyAsNull,
  main_video_url: seenOnlyAsNull,
  social_url: z.string().optional(),
  life: z.looseObject({}),
  latest_updates: z.array(z.unknown()),
  team_members: z.array(teamMemberSchema),
  project_sponsors: z.array(z.unknown()),
})
export type Campaign = z.infer<typeof campaignSchema>

export const accountContributionSchema = z.looseObject({
  ...contributionBase,
  campaign: campaignSchema,
  order: z.looseObject({
    id: z.number().int(),
    perks: z.array(perkSchema),
  }),
})
export type AccountContribution = z.infer<typeof accountContributionSchema>

/**
 * Rule 2 of the account listing: without a matching access token each row is `{}`.
 *
 * The failure must abort (unlike `z.strictObject({})`, whose "unrecognized keys" issue does not):
 * zod's union hands back the issues of its only non-aborted branch, so a strict empty object made a
 * full page with one bad deep field report "Unrecognized keys" on every row instead of the field.
 */
export const hiddenContributionSchema = z.custom<Record<string, never>>(
  (row) =>
    typeof row === 'object' && row !== null && !Array.isArray(row) && Object.keys(row).length === 0,
  { message: 'Expected an empty object (a hidden row, rule 2)', abort: true },
)

export const paginationSchema = z.looseObject({
  previous: z.number().int().nullable(),
  next: z.number().int().nullable(),
  current: z.number().int().min(1),
  per_page: z.number().int().min(1),
  count: z.number().int().min(0),
  pages: z.number().int().min(0),
})
export type Pagination = z.infer<typeof paginationSchema>

function listingEnvelope<T extends z.ZodType>(row: T) {
  return z.looseObject({
    response: z.array(row),
    count: z.number().int().min(0),
    pagination: paginationSchema,
  })
}

export const campaignContributionsPageSchema = listingEnvelope(campaignContributionSchema)
export type CampaignContributionsPage = z.infer<typeof campaignContributionsPageSchema>

const isHiddenRow = (row: object) => Object.keys(row).length === 0

/**
 * Either every row is a full contribution, or (rule 2) every row is an empty object.
 *
 * The choice is made per row and the page is then checked for a mix, rather than as a union of two
 * whole envelopes: a failed envelope union cannot tell which rows are at fault, so a hidden page
 * with one odd row was reported as "every row lacks id, created_at, ..." (and a mixed page got no
 * clear message). Now the problems name the offending row and its fields.
 */
export const accountContributionsPageSchema = listingEnvelope(
  z.union([hiddenContributionSchema, accountContributionSchema]),
).superRefine((page, ctx) => {
  const firstHidden = page.response[0] !== undefined && isHiddenRow(page.response[0])
  const odd = page.response.findIndex((row) => isHiddenRow(row) !== firstHidden)
  if (odd === -1) return
  ctx.addIssue({
    code: 'custom',
    path: ['response', odd],
    message: firstHidden
      ? 'Full contribution on a page of hidden rows (rule 2 hides every row or none)'
      : 'Hidden row (empty object) on a page of full contributions (rule 2 hides every row or none)',
  })
})
export type AccountContributionsPage = z.infer<typeof accountContributionsPageSchema>

export const batchStatusSchema = z.looseObject({
  status: batchStateSchema,
  message: z.string(),
  number_processed: z.number().int().min(0),
  total: z.number().int().min(0),
})
export type BatchStatus = z.infer<typeof batchStatusSchema>

export const batchStatusResponseSchema = z.looseObject({
  response: batchStatusSchema,
})
export type BatchStatusResponse = z.infer<typeof batchStatusResponseSchema>

export const signupSchema = z.looseObject({
  email: z.string(),
  signup_time: timestampSchema,
})
export type Signup = z.infer<typeof signupSchema>

export const signupsPageSchema = z.looseObject({
  response: z.array(signupSchema),
  count: z.number().int().min(0),
  // Not shown by the spec; accepted when present so the walk can use it.
  pagination: paginationSchema.optional(),
})
export type SignupsPage = z.infer<typeof signupsPageSchema>

/** `null` (and, for numbers, `''`) mean "not given": never coerce them to 0 or reject the token. */
const absentIfNull = (value: unknown) => (value === null ? undefined : value)
const optionalTokenString = z.preprocess(absentIfNull, z.string().optional())
// Numeric strings ('15552000') become numbers; anything else non-numeric is rejected. Plain
// `z.coerce.number()` turned null, '' and false into 0 (a token "created in 1970", so expired at
// once, forcing a password prompt on every sync) and true into 1.
const optionalTokenNumber = z.preprocess(
  (value) =>
    value === null || value === ''
      ? undefined
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : value,
  z.number().nonnegative().optional(),
)

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

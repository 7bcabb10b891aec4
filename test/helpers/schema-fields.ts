import type { z } from 'zod'
import {
  accountContributionSchema,
  accountOrderSchema,
  appearanceSchema,
  batchStatusResponseSchema,
  batchStatusSchema,
  campaignContributionSchema,
  campaignContributionsPageSchema,
  campaignSchema,
  categorySchema,
  currencySchema,
  itemSchema,
  orderSchema,
  paginationSchema,
  perkFieldsSchema,
  shippingSchema,
  signupSchema,
  signupsPageSchema,
  skuChoiceSchema,
  skuSchema,
  teamMemberSchema,
  tokenResponseSchema,
} from '../../src/shared/api/schemas'
import { readRow } from '../../src/shared/api/validate'
import type { RowRead } from '../../src/shared/api/validate'
import accountPage from '../fixtures/api/account-contributions.json'
import batchStatus from '../fixtures/api/batch-status.json'
import campaignPage from '../fixtures/api/campaign-contributions.json'
import signupsPage from '../fixtures/api/signups.json'
import token from '../fixtures/api/token-response.json'

// Every object the model reads, with each of its fields put in one of four kinds. The schema
// test checks that the kinds name exactly the keys of the schema's shape, so a field added to a
// schema fails the test until it is listed here (and thereby drifted in every way).

export type Key = string | number

export interface ObjectFields {
  name: string
  schema: z.ZodObject
  /** How the payload holding the object is read: one row, or one whole response. */
  read: (raw: unknown) => RowRead<unknown>
  /** A payload in which the object carries every one of its fields. */
  sample: unknown
  /** Where the object sits in `sample`. */
  at: readonly Key[]
  /** Absent stays absent, null stays null, a wrong kind of value reads as absent. */
  optional: readonly string[]
  /** The token response reads null as absent too (its fields are typed `T | undefined`). */
  nullIsAbsent?: boolean
  /** Absent or null read as an empty list; anything but a list is a problem. */
  lists?: readonly string[]
  /**
   * Lists or required fields of a perk's items: where the row would be a problem, it reads and
   * the item is flagged instead (its perk's `unreadable_items`, with a problem at the path).
   */
  flagged?: readonly string[]
  /** Kept exactly as sent, whatever it is (fields only ever seen as null). */
  kept?: readonly string[]
  /** Absent or unusable: the payload cannot be read, and the problem names the field. */
  required: readonly string[]
}

const row = (schema: z.ZodType) => (raw: unknown) => readRow(schema, raw)

const campaignRow = campaignPage.response[0]
const accountRow = accountPage.response[0]
const perk0 = ['order', 'perks', 0] as const
const campaign = ['campaign'] as const

export const OBJECTS: readonly ObjectFields[] = [
  {
    name: 'contribution',
    schema: campaignContributionSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: [],
    optional: [
      'created_at',
      'avatar_url',
      'amount',
      'by',
      'appearance',
      'email',
      'account_id',
      'referrer_id',
      'contributor_name',
      'payment_method',
    ],
    required: ['id', 'order'],
  },
  {
    name: 'appearance',
    schema: appearanceSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: ['appearance'],
    optional: ['private_amount'],
    required: [],
  },
  {
    name: 'order',
    schema: orderSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: ['order'],
    optional: ['sequence_number', 'shipping'],
    required: ['id', 'perks', 'status'],
  },
  {
    name: 'shipping',
    schema: shippingSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: ['order', 'shipping'],
    optional: [
      'name',
      'address',
      'address2',
      'city',
      'state',
      'zipcode',
      'country',
      'phone_number',
    ],
    required: [],
  },
  {
    name: 'perk',
    // The object before its items are split (the perk schema is that object, transformed).
    schema: perkFieldsSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: perk0,
    optional: [
      'campaign_slug',
      'amount',
      'description',
      'number_claimed',
      'number_available',
      'shipping_address_required',
      'featured',
    ],
    lists: ['items'],
    kept: ['estimated_delivery_date', 'validation_errors', 'non_tax_deductible_amount'],
    required: ['id', 'label'],
    flagged: ['items'],
  },
  {
    name: 'item',
    schema: itemSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: [...perk0, 'items', 1],
    optional: ['id', 'name'],
    required: ['quantity', 'sku'],
    flagged: ['quantity', 'sku'],
  },
  {
    name: 'sku',
    schema: skuSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: [...perk0, 'items', 1, 'sku'],
    optional: ['id'],
    lists: ['choices'],
    required: ['code'],
    flagged: ['choices', 'code'],
  },
  {
    name: 'sku choice',
    schema: skuChoiceSchema,
    read: row(campaignContributionSchema),
    sample: campaignRow,
    at: [...perk0, 'items', 1, 'sku', 'choices', 0],
    optional: [],
    required: ['name', 'value'],
    flagged: ['name', 'value'],
  },
  {
    name: 'account contribution',
    schema: accountContributionSchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: [],
    optional: ['created_at', 'avatar_url', 'amount', 'by', 'appearance', 'campaign', 'order'],
    required: ['id'],
  },
  {
    name: 'account order',
    schema: accountOrderSchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: ['order'],
    optional: ['id', 'perks'],
    required: [],
  },
  {
    name: 'campaign',
    schema: campaignSchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: campaign,
    optional: [
      'id',
      'slug',
      'title',
      'tagline',
      'city',
      'country',
      'region',
      'region_code',
      'country_code_alpha_2',
      'image_types',
      'currency',
      'created_at',
      'updated_at',
      'funding_started_at',
      'funding_ends_at',
      'funding_days',
      'baseball_card_image_url',
      'main_image_url',
      'web_url',
      'forever_funding_active',
      'processor_payout_active',
      'goal',
      'perks_available',
      'category',
      'collected_funds',
      'funding_type',
      'contributions_count',
      'comments_count',
      'updates_count',
      'favorited',
      'forever_funding_collected_funds',
      'latest_updates',
      'team_members',
      'project_sponsors',
    ],
    kept: ['forever_funding_ends_at', 'video_overlay_url', 'main_video_url', 'life'],
    required: [],
  },
  {
    name: 'campaign currency',
    schema: currencySchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: [...campaign, 'currency'],
    optional: ['iso_num', 'iso_code', 'symbol'],
    required: [],
  },
  {
    name: 'campaign category',
    schema: categorySchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: [...campaign, 'category'],
    optional: ['id', 'name', 'text'],
    required: [],
  },
  {
    name: 'team member',
    schema: teamMemberSchema,
    read: row(accountContributionSchema),
    sample: accountRow,
    at: [...campaign, 'team_members', 0],
    optional: ['id', 'name', 'status', 'owner', 'avatar_url', 'account_id', 'user_type'],
    required: [],
  },
  {
    name: 'batch status',
    schema: batchStatusSchema,
    read: row(batchStatusResponseSchema),
    sample: batchStatus,
    at: ['response'],
    optional: ['message', 'number_processed', 'total'],
    required: ['status'],
  },
  {
    name: 'signup',
    schema: signupSchema,
    read: row(signupSchema),
    sample: signupsPage.response[0],
    at: [],
    optional: ['signup_time'],
    required: ['email'],
  },
  {
    name: 'signups page',
    schema: signupsPageSchema,
    read: row(signupsPageSchema),
    sample: { ...signupsPage, pagination: campaignPage.pagination },
    at: [],
    optional: ['count', 'pagination'],
    required: ['response'],
  },
  {
    name: 'token response',
    schema: tokenResponseSchema,
    read: row(tokenResponseSchema),
    sample: token,
    at: [],
    optional: ['token_type', 'expires_in', 'refresh_token', 'created_at'],
    nullIsAbsent: true,
    required: ['access_token'],
  },
  {
    name: 'listing page',
    schema: campaignContributionsPageSchema,
    read: row(campaignContributionsPageSchema),
    sample: campaignPage,
    at: [],
    optional: ['count'],
    required: ['response', 'pagination'],
  },
  {
    name: 'pagination',
    schema: paginationSchema,
    read: row(campaignContributionsPageSchema),
    sample: campaignPage,
    at: ['pagination'],
    optional: ['current', 'per_page', 'previous', 'next'],
    required: ['count', 'pages'],
  },
]

/**
 * Hand-made rows in the API's wire shape for the tests that work an order out by hand: a perk
 * with the items given, and a contribution read as the model reads it. Every field a test may
 * look at is the caller's to set; the rest are what the API sends for a plain backer.
 */
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type { WireItem, WirePerk } from '../../src/simulator/wire'
import { toModelRow } from './model'

/** A perk as the API sends it, holding `items`; ships unless `shipping` is false. */
export function wirePerk(
  id: number,
  items: WireItem[],
  { amount = 25, shipping = true }: { amount?: number; shipping?: boolean } = {},
): WirePerk {
  return {
    id,
    campaign_slug: 'demo',
    amount,
    description: `Perk ${id}`,
    number_claimed: 0,
    number_available: null,
    estimated_delivery_date: null,
    shipping_address_required: shipping,
    label: `Perk ${id}`,
    validation_errors: null,
    featured: false,
    non_tax_deductible_amount: null,
    items,
  }
}

export interface WireRowSpec {
  id: number
  perks: WirePerk[]
  /** As the API sends it: parts of it may be null or missing. */
  shipping: object | null
  /** Default: 2024-05-01T10:00:00-07:00. */
  createdAt?: string
  /** The backer's name, shown as `by` and `contributor_name`. Default: Backer. */
  name?: string
  /** Default: backer<id>@example.com. */
  email?: string | null
  /** Default: 10,000 + id. */
  orderId?: number
  /** Default: the id. */
  sequenceNumber?: number
  /** A known status, or any text the API may send. Default: captured. */
  status?: string
}

/** A contribution as the API sends it, read as the model reads it. */
export function wireRow(spec: WireRowSpec): CampaignContribution {
  const { id } = spec
  const name = spec.name ?? 'Backer'
  return toModelRow({
    id,
    created_at: spec.createdAt ?? '2024-05-01T10:00:00-07:00',
    avatar_url: '',
    amount: 25,
    by: name,
    appearance: { private_amount: false },
    email: spec.email === undefined ? `backer${id}@example.com` : spec.email,
    account_id: id,
    referrer_id: null,
    contributor_name: name,
    payment_method: 'credit_card',
    order: {
      id: spec.orderId ?? 10_000 + id,
      perks: spec.perks,
      sequence_number: spec.sequenceNumber ?? id,
      status: spec.status ?? 'captured',
      shipping: spec.shipping,
    },
  })
}

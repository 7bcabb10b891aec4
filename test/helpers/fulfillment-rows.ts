// Contributions in the API's shape, built field by field for the fulfillment core's tests.

import type { CampaignContribution, OrderStatus } from '../../src/shared/api/schemas'
import type {
  WireCampaignContribution,
  WireItem as Item,
  WirePerk as Perk,
  WireShipping as Shipping,
} from '../../src/simulator/wire'
import { variantKey } from '../../src/shared/fulfillment'
import type { PickListRow } from '../../src/shared/fulfillment'
import { toModelRow } from './model'

export type ChoiceSpec = Record<string, string>

let nextItemId = 1
export function item(
  code: string,
  choices: ChoiceSpec = {},
  quantity = 1,
  name = `${code} item`,
): Item {
  return {
    id: nextItemId++,
    name,
    quantity,
    sku: {
      id: 1,
      code,
      choices: Object.entries(choices).map(([n, value]) => ({ name: n, value })),
    },
  }
}

export function perk(id: number, label: string, items: Item[] = []): Perk {
  return {
    id,
    campaign_slug: 'demo',
    amount: 25,
    description: label,
    number_claimed: 0,
    number_available: null,
    estimated_delivery_date: null,
    shipping_address_required: items.length > 0,
    label,
    validation_errors: null,
    featured: false,
    non_tax_deductible_amount: null,
    items,
  }
}

export function ship(city: string, country = 'FR', name = 'Ship To'): Shipping {
  return {
    name,
    address: '1 Main St',
    address2: null,
    city,
    state: '',
    zipcode: '00000',
    country,
    phone_number: '',
  }
}

export interface OrderSpec {
  id: number
  perks?: Perk[]
  status?: OrderStatus
  name?: string
  email?: string | null
  seq?: number
  shipping?: Shipping | null
}

export function order(spec: OrderSpec): CampaignContribution {
  const name = spec.name ?? `Backer ${spec.id}`
  const row: WireCampaignContribution = {
    id: 10_000 + spec.id,
    created_at: '2024-05-01T10:00:00+00:00',
    avatar_url: 'https://example.test/a.png',
    amount: 25,
    by: name,
    appearance: { private_amount: false },
    account_id: 500 + spec.id,
    referrer_id: null,
    contributor_name: name,
    payment_method: 'credit_card',
    order: {
      id: spec.id,
      perks: spec.perks ?? [],
      sequence_number: spec.seq ?? spec.id,
      shipping: spec.shipping === undefined ? ship('Paris') : spec.shipping,
      status: spec.status ?? 'captured',
    },
  }
  if (spec.email !== undefined) row.email = spec.email
  return toModelRow(row)
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
export const rowFor = (list: PickListRow[], code: string, choices: ChoiceSpec = {}) =>
  list.find(
    (r) =>
      variantKey(r.sku_code, r.choices) ===
      variantKey(
        code,
        Object.entries(choices).map(([name, value]) => ({ name, value })),
      ),
  )

/** The shapes of an item PerkPack cannot read, as real payloads send them. */
export type OddItemShape = 'sku-null' | 'no-sku-code' | 'no-quantity' | 'not-an-object'

/** An item of one of those shapes (typed as an item: the wire type cannot say it). */
export function oddItem(shape: OddItemShape, name = 'Enamel pin', quantity = 1): Item {
  const base = item('PIN', {}, quantity, name) as unknown as Record<string, unknown>
  if (shape === 'sku-null') base.sku = null
  if (shape === 'no-sku-code') delete (base.sku as Record<string, unknown>).code
  if (shape === 'no-quantity') delete base.quantity
  return (shape === 'not-an-object' ? name : base) as unknown as Item
}

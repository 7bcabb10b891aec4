import { shippingSchema } from '../../src/shared/api/schemas'
import type { CampaignContribution, Shipping } from '../../src/shared/api/schemas'
import type { WireShipping } from '../../src/simulator/wire'
import { toModelRow } from './model'

export interface ItemSpec {
  code: string
  name?: string
  quantity?: number
  choices?: Array<{ name: string; value: string }>
}

/** An address as the model reads it; overrides are in the API's shape (null allowed). */
export function shipping(overrides: Partial<WireShipping> = {}): Shipping {
  return shippingSchema.parse({
    name: 'Olivia Brown',
    address: '742 Evergreen Terrace',
    address2: null,
    city: 'Boston',
    state: 'MA',
    zipcode: '02139',
    country: 'US',
    phone_number: '+1 617-555-0142',
    ...overrides,
  })
}

let nextId = 1

/** A campaign contribution with one perk holding `items`; ids follow `sequence`. */
export function order(
  sequence: number,
  ship: Shipping | null | undefined,
  items: ItemSpec[] = [{ code: 'CORE' }],
  extra: Partial<CampaignContribution> = {},
): CampaignContribution {
  const id = nextId++
  return toModelRow({
    id: 41_000_000 + sequence,
    created_at: '2025-03-01T10:00:00-07:00',
    avatar_url: 'https://example.com/a.png',
    amount: 49,
    by: ship?.name ?? 'Backer',
    appearance: { private_amount: false },
    email: 'backer@example.com',
    account_id: 9_000 + sequence,
    referrer_id: null,
    contributor_name: ship?.name ?? `Backer ${sequence}`,
    payment_method: 'card',
    order: {
      id: 18_300_000 + sequence,
      sequence_number: sequence,
      status: 'captured',
      shipping: ship,
      perks: [
        {
          id: 500 + id,
          campaign_slug: 'test',
          amount: 49,
          description: '',
          number_claimed: 1,
          number_available: null,
          estimated_delivery_date: null,
          shipping_address_required: true,
          label: 'Core pledge',
          validation_errors: null,
          featured: false,
          non_tax_deductible_amount: null,
          items: items.map((item, i) => ({
            id: 700 + i,
            name: item.name ?? `Item ${item.code}`,
            quantity: item.quantity ?? 1,
            sku: { id: 800 + i, code: item.code, choices: item.choices ?? [] },
          })),
        },
      ],
    },
    ...extra,
  })
}

/** `count` US orders whose names and streets are unique, so each can be found in a PDF. */
export function numberedOrders(count: number): CampaignContribution[] {
  const out: CampaignContribution[] = []
  for (let n = 1; n <= count; n++) {
    const tag = String(n).padStart(3, '0')
    out.push(
      order(
        n,
        shipping({
          name: `Backer Number${tag}`,
          address: `${n} Street${tag} Ave`,
          zipcode: `02${tag}`,
        }),
      ),
    )
  }
  return out
}

/**
 * `count` items for a slip that runs onto continuation pages: every `longEvery`-th has a name that
 * wraps, every fifth a colour `choice`, quantities 1 to 3 when `quantities` is set.
 */
export function manyItems(
  count: number,
  options: { longEvery: number; choice: string; quantities?: boolean },
): ItemSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    code: `SKU-${String(i).padStart(3, '0')}`,
    name:
      i % options.longEvery === 0
        ? `An item with a rather long name that wraps onto a second line ${i}`
        : `Item ${i}`,
    ...(options.quantities ? { quantity: 1 + (i % 3) } : {}),
    choices: i % 5 === 0 ? [{ name: 'Colour', value: options.choice }] : [],
  }))
}

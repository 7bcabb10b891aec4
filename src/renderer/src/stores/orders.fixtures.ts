import type { CampaignContribution } from '@shared/api/schemas'
import { countStatuses } from '@shared/fulfillment'
import type { PerkGroup, PickListRow } from '@shared/fulfillment'
import type { OrderDetail, OrderRow, OrdersQueryResult, OrdersSnapshot } from '@shared/ipc'
import { ORDERS_PAGE_SIZE } from '@shared/ipc'
import { campaignSummary } from '@renderer/test-utils/fakeBridge'

/** Test data for the orders and pick list stores and components. */
export function orderRow(id: number, overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    orderId: 5000 + id,
    sequenceNumber: id,
    backer: `Backer ${id}`,
    email: `backer${id}@example.test`,
    status: 'captured',
    perks: 'Core Game',
    items: 'Core Game Box',
    country: 'DE',
    city: 'Berlin',
    createdAt: '2024-04-01T10:00:00Z',
    floor: 'not-packed',
    station: null,
    packedAt: null,
    ...overrides,
  }
}

export function snapshot(rows: OrderRow[], campaignId = 1001): OrdersSnapshot {
  return {
    campaign: campaignSummary({ campaignId, count: rows.length }),
    countries: ['DE', 'FR', 'US'],
    statuses: countStatuses(rows.map((row) => ({ order: { status: row.status } }))),
    countryCounts: [
      { country: 'DE', count: 1204 },
      { country: 'FR', count: 3 },
      { country: 'US', count: 1 },
    ],
  }
}

export const TREE: PerkGroup[] = [
  {
    perkId: 12,
    label: 'Core Game',
    orderCount: 1234,
    unitCount: 1500,
    variants: [
      {
        key: 'TEE|Colour=Black|Size=M',
        skuCode: 'TEE',
        itemName: 'Tidepool T-Shirt',
        choices: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Black' },
        ],
        orderCount: 1,
        quantity: 2,
      },
    ],
  },
  { perkId: 13, label: 'Digital', orderCount: 4, unitCount: 0, variants: [] },
  { perkId: null, label: 'No perk', orderCount: 2, unitCount: 0, variants: [] },
]

export const PICK_LIST: PickListRow[] = [
  {
    sku_code: 'BOX',
    item_name: 'Core Game Box',
    choices: [],
    quantity: 30,
    order_count: 25,
    perks: [
      { perk_id: 12, perk_label: 'Core Game', quantity: 20 },
      { perk_id: 14, perk_label: 'Early Bird', quantity: 10 },
    ],
  },
  {
    sku_code: 'PIN',
    item_name: 'Enamel Pin',
    choices: [],
    quantity: 5,
    order_count: 5,
    perks: [{ perk_id: 12, perk_label: 'Core Game', quantity: 5 }],
  },
  {
    sku_code: 'TEE',
    item_name: 'Tidepool T-Shirt',
    choices: [{ name: 'Size', value: 'M' }],
    quantity: 1200,
    order_count: 1100,
    perks: [{ perk_id: 12, perk_label: 'Core Game', quantity: 1200 }],
  },
]

/** A query's answer over `rows`: its count and first page, as main sends them. */
export function queryResult(rows: readonly OrderRow[], overrides: Partial<OrdersQueryResult> = {}) {
  return {
    resultId: 1,
    count: rows.length,
    rows: rows.slice(0, ORDERS_PAGE_SIZE),
    tree: TREE,
    totals: { orders: 4102, units: 5310, variants: 3 },
    pickList: PICK_LIST,
    pickListTotals: { orders: 4102, units: 5310, variants: 3 },
    pickListLeftOut: { nothingToShip: 0, noAddress: 0 },
    pickListByHand: [],
    packedButStopped: 0,
    skus: TREE[0]!.variants,
    perkOverlap: [],
    hasPickList: true,
    ...overrides,
  } satisfies OrdersQueryResult
}

export function contribution(id: number): CampaignContribution {
  return {
    id,
    created_at: '2024-04-01T10:00:00Z',
    avatar_url: '',
    amount: 49.5,
    by: 'Ada L.',
    appearance: { private_amount: false },
    email: 'ada@example.test',
    account_id: 77,
    contributor_name: 'Ada Lovelace',
    payment_method: 'credit_card',
    order: {
      id: 5000 + id,
      sequence_number: id,
      status: 'in_fulfillment',
      shipping: {
        name: 'Ada Lovelace',
        address: '12 Harbour Road',
        city: 'Kiel',
        state: '',
        zipcode: '24103',
        country: 'DE',
        phone_number: '+49 431 000000',
      },
      perks: [
        {
          id: 12,
          campaign_slug: 'tidepool',
          amount: 49,
          description: '',
          number_claimed: 1,
          shipping_address_required: true,
          label: 'Core Game',
          featured: false,
          items: [
            {
              id: 1,
              name: 'Tidepool T-Shirt',
              quantity: 2,
              sku: {
                id: 9,
                code: 'TEE',
                choices: [
                  { name: 'Size', value: 'M' },
                  { name: 'Colour', value: 'Black' },
                ],
              },
            },
          ],
        },
      ],
    },
  }
}

export function orderDetail(
  id: number,
  addressLines?: string[],
  floor: OrderDetail['floor'] = null,
): OrderDetail {
  return {
    contribution: contribution(id),
    addressLines: addressLines ?? ['Ada Lovelace', '12 Harbour Road', '24103 Kiel', 'Germany'],
    floor,
    currency: null,
  }
}

/** A promise with its resolve handle, to answer requests out of order. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

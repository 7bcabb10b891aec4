import type { StationOrder } from '@shared/ipc'

/** Test data for the pack station store and components: two T-shirts and a mug to Ada in GB. */
export function stationOrder(
  orderId: number,
  sequenceNumber: number,
  overrides: Partial<StationOrder> = {},
) {
  return {
    campaignId: 1001,
    orderId,
    contributionId: orderId + 1000,
    sequenceNumber,
    status: 'captured',
    recipient: 'Ada Lovelace',
    country: 'GB',
    lines: [
      { key: 'SHIRT|M', skuCode: 'SHIRT', itemName: 'T-Shirt', choices: 'Size: M', quantity: 2 },
      { key: 'MUG|', skuCode: 'MUG', itemName: 'Mug', choices: '', quantity: 1 },
    ],
    floor: null,
    ...overrides,
  } satisfies StationOrder
}

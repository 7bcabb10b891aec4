import type { CampaignContribution } from '../../../src/shared/api/schemas'
import type { Catalog } from '../../../src/shared/catalog'
import type { WirePerk } from '../../../src/simulator/wire'
import { wirePerk, wireRow } from '../../helpers/wire-rows'

// A small catalogue and orders whose parcels are worked out by hand in parcel.test.ts.

export const CATALOG: Catalog = {
  pledgeShare: 1,
  items: [
    { sku: 'TEE', variant: null, weightG: 180, lengthCm: 30, widthCm: 25, heightCm: 2, hsCode: '610910', originCountry: 'PT', customsDescription: 'Cotton T-shirt' },
    { sku: 'TEE', variant: 'Size=XL', weightG: 220 },
    { sku: 'MUG', variant: null, weightG: 350, lengthCm: 12, widthCm: 9, heightCm: 10, hsCode: '691200', originCountry: 'CN', customsDescription: 'Ceramic mug', customsValue: 8.5, customsCurrency: 'USD' },
    { sku: 'GAME', variant: null, ownBox: true, weightG: 1200, lengthCm: 30, widthCm: 30, heightCm: 8, hsCode: '950490', originCountry: 'DE', customsDescription: 'Board game', customsValue: 40, customsCurrency: 'USD' },
    { sku: 'PIN', variant: null, hsCode: '711719', originCountry: 'CN', customsDescription: 'Enamel pin' },
  ],
  packaging: [
    { name: 'Mailer', weightG: 40, lengthCm: 35, widthCm: 25, heightCm: 3, maxWeightG: 500, perkIds: [] },
    { name: 'Box S', weightG: 150, lengthCm: 25, widthCm: 20, heightCm: 15, maxWeightG: 5000, perkIds: [7] },
    { name: 'Box L', weightG: 300, lengthCm: 40, widthCm: 30, heightCm: 20, perkIds: [] },
  ],
} // prettier-ignore

export interface ItemSpec {
  sku: string
  quantity: number
  choices?: { name: string; value: string }[]
}

export function perk(id: number, amount: number, items: ItemSpec[], shipping = true): WirePerk {
  const wireItems = items.map((item, at) => ({
    id: id * 100 + at,
    name: item.sku.toLowerCase(),
    quantity: item.quantity,
    sku: { id: at, code: item.sku, choices: item.choices ?? [] },
  }))
  return wirePerk(id, wireItems, { amount, shipping })
}

let nextId = 1

export function order(perks: WirePerk[], country = 'US'): CampaignContribution {
  const id = nextId++
  return wireRow({
    id,
    createdAt: '2026-05-01T10:00:00Z',
    email: `b${id}@example.com`,
    orderId: 5000 + id,
    sequenceNumber: 1000 + id,
    perks,
    shipping: {
      name: 'Ada',
      address: '1 Main St',
      address2: null,
      city: 'Town',
      state: null,
      zipcode: '12345',
      country,
      phone_number: '+1 555 0100',
    },
  })
}

import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import type { Catalog, CustomsContext } from '../../../../src/shared/catalog'
import { order, shipping } from '../../../helpers/print-fixtures'

// Orders and a catalogue whose customs figures are worked out by hand in the customs tests.
// Perk amount 49 USD (print-fixtures.ts); values below come from the catalogue unless said.

export const CUSTOMS_CATALOG: Catalog = {
  pledgeShare: 1,
  items: [
    { sku: 'TEE', variant: null, weightG: 180, hsCode: '610910', originCountry: 'PT', customsDescription: 'Cotton T-shirt', customsValue: 12.5, customsCurrency: 'USD' },
    { sku: 'MUG', variant: null, weightG: 350, hsCode: '691200', originCountry: 'CN', customsDescription: '陶瓷马克杯 (ceramic mug)', customsValue: 8.25, customsCurrency: 'USD' },
    { sku: 'SCARF', variant: null, weightG: 95, hsCode: '621420', originCountry: 'TR', customsDescription: 'وشاح صوفي منسوج يدويا مع تطريز تقليدي من الأناضول', customsValue: 30, customsCurrency: 'USD' },
    { sku: 'BOOK', variant: null, weightG: 640, hsCode: '490199', originCountry: 'JP', customsDescription: '図録 ハードカバー 限定版 美術書 三百二十ページ 日本語と英語の二言語版 特装函入り', customsValue: 45, customsCurrency: 'USD' },
    { sku: 'PIN', variant: null, weightG: 10, hsCode: '711719', originCountry: 'CN', customsDescription: 'Enamel pin', customsValue: 3, customsCurrency: 'USD' },
    { sku: 'LAMP', variant: null, weightG: 900, hsCode: '940520', originCountry: 'DE', customsDescription: 'Table lamp', customsValue: 480, customsCurrency: 'USD' },
  ],
  packaging: [
    { name: 'Box', weightG: 150, lengthCm: 40, widthCm: 30, heightCm: 20, perkIds: [] },
  ],
} // prettier-ignore

export const CONTEXT: CustomsContext = {
  catalog: CUSTOMS_CATALOG,
  currency: 'USD',
  senderCountry: 'US',
}

const japan = shipping({
  name: '山田 太郎',
  address: '千代田区千代田1-1',
  city: '東京都',
  state: '',
  zipcode: '100-0001',
  country: 'JP',
})
const egypt = shipping({
  name: 'محمد عبد الله',
  address: '١٢ شارع التحرير',
  city: 'القاهرة',
  state: '',
  zipcode: '11511',
  country: 'EG',
})

/**
 * #1 to Japan: TEE ×2, MUG, SCARF, BOOK (4 lines, CJK and Arabic): a CN22.
 *   weight 2×180 + 350 + 95 + 640 = 1,445 g + box 150 = 1,595 g; value 25 + 8.25 + 30 + 45 = 108.25.
 * #2 to Egypt: SCARF, PIN ×3: a CN22. 95 + 30 = 125 g + 150 = 275 g; value 30 + 9 = 39.
 * #3 to Germany: LAMP: 480 USD is 351 SDR, over 300: "see CN23".
 * #4 to Japan: five lines: "see CN23".
 * #5 to the US: no declaration.
 */
export function customsOrders(): CampaignContribution[] {
  return [
    order(1, japan, [
      { code: 'TEE', quantity: 2 },
      { code: 'MUG' },
      { code: 'SCARF' },
      { code: 'BOOK' },
    ]),
    order(2, egypt, [{ code: 'SCARF' }, { code: 'PIN', quantity: 3 }]),
    order(3, shipping({ name: 'Anna Schmidt', address: 'Hauptstraße 5', city: 'Berlin', state: '', zipcode: '10115', country: 'DE' }), [{ code: 'LAMP' }]), // prettier-ignore
    order(4, japan, [
      { code: 'TEE' },
      { code: 'MUG' },
      { code: 'SCARF' },
      { code: 'BOOK' },
      { code: 'PIN' },
    ]),
    order(5, shipping(), [{ code: 'TEE' }]),
  ]
}

import type { CampaignContribution } from '../../src/shared/api/schemas'
import { generateDataset } from '../../src/simulator/data'
import { toModel } from './model'
import { order, shipping } from './print-fixtures'

/**
 * Addresses that test a label's limits: every script the fonts cover, names and streets far
 * longer than a label, address2, parts missing, an emoji, many items for the order line.
 */
export function longAddressOrders(): CampaignContribution[] {
  const many = Array.from({ length: 9 }, (_, i) => ({ code: `STRETCH-GOAL-${i}`, quantity: 2 }))
  return [
    shipping({ name: 'Maximilian Alexander von Habsburg-Lothringen-Württemberg' }),
    shipping({ address: 'Flat 12, The Old Cotton Exchange Building, 145-147 Waterloo Road' }),
    shipping({
      country: 'JP',
      name: '山田 太郎',
      address: '東京都千代田区丸の内一丁目九番一号 グラントウキョウノースタワー三十五階',
      city: '千代田区',
      state: '東京都',
      zipcode: '100-0005',
    }),
    shipping({
      country: 'KR',
      name: '김민준',
      address: '세종대로 110',
      address2: '서울특별시청 본관 3층 민원실',
      city: '중구',
      state: '서울특별시',
      zipcode: '04524',
    }),
    shipping({
      country: 'TW',
      name: '陳怡君',
      address: '信義路五段7號89樓',
      city: '台北市信義區',
      state: '',
      zipcode: '110',
    }),
    shipping({
      country: 'GR',
      name: 'Γιώργος Παπαδόπουλος',
      address: 'Λεωφόρος Βασιλίσσης Σοφίας 125',
      city: 'Αθήνα',
      state: '',
      zipcode: '115 21',
    }),
    shipping({
      country: 'RU',
      name: 'Анна Смирнова',
      address: 'ул. Большая Никитская, д. 24/1, стр. 5',
      city: 'Москва',
      state: '',
      zipcode: '125009',
    }),
    shipping({
      country: 'AE',
      name: 'محمد العلي',
      address: 'شارع الشيخ زايد',
      city: 'دبي',
      state: '',
      zipcode: '',
    }),
    shipping({ address2: 'W'.repeat(64) }),
    shipping({
      name: 'Lena 🌻 Becker',
      address: 'Hauptstraße 5',
      address2: 'Hinterhaus, 3. OG links',
      city: 'Berlin',
      state: '',
      zipcode: '10115',
      country: 'DE',
    }),
    shipping({ address: undefined, address2: 'PO Box 77', state: '', zipcode: undefined }),
    shipping({ city: '', state: undefined, country: undefined }),
    shipping({
      name: 'Bartholomew Fitzgerald-Montgomery III',
      address: '12345 Extraordinarily Long Boulevard Name Street Northwest',
      address2: 'Building 7, Suite 1200, Attention: Receiving Department',
      city: 'Rancho Santa Margarita',
      state: 'CA',
      zipcode: '92688-1234',
      country: 'CA',
    }),
  ].map((ship, i) => order(900 + i, ship, i % 4 === 0 ? many : undefined))
}

/** Simulated orders from 14 countries (names in Latin, CJK, Hangul, Greek, Cyrillic, Arabic). */
export function simulatedOrders(count: number, seed = 5): CampaignContribution[] {
  const dataset = generateDataset({ seed, contributions: count + 60 })
  return toModel([...dataset.contributions.values()].flat())
    .filter((row) => row.order.shipping)
    .slice(0, count)
}

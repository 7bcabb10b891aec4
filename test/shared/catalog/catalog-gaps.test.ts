import { describe, expect, it } from 'vitest'
import { emptyCatalog } from '../../../src/shared/catalog'
import { variantGaps } from '../../../src/shared/catalog/catalog-gaps'
import { CATALOG, order, perk } from './catalog-fixtures'

const CONTEXT = { catalog: CATALOG, senderCountry: 'US', currency: 'USD' }

describe('what the catalogue lacks per variant in orders', () => {
  it('names the variants without weight, and customs parts only for those going abroad', () => {
    const rows = [
      order([perk(1, 10, [{ sku: 'PIN', quantity: 2 }])], 'US'),
      order([perk(3, 15, [{ sku: 'POSTER', quantity: 1 }])], 'CA'),
      order(
        [perk(2, 25, [{ sku: 'TEE', quantity: 1, choices: [{ name: 'Size', value: 'XL' }] }])],
        'CA',
      ),
    ]
    const gaps = variantGaps(rows, CONTEXT)
    expect(gaps.map((gap) => [gap.key, gap.variant, gap.missing])).toEqual([
      ['PIN', null, ['weight']],
      ['POSTER', null, ['weight', 'HS code', 'country of origin', 'customs description']],
      ['TEE|Size=XL', 'Size=XL', []],
    ])
    expect(gaps[1]).toMatchObject({ orders: 1, abroad: 1 })
  })

  it('names every variant of the orders when the catalogue is empty', () => {
    const rows = [order([perk(2, 25, [{ sku: 'MUG', quantity: 1 }])], 'US')]
    expect(variantGaps(rows, { ...CONTEXT, catalog: emptyCatalog() })[0]?.missing).toEqual([
      'weight',
    ])
  })
})

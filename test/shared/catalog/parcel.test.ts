import { describe, expect, it } from 'vitest'
import { indexCatalog, orderParcel } from '../../../src/shared/catalog'
import type { Catalog } from '../../../src/shared/catalog'
import { CATALOG, order, perk } from './catalog-fixtures'

function parcelOf(row: ReturnType<typeof order>, catalog: Catalog = CATALOG) {
  return orderParcel(row, catalog, indexCatalog(catalog), { currency: 'USD' })
}

// Every figure below is worked out by hand from catalog-fixtures.ts; the comment shows how.

describe('orderParcel', () => {
  it('puts a tee and a mug in the smallest box that holds them and adds its weight', () => {
    // TEE 180 g 30x25x2 (1,500 cm³) + MUG 350 g 12x9x10 (1,080 cm³) = 530 g, 2,580 cm³, longest 30.
    // Mailer: 2,625 cm³ but at most 500 g; Box S: longest side 25 < 30; Box L fits: 530 + 300.
    const parcel = parcelOf(
      order([
        perk(1, 60, [
          { sku: 'TEE', quantity: 1, choices: [{ name: 'Size', value: 'M' }] },
          { sku: 'MUG', quantity: 1 },
        ]),
      ]),
    )
    expect(parcel.weightG).toBe(830)
    expect(parcel.boxes).toEqual([
      { weightG: 830, lengthCm: 40, widthCm: 30, heightCm: 20, packaging: 'Box L' },
    ])
    // The tee has no value: 60 / 2 units = 30; the mug's own 8.50. 38.50 in all.
    expect(parcel.lines.map((line) => [line.sku, line.unitValue])).toEqual([
      ['TEE', 30],
      ['MUG', 8.5],
    ])
    expect(parcel.value).toBe(38.5)
    expect(parcel.currency).toBe('USD')
  })

  it('ships an own-box item as a parcel of its own and a variant takes its own weight', () => {
    // GAME: own box 1,200 g 30x30x8. TEE Size=XL: 220 g (its entry) with the default's size,
    // 2 units = 440 g, 3,000 cm³: Box L, 440 + 300 = 740. In all 1,940 g.
    const parcel = parcelOf(
      order([
        perk(2, 100, [
          { sku: 'TEE', quantity: 2, choices: [{ name: 'Size', value: 'XL' }] },
          { sku: 'GAME', quantity: 1 },
        ]),
      ]),
    )
    expect(parcel.boxes).toEqual([
      { weightG: 1200, lengthCm: 30, widthCm: 30, heightCm: 8, packaging: null },
      { weightG: 740, lengthCm: 40, widthCm: 30, heightCm: 20, packaging: 'Box L' },
    ])
    expect(parcel.weightG).toBe(1940)
    // TEE: 100 / 3 units each, twice = 66.67; GAME 40: 106.67.
    expect(parcel.value).toBe(106.67)
  })

  it('uses the box chosen for a perk whatever the items measure', () => {
    // Perk 7 is packed in Box S: TEE 180 + box 150.
    const parcel = parcelOf(order([perk(7, 25, [{ sku: 'TEE', quantity: 1 }])]))
    expect(parcel.boxes).toEqual([
      { weightG: 330, lengthCm: 25, widthCm: 20, heightCm: 15, packaging: 'Box S' },
    ])
  })

  it('picks the mailer when the contents are light and flat enough', () => {
    // TEE 180 g, 1,500 cm³, longest 30: Mailer (2,625 cm³, 35, 500 g) is the smallest that fits.
    const parcel = parcelOf(order([perk(3, 25, [{ sku: 'TEE', quantity: 1 }])]))
    expect(parcel.boxes[0]).toMatchObject({ packaging: 'Mailer', weightG: 220 })
  })

  it('gives no weight when an item has none, and names it', () => {
    const parcel = parcelOf(
      order([
        perk(4, 15, [
          { sku: 'PIN', quantity: 3 },
          { sku: 'MUG', quantity: 1 },
        ]),
      ]),
    )
    expect(parcel.weightG).toBeNull()
    expect(parcel.missingWeight).toEqual(['PIN'])
  })

  it('merges one variant from two perks at the average of their prices', () => {
    // Perk 5: 20 for one tee; perk 6: 40 for one tee: 2 tees at 30 = 60.
    const parcel = parcelOf(
      order([
        perk(5, 20, [{ sku: 'TEE', quantity: 1 }]),
        perk(6, 40, [{ sku: 'TEE', quantity: 1 }]),
      ]),
    )
    expect(parcel.lines).toHaveLength(1)
    expect(parcel.lines[0]).toMatchObject({ quantity: 2, unitValue: 30 })
    expect(parcel.value).toBe(60)
  })

  it('leaves out the items of a digital perk', () => {
    const parcel = parcelOf(
      order([
        perk(8, 25, [{ sku: 'TEE', quantity: 1 }]),
        perk(9, 10, [{ sku: 'MUG', quantity: 1 }], false),
      ]),
    )
    expect(parcel.lines.map((line) => line.sku)).toEqual(['TEE'])
  })

  it('declares the pledge share, not the whole pledge, when the share is lowered', () => {
    // Share 0.5: TEE 60 x 0.5 / 2 = 15, MUG its own 8.50: 23.50.
    const parcel = parcelOf(
      order([
        perk(1, 60, [
          { sku: 'TEE', quantity: 1 },
          { sku: 'MUG', quantity: 1 },
        ]),
      ]),
      { ...CATALOG, pledgeShare: 0.5 },
    )
    expect(parcel.value).toBe(23.5)
  })

  it('has no total value when the lines are in different currencies', () => {
    const catalog: Catalog = {
      ...CATALOG,
      items: CATALOG.items.map((item) =>
        item.sku === 'MUG' ? { ...item, customsCurrency: 'EUR' } : item,
      ),
    }
    const parcel = parcelOf(
      order([
        perk(1, 60, [
          { sku: 'TEE', quantity: 1 },
          { sku: 'MUG', quantity: 1 },
        ]),
      ]),
      catalog,
    )
    expect(parcel.value).toBeNull()
  })

  it('sizes a lone unit without any packaging by the item itself', () => {
    const parcel = parcelOf(order([perk(3, 25, [{ sku: 'MUG', quantity: 1 }])]), {
      ...CATALOG,
      packaging: [],
    })
    expect(parcel.boxes).toEqual([
      { weightG: 350, lengthCm: 12, widthCm: 9, heightCm: 10, packaging: null },
    ])
  })
})

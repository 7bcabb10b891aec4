import { describe, expect, it } from 'vitest'
import { variantNodeLabel, variantText } from './perk-labels'

describe('variantText', () => {
  it('names a SKU variant by code, item name and choices', () => {
    const variant = {
      skuCode: 'TSHIRT-M',
      itemName: 'T-shirt',
      choices: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Blue' },
      ],
    }
    expect(variantText(variant)).toBe('TSHIRT-M · T-shirt · Size: M, Colour: Blue')
    expect(
      variantNodeLabel({ ...variant, key: 'k', orderCount: 1200, quantity: 1, choices: [] }),
    ).toBe('TSHIRT-M · T-shirt — 1,200 orders · 1 unit')
  })

  it('says nothing twice and leaves out what the API left blank', () => {
    // An item without a name is named by its code (itemName): the code is not repeated.
    expect(variantText({ skuCode: 'PIN', itemName: 'PIN', choices: [] })).toBe('PIN')
    expect(variantText({ skuCode: 'PIN', itemName: '  ', choices: [] })).toBe('PIN')
    expect(
      variantText({
        skuCode: 'CAP',
        itemName: 'Cap',
        choices: [
          { name: 'Size', value: ' ' },
          { name: '', value: 'Red' },
        ],
      }),
    ).toBe('CAP · Cap · Red')
  })
})

import { describe, expect, it } from 'vitest'
import { describeChoices, filterContributions, variantKey } from '../../../src/shared/fulfillment'
import { item, perk, order } from '../../helpers/fulfillment-rows'

describe('variantKey and describeChoices', () => {
  it('ignores choice order but not choice values or codes', () => {
    const a = item('TEE', { Size: 'M', Colour: 'Black' }).sku
    const b = item('TEE', { Colour: 'Black', Size: 'M' }).sku
    const c = item('TEE', { Colour: 'Black', Size: 'L' }).sku
    expect(variantKey(a.code, a.choices)).toBe(variantKey(b.code, b.choices))
    expect(variantKey(a.code, a.choices)).not.toBe(variantKey(c.code, c.choices))
    expect(variantKey('TEE', [])).not.toBe(variantKey('TEE2', []))
  })

  it('cannot be fooled by separators inside values', () => {
    const tricky = variantKey('A', [{ name: 'x', value: 'y|z=w' }])
    const plain = variantKey('A', [
      { name: 'x', value: 'y' },
      { name: 'z', value: 'w' },
    ])
    expect(tricky).not.toBe(plain)
    expect(variantKey('A|x=y', [])).not.toBe(variantKey('A', [{ name: 'x', value: 'y' }]))
    // A code with escaped characters still filters correctly.
    const odd = order({ id: 1, perks: [perk(1, 'P', [item('50%|off', { 'a=b': 'c' })])] })
    const key = variantKey('50%|off', [{ name: 'a=b', value: 'c' }])
    expect(filterContributions([odd], { variant: key })).toEqual([odd])
    expect(filterContributions([odd], { variant: '50%zz' })).toEqual([])
  })

  it('describes choices in their original order', () => {
    expect(describeChoices(item('TEE', { Size: 'M', Colour: 'Black' }).sku.choices)).toBe(
      'Size: M, Colour: Black',
    )
    expect(describeChoices([])).toBe('')
  })
})

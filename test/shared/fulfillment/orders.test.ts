import { describe, expect, it } from 'vitest'
import { orderLines } from '../../../src/shared/fulfillment'
import { item, perk, order } from '../../helpers/fulfillment-rows'

describe('orderLines', () => {
  it('merges one order’s items per variant across perks', () => {
    const row = order({
      id: 1,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(2, 'Bundle', [item('TEE', { Colour: 'Black', Size: 'M' }, 2), item('MUG')]),
      ],
    })
    expect(orderLines(row).map((l) => [l.skuCode, l.quantity])).toEqual([
      ['MUG', 1],
      ['TEE', 3],
    ])
  })
})

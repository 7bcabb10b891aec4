import { describe, expect, it } from 'vitest'
import { stationLines } from '../../../../src/main/core/floor/station-index'
import { toViewRow } from '../../../../src/main/core/orders/workspace'
import { item, oddItem, order, perk } from '../../../helpers/fulfillment-rows'

describe("the station's checklist of an order holding an item PerkPack cannot read", () => {
  it('lists the item after the variants, as a line to check by hand that no scan matches', () => {
    const row = order({
      id: 1,
      perks: [
        perk(7, 'Bundle', [
          item('TEE', { Size: 'M' }, 1, 'T-shirt'),
          oddItem('sku-null', 'Enamel pin', 2),
          oddItem('no-quantity', 'Sticker'),
        ]),
      ],
    })
    expect(stationLines(toViewRow(row))).toEqual([
      { key: 'TEE|Size=M', skuCode: 'TEE', itemName: 'T-shirt', choices: 'Size: M', quantity: 1 },
      {
        key: '|by-hand|0|1',
        skuCode: '',
        itemName: 'Enamel pin',
        choices: 'no SKU: check by hand',
        quantity: 2,
        byHand: true,
      },
      {
        key: '|by-hand|0|2',
        skuCode: 'PIN',
        itemName: 'Sticker',
        choices: 'no quantity: check by hand',
        quantity: 1,
        byHand: true,
      },
    ])
  })
})

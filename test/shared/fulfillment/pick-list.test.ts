import { describe, expect, it } from 'vitest'
import {
  buildPickList,
  describeChoices,
  groupByPerk,
  pickListTotals,
  sortPickList,
} from '../../../src/shared/fulfillment'
import type { PickListRow } from '../../../src/shared/fulfillment'
import { item, perk, order, rowFor } from '../../helpers/fulfillment-rows'

describe('buildPickList', () => {
  it('merges choices listed in different orders into one variant', () => {
    const rows = [
      order({ id: 1, perks: [perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })])] }),
      order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Colour: 'Black', Size: 'M' })])] }),
    ]
    const list = buildPickList(rows)
    expect(list).toHaveLength(1)
    const three = [
      item('KIT', { Size: 'M', Colour: 'Red', Fit: 'Slim' }),
      item('KIT', { Fit: 'Slim', Size: 'M', Colour: 'Red' }),
      item('KIT', { Colour: 'Red', Fit: 'Slim', Size: 'M' }),
      item('KIT', { Colour: 'Red', Fit: 'Wide', Size: 'M' }),
    ]
    const kits = buildPickList([order({ id: 3, perks: [perk(2, 'Kit', three)] })])
    expect(kits).toHaveLength(2)
    expect(rowFor(kits, 'KIT', { Fit: 'Slim', Colour: 'Red', Size: 'M' })?.quantity).toBe(3)
    expect(list[0]).toEqual({
      sku_code: 'TEE',
      item_name: 'TEE item',
      choices: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Black' },
      ],
      quantity: 2,
      order_count: 2,
      perks: [{ perk_id: 1, perk_label: 'Tee', quantity: 2 }],
    })
  })

  it('emits exactly the contract keys, in order, without extra API fields', () => {
    const loose = item('MUG', { Colour: 'Red' })
    Object.assign(loose.sku.choices[0] as object, { id: 99 })
    const [row] = buildPickList([order({ id: 1, perks: [perk(4, 'Mug', [loose])] })])
    expect(Object.keys(row ?? {})).toEqual([
      'sku_code',
      'item_name',
      'choices',
      'quantity',
      'order_count',
      'perks',
    ])
    expect(JSON.stringify(row?.choices)).toBe('[{"name":"Colour","value":"Red"}]')
    expect(Object.keys(row?.perks[0] ?? {})).toEqual(['perk_id', 'perk_label', 'quantity'])
  })

  it('counts a bundle item of quantity 2 as two units in one order', () => {
    const list = buildPickList([
      order({ id: 1, perks: [perk(2, 'Duo', [item('MUG', { Colour: 'Red' }, 2)])] }),
    ])
    expect(list[0]).toMatchObject({ quantity: 2, order_count: 1 })
  })

  it('splits an item shared by two perks of one order per perk, counting the order once', () => {
    const rows = [
      order({
        id: 1,
        perks: [
          perk(5, 'Sticker pack', [item('STICKER')]),
          perk(3, 'Tee + sticker', [item('TEE', { Size: 'L' }), item('STICKER', {}, 2)]),
        ],
      }),
    ]
    const sticker = rowFor(buildPickList(rows), 'STICKER')
    expect(sticker).toMatchObject({ quantity: 3, order_count: 1 })
    expect(sticker?.perks).toEqual([
      { perk_id: 3, perk_label: 'Tee + sticker', quantity: 2 },
      { perk_id: 5, perk_label: 'Sticker pack', quantity: 1 },
    ])
  })

  it('counts the same perk listed twice in one order twice', () => {
    const tee = () => perk(1, 'Tee', [item('TEE', { Size: 'S' })])
    const list = buildPickList([order({ id: 1, perks: [tee(), tee()] })])
    expect(list[0]).toMatchObject({ quantity: 2, order_count: 1 })
    expect(list[0]?.perks).toEqual([{ perk_id: 1, perk_label: 'Tee', quantity: 2 }])
  })

  it('counts an order once even when the input holds it twice, apart', () => {
    const a = order({ id: 7, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    const b = order({ id: 8, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    const list = buildPickList([a, b, a])
    expect(list[0]).toMatchObject({ quantity: 3, order_count: 2 })
    expect(groupByPerk([a, b, a])[0]).toMatchObject({ orderCount: 2, unitCount: 3 })
    // Ids too far apart for the bitset take the Set path; the answer must not change.
    const far = order({ id: 2 ** 40, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    expect(buildPickList([a, far, a])[0]).toMatchObject({ quantity: 3, order_count: 2 })
    expect(buildPickList([far, a, b])[0]).toMatchObject({ quantity: 3, order_count: 3 })
  })

  it('sorts rows by SKU code, then choices text, and keeps the first item name', () => {
    const rows = [
      order({
        id: 1,
        perks: [
          perk(1, 'All', [
            item('TEE', { Size: 'S' }, 1, 'T-shirt'),
            item('MUG', {}, 1, 'Mug'),
            item('TEE', { Size: 'L' }, 1, 'T-shirt'),
          ]),
        ],
      }),
      order({ id: 2, perks: [perk(1, 'All', [item('TEE', { Size: 'S' }, 1, 'Renamed tee')])] }),
    ]
    const list = buildPickList(rows)
    expect(list.map((r) => `${r.sku_code} ${describeChoices(r.choices)}`)).toEqual([
      'MUG ',
      'TEE Size: L',
      'TEE Size: S',
    ])
    expect(list[2]?.item_name).toBe('T-shirt')
  })

  it('ignores orders without items and reports totals over the input', () => {
    const rows = [
      order({ id: 1, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' }, 2)])] }),
      order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Size: 'M' })]), perk(9, 'Ebook')] }),
      order({ id: 3, perks: [perk(9, 'Ebook')] }),
      order({ id: 4 }),
    ]
    const list = buildPickList(rows)
    expect(list).toHaveLength(2)
    expect(pickListTotals(rows)).toEqual({ variants: 2, units: 3, orders: 2 })
    expect(pickListTotals(rows, list)).toEqual({ variants: 2, units: 3, orders: 2 })
    expect(buildPickList([])).toEqual([])
  })
})

describe('sortPickList', () => {
  const rows = [
    order({
      id: 1,
      perks: [perk(1, 'A', [item('B-2', {}, 5, 'banana'), item('A-1', {}, 1, 'Cherry')])],
    }),
    order({
      id: 2,
      perks: [perk(1, 'A', [item('C-3', {}, 5, 'apple'), item('A-1', {}, 1, 'Cherry')])],
    }),
  ]
  const list = buildPickList(rows)
  const codes = (sorted: PickListRow[]) => sorted.map((r) => r.sku_code)

  it('sorts by each column both ways, ties by SKU ascending, without touching the input', () => {
    expect(codes(sortPickList(list, 'sku', 'desc'))).toEqual(['C-3', 'B-2', 'A-1'])
    expect(codes(sortPickList(list, 'quantity', 'desc'))).toEqual(['B-2', 'C-3', 'A-1'])
    expect(codes(sortPickList(list, 'quantity', 'asc'))).toEqual(['A-1', 'B-2', 'C-3'])
    expect(codes(sortPickList(list, 'orders', 'desc'))).toEqual(['A-1', 'B-2', 'C-3'])
    expect(codes(sortPickList(list, 'item', 'asc'))).toEqual(['C-3', 'B-2', 'A-1'])
    expect(codes(list)).toEqual(['A-1', 'B-2', 'C-3'])
  })
})

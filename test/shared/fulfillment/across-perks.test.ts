import { describe, expect, it } from 'vitest'
import {
  acrossPerks,
  filterContributions,
  groupByPerk,
  perkOverlapText,
  variantKey,
} from '../../../src/shared/fulfillment'
import { item, order, perk } from '../../helpers/fulfillment-rows'

describe('acrossPerks', () => {
  const teeM = () => item('TEE', { Size: 'M', Colour: 'Sand' })
  const rows = [
    // The sand tee in two perks of one order: one order, two units.
    order({ id: 1, perks: [perk(1, 'Tee', [teeM()]), perk(2, 'Bundle', [teeM(), item('MUG')])] }),
    order({ id: 2, perks: [perk(1, 'Tee', [teeM()])] }),
    // The same perk twice: one perk held, counted once.
    order({ id: 3, perks: [perk(1, 'Tee', [teeM()]), perk(1, 'Tee', [teeM()])] }),
    order({
      id: 4,
      perks: [perk(1, 'Tee', [teeM()]), perk(2, 'Bundle', [item('MUG')]), perk(9, 'Ebook')],
    }),
    order({ id: 5 }),
  ]
  const tree = groupByPerk(rows)
  const across = acrossPerks(rows, tree)
  const sand = variantKey('TEE', [
    { name: 'Size', value: 'M' },
    { name: 'Colour', value: 'Sand' },
  ])

  it('counts each variant over every perk once per order, every unit', () => {
    expect(across.variants.map((v) => [v.key, v.orderCount, v.quantity])).toEqual([
      ['MUG', 2, 2],
      [sand, 4, 6],
    ])
    // What a node of it selects is those orders.
    expect(filterContributions(rows, { variant: sand }).map((r) => r.order.id)).toEqual([
      1, 2, 3, 4,
    ])
    // The tree per perk counts order 1 under both perks: that is what "over every perk" undoes.
    const perTree = tree.flatMap((p) => p.variants).filter((v) => v.key === sand)
    expect(perTree.reduce((n, v) => n + v.orderCount, 0)).toBe(5)
  })

  it('counts the orders holding two perks or more, by how many', () => {
    expect(across.overlap).toEqual([
      { perks: 2, orders: 1 },
      { perks: 3, orders: 1 },
    ])
    // The tree's counts add up to the orders plus one per extra perk held.
    const sum = tree.reduce((n, p) => n + p.orderCount, 0)
    expect(sum).toBe(rows.length + 1 + 2)
    expect(perkOverlapText(across.overlap, rows.length)).toBe(
      "1 order holds two perks, 1 holds three perks: each is counted under every perk it holds, so the perks' counts add up to 8 for 5 orders.",
    )
  })

  it('says nothing when every order holds one perk at most', () => {
    const single = rows.filter((r) => r.order.perks.length < 2)
    expect(acrossPerks(single, groupByPerk(single)).overlap).toEqual([])
    expect(perkOverlapText([], single.length)).toBeNull()
  })
})

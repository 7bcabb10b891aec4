import { describe, expect, it } from 'vitest'
import {
  buildPickList,
  describeChoices,
  groupByPerk,
  PerkTally,
  variantKey,
} from '../../../src/shared/fulfillment'
import { item, perk, order, sum, rowFor } from '../../helpers/fulfillment-rows'

describe('groupByPerk', () => {
  const rows = [
    order({
      id: 1,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(2, 'Bundle', [item('TEE', { Colour: 'Black', Size: 'M' }, 2), item('MUG')]),
      ],
    }),
    order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Size: 'L', Colour: 'Black' })])] }),
    order({
      id: 3,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
      ],
    }),
    order({ id: 4, perks: [perk(9, 'Ebook')] }),
    order({ id: 5 }),
    order({ id: 6 }),
  ]
  const tree = groupByPerk(rows)

  it('sorts perks by label with the no-perk group last', () => {
    expect(tree.map((g) => [g.perkId, g.label])).toEqual([
      [2, 'Bundle'],
      [9, 'Ebook'],
      [1, 'Tee'],
      [null, 'No perk'],
    ])
  })

  it('counts distinct orders and summed units per perk and per variant', () => {
    const tee = tree.find((g) => g.perkId === 1)
    expect(tee).toMatchObject({ orderCount: 3, unitCount: 4 })
    expect(
      tee?.variants.map((v) => [describeChoices(v.choices), v.orderCount, v.quantity]),
    ).toEqual([
      ['Size: L, Colour: Black', 1, 1],
      ['Size: M, Colour: Black', 2, 3],
    ])
    const bundle = tree.find((g) => g.perkId === 2)
    expect(bundle).toMatchObject({ orderCount: 1, unitCount: 3 })
    expect(bundle?.variants.map((v) => [v.skuCode, v.quantity])).toEqual([
      ['MUG', 1],
      ['TEE', 2],
    ])
  })

  it('lists a digital perk with no variants and groups orders without perks', () => {
    expect(tree.find((g) => g.perkId === 9)).toEqual({
      perkId: 9,
      label: 'Ebook',
      orderCount: 1,
      unitCount: 0,
      variants: [],
    })
    expect(tree.find((g) => g.perkId === null)).toMatchObject({ orderCount: 2, unitCount: 0 })
  })

  it('agrees with the pick list on every unit', () => {
    const list = buildPickList(rows)
    const treeUnits = sum(tree.flatMap((g) => g.variants.map((v) => v.quantity)))
    expect(treeUnits).toBe(sum(list.map((r) => r.quantity)))
    expect(sum(tree.map((g) => g.unitCount))).toBe(treeUnits)
    const blackM = rowFor(list, 'TEE', { Size: 'M', Colour: 'Black' })
    const keyM = variantKey('TEE', blackM?.choices ?? [])
    const perVariant = sum(
      tree.flatMap((g) => g.variants.filter((v) => v.key === keyM).map((v) => v.quantity)),
    )
    expect(perVariant).toBe(blackM?.quantity)
    expect(blackM?.quantity).toBe(5)
  })

  it('built a batch at a time (PerkTally), the tree is the tree of all the rows', () => {
    const tally = new PerkTally()
    tally.add(rows.slice(0, 2))
    tally.add([])
    tally.add(rows.slice(2, 5))
    // Groups read midway are of the rows so far; later batches still add to them.
    expect(tally.groups().find((g) => g.perkId === null)?.orderCount).toBe(1)
    tally.add(rows.slice(5))
    expect(tally.groups()).toEqual(tree)
  })
})

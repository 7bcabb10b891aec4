import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrderShapes } from '../../../../src/main/core/orders/order-shapes'
import { buildView } from '../../../../src/main/core/orders/view-store'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { acrossPerks, groupByPerk, PerkTally } from '../../../../src/shared/fulfillment'
import { generateDataset } from '../../../../src/simulator'
import { item, order, perk } from '../../../helpers/fulfillment-rows'
import { toModel } from '../../../helpers/model'

describe('OrderShapes', () => {
  afterEach(() => vi.restoreAllMocks())

  const teeM = () => item('TEE', { Size: 'M', Colour: 'Sand' })
  // An order in two rows (a perk each), once next to each other and once apart.
  const split = (id: number, contribution: number, perks: ReturnType<typeof perk>[]) => ({
    ...order({ id, perks }),
    id: contribution,
  })
  const tricky: CampaignContribution[] = [
    order({ id: 900_001, perks: [perk(1, 'Tee', [teeM()]), perk(2, 'Bundle', [teeM()])] }),
    order({ id: 900_002, perks: [perk(1, 'Tee', [teeM()]), perk(1, 'Tee', [teeM()])] }),
    split(900_003, 1, [perk(1, 'Tee', [teeM()])]),
    split(900_003, 2, [perk(2, 'Bundle', [teeM(), item('MUG')])]),
    split(900_004, 3, [perk(9, 'Ebook')]),
    order({ id: 900_005 }),
    split(900_004, 4, [perk(1, 'Tee', [teeM()])]),
  ]
  const dataset = generateDataset({ seed: 5, contributions: 800 })
  const simulated = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!)
  // As a workspace holds them: equal perks are one object (view-store.ts).
  const rows = buildView([...tricky, ...simulated], 'x').rows as unknown as CampaignContribution[]
  const answers: Record<string, CampaignContribution[]> = {
    'every order': rows,
    'every other row': rows.filter((_, i) => i % 2 === 0),
    'one order of two rows': rows.filter((r) => r.order.id === 900_003),
    'the rows of one order apart': rows.filter((r) => r.order.id === 900_004),
    'no order': [],
  }

  it.each(Object.keys(answers))('counts %s as groupByPerk and acrossPerks do', (name) => {
    const shapes = new OrderShapes()
    // Sets met in an earlier answer are numbered already: both ways give the same tree.
    shapes.tree(rows.slice(0, 300))
    const answer = answers[name]!
    const tree = groupByPerk(answer)
    expect(shapes.tree(answer)).toEqual({ tree, across: acrossPerks(answer, tree) })
  })

  it('keeps each instance to its own numbering of rows it shares with another', () => {
    const first = buildView([...tricky, ...simulated], 'x')
      .rows as unknown as CampaignContribution[]
    const before = structuredClone(first)
    // Two workspaces' numberings met in opposite orders: each must read back only its own.
    const forwards = new OrderShapes()
    const backwards = new OrderShapes()
    forwards.tree(first)
    backwards.tree([...first].reverse())
    const tree = groupByPerk(first)
    expect(backwards.tree(first)).toEqual({ tree, across: acrossPerks(first, tree) })
    expect(forwards.tree(first)).toEqual({ tree, across: acrossPerks(first, tree) })
    // The rows read, copy and compare as they did: what an order is does not change.
    expect(first).toEqual(before)
    expect(JSON.stringify(first)).toBe(JSON.stringify(before))
    expect(Object.keys(first[0]!)).toEqual(Object.keys(before[0]!))
  })

  it("keeps each order's set for the next answer over the same rows", () => {
    const own = buildView(simulated, 'x').rows as unknown as CampaignContribution[]
    const shapes = new OrderShapes()
    const define = vi.spyOn(Object, 'defineProperty')
    shapes.tree(own)
    const first = define.mock.calls.length
    shapes.tree(own.filter((_, i) => i % 3 === 0))
    // Numbered on the first answer, read back on the second: nothing numbered again.
    expect(first).toBeGreaterThan(own.length / 2)
    expect(define.mock.calls.length).toBe(first)
  })

  it('counts frozen rows as well, without keeping anything on them', () => {
    const frozen = structuredClone(rows.slice(0, 200)).map((row) => Object.freeze(row))
    const shapes = new OrderShapes()
    const tree = groupByPerk(frozen)
    for (let run = 0; run < 2; run++)
      expect(shapes.tree(frozen)).toEqual({ tree, across: acrossPerks(frozen, tree) })
  })

  it('tallies each distinct set of perks once, however many orders hold it', () => {
    const add = vi.spyOn(PerkTally.prototype, 'add')
    const { tree } = new OrderShapes().tree(rows)
    const orders = new Set(rows.map((r) => r.order.id)).size
    const tallied = add.mock.calls[0]![0]
    expect(tallied.length).toBeLessThan(orders / 4)
    // Every order is in the tree all the same.
    const perkless = tree.find((p) => p.perkId === null)?.orderCount ?? 0
    const held = rows.filter((r) => r.order.perks.length > 0)
    expect(perkless + new Set(held.map((r) => r.order.id)).size).toBe(orders)
  })
})

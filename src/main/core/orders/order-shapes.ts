import type { CampaignContribution, Perk } from '../../../shared/api/schemas'
import { acrossPerks, PerkTally, withOrdersContiguous } from '../../../shared/fulfillment'
import type { AcrossPerks, PerkGroup } from '../../../shared/fulfillment'

type Slotted = Record<symbol, number | undefined>

/** The perk tree and the variants over every perk of some orders (groupByPerk + acrossPerks). */
export interface ShapesTree {
  tree: PerkGroup[]
  across: AcrossPerks
}

/**
 * The perk tree of a search's orders counted per distinct set of perks, not per order. A
 * snapshot's orders share their perk objects (view-store.ts), so 100,000 orders hold a few
 * hundred such sets: a search matching 74,000 orders then costs a count per order and a tally of
 * those few hundred sets (the tree and its variants were most of a query's time in main). The
 * sets are numbered once per snapshot; an order split over several rows is numbered by all its
 * rows' perks, in their order.
 */
export class OrderShapes {
  /** Per set, one row holding its perks: it stands for every order alike. */
  private readonly shapes: CampaignContribution[] = []
  private readonly byKey = new Map<string, number>()
  /** Perk objects as small numbers: a set's key is its perks' numbers in order. */
  private readonly perkSlots = new Map<Perk, number>()
  /**
   * Where a row that is its order alone keeps its set: a property of the row under this
   * instance's own key, not a Map from rows. At 74,000 orders the Map's lookups were most of the
   * tree's time (about 15 ms a search); a property read is a few nanoseconds. Not enumerable, so
   * the row reads, copies and compares as before.
   */
  private readonly slot = Symbol('order shape')

  private shapeOf(rows: readonly CampaignContribution[], start: number, end: number): number {
    let key = ''
    const perks: Perk[] = []
    for (let r = start; r < end; r++) {
      for (const perk of (rows[r] as CampaignContribution).order.perks) {
        let slot = this.perkSlots.get(perk)
        if (slot === undefined) {
          slot = this.perkSlots.size
          this.perkSlots.set(perk, slot)
        }
        key += `${slot},`
        perks.push(perk)
      }
    }
    let shape = this.byKey.get(key)
    if (shape === undefined) {
      shape = this.shapes.length
      this.byKey.set(key, shape)
      // The set's own order id: PerkTally and acrossPerks tell orders apart by it.
      this.shapes.push({
        id: shape,
        order: { id: shape, perks },
      } as unknown as CampaignContribution)
    }
    return shape
  }

  /**
   * The tree of `rows`: the same answer as `groupByPerk(rows)` and `acrossPerks(rows, tree)`, in
   * the same order, since the sets are tallied in the order their first orders come.
   */
  tree(input: readonly CampaignContribution[]): ShapesTree {
    const rows = withOrdersContiguous(input)
    // Each order's set first (numbering the sets never met before), then how many of each.
    const shapeOfOrder: number[] = []
    for (let i = 0; i < rows.length;) {
      const row = rows[i] as CampaignContribution
      let end = i + 1
      while (end < rows.length && (rows[end] as CampaignContribution).order.id === row.order.id)
        end++
      const alone = end === i + 1
      let shape = alone ? (row as unknown as Slotted)[this.slot] : undefined
      if (shape === undefined) {
        shape = this.shapeOf(rows, i, end)
        // A frozen row (none the workspace makes today) is numbered again each time rather than
        // throwing and taking the whole tree down.
        if (alone && Object.isExtensible(row))
          Object.defineProperty(row, this.slot, { value: shape })
      }
      shapeOfOrder.push(shape)
      i = end
    }
    const weights = new Int32Array(this.shapes.length)
    const seen: number[] = []
    for (const shape of shapeOfOrder) {
      if (weights[shape] === 0) seen.push(shape)
      weights[shape] = (weights[shape] as number) + 1
    }
    const shapeRows = seen.map((shape) => this.shapes[shape] as CampaignContribution)
    const shapeWeights = seen.map((shape) => weights[shape] as number)
    const tally = new PerkTally()
    tally.add(shapeRows, shapeWeights)
    const tree = tally.groups()
    return { tree, across: acrossPerks(shapeRows, tree, shapeWeights) }
  }
}

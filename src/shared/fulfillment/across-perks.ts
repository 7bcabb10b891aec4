import type { CampaignContribution } from '../api/schemas'
import { formatCount, plural } from '../format/counts'
import type { PerkGroup, VariantGroup } from './group'
import { withOrdersContiguous } from './orders'
import { compareCodeUnits } from './text'
import { compareVariantText, describeChoices, variantKey } from './variant'

/** Orders holding `perks` different perks (two or more). */
export interface PerkOverlap {
  perks: number
  orders: number
}

/** What the perk tree cannot show perk by perk: variants over every perk, orders in several. */
export interface AcrossPerks {
  /** Each SKU variant over every perk holding it: its distinct orders and all its units. */
  variants: VariantGroup[]
  /**
   * Orders holding several perks, by how many: each counts under every perk it holds, so the
   * perks' order counts add up to more than the orders.
   */
  overlap: PerkOverlap[]
}

type Perk = CampaignContribution['order']['perks'][number]

// Perk objects are shared by the orders holding them (view-store.ts): their items' keys once.
const itemKeys = new WeakMap<Perk, string[]>()

function keysOf(perk: Perk): string[] {
  let keys = itemKeys.get(perk)
  if (keys === undefined) {
    keys = perk.items.map((item) => variantKey(item.sku.code, item.sku.choices))
    itemKeys.set(perk, keys)
  }
  return keys
}

/**
 * One order's rows (usually one) holding two perk entries or more: how many different perks,
 * and how many times too often the tree counted it under each variant (once per perk holding
 * the variant, where "over every perk" counts it once).
 */
function spreadOf(rows: readonly CampaignContribution[]): {
  perks: number
  extra: Array<[key: string, times: number]>
} {
  const perkIds: number[] = []
  const held: Array<[key: string, perkId: number]> = []
  for (const row of rows) {
    for (const perk of row.order.perks) {
      if (!perkIds.includes(perk.id)) perkIds.push(perk.id)
      for (const key of keysOf(perk)) {
        if (!held.some(([k, id]) => k === key && id === perk.id)) held.push([key, perk.id])
      }
    }
  }
  const extra: Array<[string, number]> = []
  if (perkIds.length < 2) return { perks: perkIds.length, extra }
  for (let i = 0; i < held.length; i++) {
    const key = (held[i] as [string, number])[0]
    // Counted at the key's first pair only.
    if (held.findIndex(([k]) => k === key) !== i) continue
    const perks = held.filter(([k]) => k === key).length
    if (perks > 1) extra.push([key, perks - 1])
  }
  return { perks: perkIds.length, extra }
}

/**
 * The variants over all perks and the orders holding several perks, for the rows `tree` is the
 * perk tree of (`groupByPerk(rows)`). Units add up perk by perk; an order holding a variant in
 * two perks is counted under both, so only the orders with two perks or more are read again to
 * count it once: most orders hold one perk, and this costs a tenth of building the tree.
 */
export function acrossPerks(
  rows: readonly CampaignContribution[],
  tree: readonly PerkGroup[],
  /** As PerkTally.add's: row `r` stands for `weights[r]` orders alike. */
  weights?: ArrayLike<number>,
): AcrossPerks {
  const byKey = new Map<string, VariantGroup>()
  for (const perk of tree) {
    for (const variant of perk.variants) {
      const seen = byKey.get(variant.key)
      if (seen === undefined) byKey.set(variant.key, { ...variant, choices: [...variant.choices] })
      else {
        seen.orderCount += variant.orderCount
        seen.quantity += variant.quantity
      }
    }
  }
  const overlap = new Map<number, number>()
  // Weighted rows are one per order already (PerkTally.add): nothing to regroup.
  const input = weights === undefined ? withOrdersContiguous(rows) : rows
  for (let i = 0; i < input.length;) {
    const orderId = (input[i] as CampaignContribution).order.id
    let end = i + 1
    let entries = (input[i] as CampaignContribution).order.perks.length
    while (end < input.length && (input[end] as CampaignContribution).order.id === orderId) {
      entries += (input[end] as CampaignContribution).order.perks.length
      end++
    }
    if (entries >= 2) {
      const weight = weights === undefined ? 1 : (weights[i] as number)
      const spread = spreadOf(input.slice(i, end))
      if (spread.perks >= 2) overlap.set(spread.perks, (overlap.get(spread.perks) ?? 0) + weight)
      for (const [key, times] of spread.extra) {
        const group = byKey.get(key)
        if (group) group.orderCount -= times * weight
      }
    }
    i = end
  }
  const texts = new Map([...byKey.values()].map((v) => [v.key, describeChoices(v.choices)]))
  const variants = [...byKey.values()].sort(
    (a, b) =>
      compareVariantText(a.skuCode, texts.get(a.key) ?? '', b.skuCode, texts.get(b.key) ?? '') ||
      compareCodeUnits(a.key, b.key),
  )
  return {
    variants,
    overlap: [...overlap].sort(([a], [b]) => a - b).map(([perks, orders]) => ({ perks, orders })),
  }
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
]

function howMany(n: number): string {
  return NUMBER_WORDS[n] ?? formatCount(n)
}

/**
 * "101 orders hold two perks, 3 hold three: each is counted under every perk it holds, so the
 * perks' counts add up to 1,107 for 1,000 orders." Null when no order holds two perks (the
 * counts then add up by themselves).
 */
export function perkOverlapText(overlap: readonly PerkOverlap[], orders: number): string | null {
  const several = overlap.filter((o) => o.perks >= 2 && o.orders > 0)
  if (several.length === 0) return null
  const extra = several.reduce((sum, o) => sum + o.orders * (o.perks - 1), 0)
  const parts = several.map(
    (o, i) =>
      `${i === 0 ? plural(o.orders, 'order') : formatCount(o.orders)} ${o.orders === 1 ? 'holds' : 'hold'} ${howMany(o.perks)} perks`,
  )
  return (
    `${parts.join(', ')}: each is counted under every perk it holds, so the perks' counts add ` +
    `up to ${formatCount(orders + extra)} for ${plural(orders, 'order')}.`
  )
}

import type { CampaignContribution } from '../api/schemas'
import { withOrdersContiguous } from './orders'
import { perkLabel } from './display'
import { compareCodeUnits } from './text'
import type { Choice } from './variant'
import { VariantTable } from './variant-table'
import { compareVariantText, copyChoices, describeChoices, itemName, variantKey } from './variant'

export const NO_PERK_LABEL = 'No perk'

export interface VariantGroup {
  key: string
  skuCode: string
  itemName: string
  /** In the order first seen. */
  choices: Choice[]
  /** Distinct orders holding this variant within this perk. */
  orderCount: number
  /** Sum of item quantities of this variant within this perk. */
  quantity: number
}

export interface PerkGroup {
  /** `null` is the group of orders without any perk. */
  perkId: number | null
  label: string
  /** Distinct orders holding the perk. */
  orderCount: number
  /** Sum of item quantities of the perk over those orders (a perk claimed twice counts twice). */
  unitCount: number
  /** Empty for a digital perk (no items). */
  variants: VariantGroup[]
}

interface VariantAcc extends VariantGroup {
  choicesText: string
  lastOrderId: number | undefined
}

interface PerkAcc {
  perkId: number | null
  label: string
  orderCount: number
  unitCount: number
  lastOrderId: number | undefined
  table: VariantTable<VariantAcc>
  variants: VariantAcc[]
}

// Created once: building a collator is far more expensive than comparing with one. Numeric so
// "Tier 2" sorts before "Tier 10".
const labelCollator = new Intl.Collator(undefined, { numeric: true })

function newPerkAcc(perkId: number | null, label: string): PerkAcc {
  return {
    perkId,
    label,
    orderCount: 0,
    unitCount: 0,
    lastOrderId: undefined,
    table: new VariantTable(),
    variants: [],
  }
}

/**
 * The perk tree of already-filtered rows. An order with two perks counts in both; orders without
 * perks form one group with `perkId: null`, always last. Perks are sorted by label (locale-aware;
 * equal labels by id), variants by SKU code then choices text.
 */
export function groupByPerk(rows: readonly CampaignContribution[]): PerkGroup[] {
  const tally = new PerkTally()
  tally.add(withOrdersContiguous(rows))
  return tally.groups()
}

/** Perk objects remembered by one tally: a snapshot holds a few hundred distinct ones. */
const RESOLVED_LIMIT = 4096

/**
 * groupByPerk's tree built from rows given a batch at a time, so rows read in chunks need not be
 * held together. Each order's rows must come together (in one batch, adjacent): orders are
 * counted with a "last order id seen" marker per bucket.
 */
export class PerkTally {
  private readonly perks = new Map<number, PerkAcc>()
  private noPerk: PerkAcc | undefined
  /**
   * Each perk object's bucket and its items' variants, found once: the orders of one snapshot
   * share their perk objects (view-store.ts), so most items are then counted without a lookup.
   */
  private readonly resolved = new Map<object, { acc: PerkAcc; variants: VariantAcc[] }>()

  /**
   * `weights[r]`, when given, counts row `r` as that many orders alike (each order's perks in
   * one row, every order id once): a view tallies each distinct set of perks once (order-shapes).
   */
  add(input: readonly CampaignContribution[], weights?: ArrayLike<number>): void {
    for (let r = 0; r < input.length; r++) {
      const weight = weights === undefined ? 1 : (weights[r] as number)
      const order = (input[r] as CampaignContribution).order
      const orderId = order.id
      const orderPerks = order.perks
      if (orderPerks.length === 0) {
        const noPerk = (this.noPerk ??= newPerkAcc(null, NO_PERK_LABEL))
        if (noPerk.lastOrderId !== orderId) {
          noPerk.orderCount += weight
          noPerk.lastOrderId = orderId
        }
        continue
      }
      for (let p = 0; p < orderPerks.length; p++) {
        const perk = orderPerks[p] as (typeof orderPerks)[number]
        const { acc, variants } = this.resolve(perk)
        // Same perk twice in one order: one order, but both copies' units.
        if (acc.lastOrderId !== orderId) {
          acc.orderCount += weight
          acc.lastOrderId = orderId
        }
        const items = perk.items
        for (let i = 0; i < items.length; i++) {
          const variant = variants[i] as VariantAcc
          const quantity = (items[i] as (typeof items)[number]).quantity * weight
          if (variant.lastOrderId !== orderId) {
            variant.orderCount += weight
            variant.lastOrderId = orderId
          }
          variant.quantity += quantity
          acc.unitCount += quantity
        }
      }
    }
  }

  private resolve(perk: CampaignContribution['order']['perks'][number]): {
    acc: PerkAcc
    variants: VariantAcc[]
  } {
    const known = this.resolved.get(perk)
    if (known !== undefined) return known
    let acc = this.perks.get(perk.id)
    if (acc === undefined) {
      acc = newPerkAcc(perk.id, perkLabel(perk))
      this.perks.set(perk.id, acc)
    }
    const variants: VariantAcc[] = []
    for (const item of perk.items) {
      const slot = acc.table.slot(item.sku.code, item.sku.choices)
      let variant = slot.value
      if (variant === undefined) {
        const choices = copyChoices(item.sku.choices)
        variant = {
          key: variantKey(item.sku.code, item.sku.choices),
          skuCode: item.sku.code,
          itemName: itemName(item),
          choices,
          orderCount: 0,
          quantity: 0,
          choicesText: describeChoices(choices),
          lastOrderId: undefined,
        }
        slot.value = variant
        acc.variants.push(variant)
      }
      variants.push(variant)
    }
    const resolved = { acc, variants }
    // Rows that do not share their perks (parsed one by one, streamed) would only fill it up.
    if (this.resolved.size < RESOLVED_LIMIT) this.resolved.set(perk, resolved)
    return resolved
  }

  /** The tree of the rows added so far. */
  groups(): PerkGroup[] {
    const sorted = [...this.perks.values()].sort(
      (a, b) => labelCollator.compare(a.label, b.label) || (a.perkId ?? 0) - (b.perkId ?? 0),
    )
    if (this.noPerk) sorted.push(this.noPerk)
    return sorted.map(toPerkGroup)
  }
}

function toPerkGroup(acc: PerkAcc): PerkGroup {
  const variants = acc.variants.sort(
    (a, b) =>
      compareVariantText(a.skuCode, a.choicesText, b.skuCode, b.choicesText) ||
      compareCodeUnits(a.key, b.key),
  )
  return {
    perkId: acc.perkId,
    label: acc.label,
    orderCount: acc.orderCount,
    unitCount: acc.unitCount,
    variants: variants.map((v) => ({
      key: v.key,
      skuCode: v.skuCode,
      itemName: v.itemName,
      choices: v.choices,
      orderCount: v.orderCount,
      quantity: v.quantity,
    })),
  }
}

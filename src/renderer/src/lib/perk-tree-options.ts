import type { TreeOption } from 'naive-ui'
import type { PerkGroup, VariantGroup } from '@shared/fulfillment'
import { allOrdersLabel, perkNodeLabel, variantNodeLabel } from './perk-labels'
import {
  ALL_ORDERS_KEY,
  EVERY_PERK_KEY,
  perkNodeKey,
  skuNodeKey,
  variantNodeKey,
} from './perk-tree-keys'

/**
 * The Orders tree's nodes: "All orders", each perk with its SKU variants, and last a group of
 * each variant over every perk that holds it ("Sand M in all perks").
 */
export function perkTreeOptions(
  tree: readonly PerkGroup[],
  totals: { orders: number; units: number } | null | undefined,
  skus: readonly VariantGroup[],
): TreeOption[] {
  const nodes: TreeOption[] = [{ key: ALL_ORDERS_KEY, label: allOrdersLabel(totals), isLeaf: true }]
  for (const perk of tree) {
    const option: TreeOption = { key: perkNodeKey(perk.perkId), label: perkNodeLabel(perk) }
    if (perk.variants.length === 0) option.isLeaf = true
    else
      option.children = perk.variants.map((variant) => ({
        key: variantNodeKey(perk.perkId, variant.key),
        label: variantNodeLabel(variant),
        isLeaf: true,
      }))
    nodes.push(option)
  }
  if (skus.length > 0)
    nodes.push({
      key: EVERY_PERK_KEY,
      label: 'SKUs in all perks',
      children: skus.map((variant) => ({
        key: skuNodeKey(variant.key),
        label: variantNodeLabel(variant),
        isLeaf: true,
      })),
    })
  return nodes
}

/** The keys on screen, top to bottom (a closed node's children left out). */
export function shownTreeKeys(
  options: readonly TreeOption[],
  expanded: readonly (string | number)[],
): string[] {
  const out: string[] = []
  const walk = (level: readonly TreeOption[]) => {
    for (const option of level) {
      out.push(String(option.key))
      if (option.children && expanded.includes(option.key as string)) walk(option.children)
    }
  }
  walk(options)
  return out
}

import type { PerkGroup, VariantGroup } from '../../../../shared/fulfillment'
import { describeChoices } from '../../../../shared/fulfillment'

// The interface is English throughout; a fixed locale keeps "1,234" the same on every machine.
const counts = new Intl.NumberFormat('en-US')

export function formatCount(n: number): string {
  return counts.format(n)
}

/** "1 order", "1,234 orders". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

/** "TEE-BLK (Size: M, Colour: Black)", or the code alone when the SKU has no choices. */
export function variantTitle(skuCode: string, choices: VariantGroup['choices']): string {
  const text = describeChoices(choices)
  return text === '' ? skuCode : `${skuCode} (${text})`
}

export function perkNodeLabel(perk: PerkGroup): string {
  return `${perk.label} — ${plural(perk.orderCount, 'order')} · ${plural(perk.unitCount, 'unit')}`
}

export function variantNodeLabel(variant: VariantGroup): string {
  return `${variantTitle(variant.skuCode, variant.choices)} — ${plural(variant.orderCount, 'order')} · ${plural(variant.quantity, 'unit')}`
}

export function allOrdersLabel(
  totals: { orders: number; units: number } | null | undefined,
): string {
  if (!totals) return 'All orders'
  return `All orders — ${plural(totals.orders, 'order')} · ${plural(totals.units, 'unit')}`
}

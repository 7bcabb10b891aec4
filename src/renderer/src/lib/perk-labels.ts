import type { PerkGroup, VariantGroup } from '@shared/fulfillment'
import { describeChoices } from '@shared/fulfillment'
import { plural } from './counts'

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

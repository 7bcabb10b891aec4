import type { PerkGroup, VariantGroup } from '@shared/fulfillment'
import { describeChoices } from '@shared/fulfillment'
import { plural } from '@shared/format/counts'

/** "TEE-BLK (Size: M, Colour: Black)", or the code alone when the SKU has no choices. */
export function variantTitle(skuCode: string, choices: VariantGroup['choices']): string {
  const text = describeChoices(choices)
  return text === '' ? skuCode : `${skuCode} (${text})`
}

/**
 * "TEE-BLK · Tidepool T-Shirt · Size: M, Colour: Black": the code a shelf is labelled with, the
 * name a person knows the item by, and the choices. A part that says nothing is left out (an item
 * without a name is named by its code, which is already there).
 */
export function variantText(variant: Pick<VariantGroup, 'skuCode' | 'itemName' | 'choices'>) {
  const parts = [variant.skuCode]
  const name = variant.itemName.trim()
  if (name !== '' && name !== variant.skuCode) parts.push(name)
  const choices = describeChoices(variant.choices)
  if (choices !== '') parts.push(choices)
  return parts.join(' · ')
}

export function perkNodeLabel(perk: PerkGroup): string {
  return `${perk.label} — ${plural(perk.orderCount, 'order')} · ${plural(perk.unitCount, 'unit')}`
}

export function variantNodeLabel(variant: VariantGroup): string {
  return `${variantText(variant)} — ${plural(variant.orderCount, 'order')} · ${plural(variant.quantity, 'unit')}`
}

export function allOrdersLabel(
  totals: { orders: number; units: number } | null | undefined,
): string {
  if (!totals) return 'All orders'
  return `All orders — ${plural(totals.orders, 'order')} · ${plural(totals.units, 'unit')}`
}

import type { CampaignContribution } from '../api/schemas'
import type { UnreadableItem, UnreadableItemReason } from '../api/item-list'
import { UNREADABLE_ITEM_REASONS } from '../api/item-list'
import { formatCount, plural } from '../format/counts'
import { describeChoices } from './variant'

// Items PerkPack cannot read (no SKU, no quantity, ...) travel with their order: it still ships,
// and every place a person packs from says "check by hand" in the same words (this file).

/** An item PerkPack cannot read, with the perk it is in. */
export interface FlaggedItem {
  /** The perk's place in the order, from 0: the `order.perks[p]` of the item's paths. */
  perkIndex: number
  perkId: number
  item: UnreadableItem
}

type Perks = Pick<CampaignContribution['order'], 'perks'>
type PerkOf = Perks['perks'][number]

/** Whether a perk lists anything to pack, an item PerkPack cannot read included. */
export function perkHasItems(perk: Pick<PerkOf, 'items' | 'unreadable_items'>): boolean {
  return perk.items.length > 0 || (perk.unreadable_items?.length ?? 0) > 0
}

/** Every item of the order PerkPack cannot read, perk by perk, of the perks `keep` keeps. */
export function flaggedItems(
  order: Perks,
  keep: (perk: PerkOf) => boolean = () => true,
): FlaggedItem[] {
  const found: FlaggedItem[] = []
  order.perks.forEach((perk, perkIndex) => {
    if (!perk.unreadable_items || !keep(perk)) return
    for (const item of perk.unreadable_items) found.push({ perkIndex, perkId: perk.id, item })
  })
  return found
}

/** Whether the order holds an item PerkPack cannot read, without listing them. */
export function hasFlaggedItems(order: Perks): boolean {
  const perks = order.perks
  for (let p = 0; p < perks.length; p++) if ((perks[p] as PerkOf).unreadable_items) return true
  return false
}

const REASON_WORDS: Readonly<Record<UnreadableItemReason, string>> = {
  'no-sku': 'no SKU',
  'no-quantity': 'no quantity',
  'unclear-choices': 'variant unclear',
  'not-an-item': 'not readable',
  'not-a-list': 'item list not readable',
}

/** "no SKU": why the item is checked by hand, as a pick list row and a slip line say it. */
export function unreadableReasonText(reason: UnreadableItemReason): string {
  return REASON_WORDS[reason]
}

/** Its name, else its SKU code: never blank. */
export function flaggedItemName(item: Pick<UnreadableItem, 'name' | 'sku_code' | 'reason'>) {
  if (item.name) return item.name
  if (item.sku_code) return item.sku_code
  return item.reason === 'not-a-list' ? 'Items' : 'An item'
}

/** "no SKU: check by hand". */
export function checkByHandNote(item: Pick<UnreadableItem, 'reason'>): string {
  return `${unreadableReasonText(item.reason)}: check by hand`
}

/** "Enamel pin (no SKU: check by hand)", the choices that could be read after the name. */
export function checkByHandText(item: UnreadableItem): string {
  const choices = describeChoices(item.choices)
  const name = flaggedItemName(item)
  return `${choices === '' ? name : `${name}, ${choices}`} (${checkByHandNote(item)})`
}

/** "1", or "?" when the item carries no quantity PerkPack can read. */
export function flaggedQuantityText(item: Pick<UnreadableItem, 'quantity'>): string {
  return item.quantity === null ? '?' : formatCount(item.quantity)
}

/** "1 × Enamel pin (no SKU: check by hand)": the line a slip, a drawer and a summary print. */
export function flaggedItemLine(item: UnreadableItem): string {
  return `${flaggedQuantityText(item)} × ${checkByHandText(item)}`
}

/** What follows "3 items" (or "1 item list") in a count of them. */
const COUNTED: Readonly<Record<UnreadableItemReason, string>> = {
  'no-sku': 'without a SKU',
  'no-quantity': 'without a quantity',
  'unclear-choices': 'with an unclear variant',
  'not-an-item': 'PerkPack cannot read',
  'not-a-list': 'PerkPack cannot read',
}

function counted(reason: UnreadableItemReason, n: number, named: boolean): string {
  if (reason === 'not-a-list') return `${plural(n, 'item list')} ${COUNTED[reason]}`
  return `${named ? plural(n, 'item') : formatCount(n)} ${COUNTED[reason]}`
}

/**
 * "1 item without a SKU", or "3 items to check by hand (2 without a SKU, 1 without a
 * quantity)" when they differ.
 */
export function flaggedCountText(items: readonly Pick<UnreadableItem, 'reason'>[]): string {
  const counts = UNREADABLE_ITEM_REASONS.map(
    (reason) => [reason, items.filter((item) => item.reason === reason).length] as const,
  ).filter(([, n]) => n > 0)
  if (counts.length === 1) return counted(counts[0]![0], counts[0]![1], true)
  const parts = counts.map(([reason, n]) => counted(reason, n, false))
  return `${plural(items.length, 'item')} to check by hand (${parts.join(', ')})`
}

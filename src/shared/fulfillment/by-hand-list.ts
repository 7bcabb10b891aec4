import type { CampaignContribution } from '../api/schemas'
import type { UnreadableItemReason } from '../api/item-list'
import { UNREADABLE_ITEM_REASONS } from '../api/item-list'
import { compareCodeUnits } from './text'
import {
  flaggedItemName,
  flaggedItems,
  hasFlaggedItems,
  unreadableReasonText,
} from './unreadable-items'
import type { Choice } from './variant'
import { copyChoices, describeChoices } from './variant'

/**
 * One line of the pick list's "by hand" part: items PerkPack cannot pick by SKU variant (no SKU,
 * no quantity, ...), grouped by why, name, SKU code and choices. Snake case like PickListRow.
 */
export interface ByHandRow {
  reason: UnreadableItemReason
  /** The item's name, else its SKU code: never blank. */
  item_name: string
  sku_code: string | null
  choices: Choice[]
  /** Units; null when none of these items carries a quantity PerkPack can read. */
  quantity: number | null
  order_count: number
}

/**
 * The items of `rows` PerkPack cannot read, grouped. Items with and without a quantity are
 * apart: "3 units" and "some" do not add up. Sorted by reason, then name, in code-unit order.
 */
export function buildByHandList(rows: readonly CampaignContribution[]): ByHandRow[] {
  const groups = new Map<string, ByHandRow & { lastOrder: number }>()
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as CampaignContribution
    // Runs with every pick list: nearly every perk has none, so no list is made to find out.
    if (!hasFlaggedItems(row.order)) continue
    for (const { item } of flaggedItems(row.order)) {
      const name = flaggedItemName(item)
      const key = JSON.stringify([
        item.reason,
        name,
        item.sku_code,
        describeChoices(item.choices),
        item.quantity === null,
      ])
      let group = groups.get(key)
      if (group === undefined) {
        group = {
          reason: item.reason,
          item_name: name,
          sku_code: item.sku_code,
          choices: copyChoices(item.choices),
          quantity: item.quantity === null ? null : 0,
          order_count: 0,
          lastOrder: NaN,
        }
        groups.set(key, group)
      }
      if (group.quantity !== null && item.quantity !== null) group.quantity += item.quantity
      if (group.lastOrder !== row.order.id) {
        group.order_count++
        group.lastOrder = row.order.id
      }
    }
  }
  const rank = (reason: UnreadableItemReason) => UNREADABLE_ITEM_REASONS.indexOf(reason)
  // A total order, so every list of the same orders comes out alike whatever their order.
  return [...groups.values()]
    .sort(
      (a, b) =>
        rank(a.reason) - rank(b.reason) ||
        compareCodeUnits(a.item_name, b.item_name) ||
        compareCodeUnits(a.sku_code ?? '', b.sku_code ?? '') ||
        compareCodeUnits(describeChoices(a.choices), describeChoices(b.choices)) ||
        Number(a.quantity === null) - Number(b.quantity === null),
    )
    .map(({ lastOrder: _, ...row }) => row)
}

/** "3" units, or "?" when the items carry no quantity. */
export function byHandQuantityText(row: Pick<ByHandRow, 'quantity'>): string {
  return row.quantity === null ? '?' : row.quantity.toLocaleString('en-US')
}

/** The row's SKU cell: its code when it has one, else why it has none ("no SKU"). */
export function byHandSkuText(row: Pick<ByHandRow, 'reason' | 'sku_code'>): string {
  return row.sku_code ?? unreadableReasonText(row.reason)
}

/**
 * The row's item cell: "Enamel pin (check by hand)" beside a SKU cell that says why ("no SKU"),
 * "T-shirt (no quantity: check by hand)" beside one that holds the code.
 */
export function byHandItemText(row: Pick<ByHandRow, 'reason' | 'item_name' | 'sku_code'>): string {
  const why = row.sku_code === null ? '' : `${unreadableReasonText(row.reason)}: `
  return `${row.item_name} (${why}check by hand)`
}

/** The heading above the by-hand rows, on screen, on paper and in the workbook. */
export const BY_HAND_HEADING = 'To pick by hand: items PerkPack cannot pick by SKU'

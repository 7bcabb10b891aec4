import type { CampaignContribution } from '../api/schemas'
import { withOrdersContiguous } from './orders'
import { perkLabel } from './display'
import { perkHasItems } from './unreadable-items'
import { compareCodeUnits } from './text'
import { VariantTable } from './variant-table'
import type { Choice } from './variant'
import { compareVariantText, copyChoices, describeChoices, itemName, variantKey } from './variant'

export interface PickListPerk {
  perk_id: number
  perk_label: string
  quantity: number
}

/**
 * One line of the pick list. Snake case and exactly these keys: the command line prints it as
 * JSON and an outside test kit checks that shape.
 */
export interface PickListRow {
  sku_code: string
  item_name: string
  /** In the order first seen. */
  choices: Choice[]
  quantity: number
  order_count: number
  /** Quantity broken down per perk, by perk id. */
  perks: PickListPerk[]
}

export type PickListSortKey = 'sku' | 'quantity' | 'orders' | 'item'
export type SortDirection = 'asc' | 'desc'

export interface PickListTotals {
  variants: number
  units: number
  /** Distinct orders holding at least one item (one to pick by hand included). */
  orders: number
}

interface RowAcc {
  key: string
  row: PickListRow
  choicesText: string
  lastOrderId: number | undefined
  perks: PickListPerk[]
}

function compareDefault(a: RowAcc, b: RowAcc): number {
  return (
    compareVariantText(a.row.sku_code, a.choicesText, b.row.sku_code, b.choicesText) ||
    compareCodeUnits(a.key, b.key)
  )
}

/**
 * One row per distinct (SKU code, choices) over the already-filtered rows. Every item of every
 * perk of every order counts: a perk listed twice counts twice, an item of quantity 2 counts 2.
 * Sorted by SKU code, then choices text, both in code-unit order (identical on every machine).
 */
export function buildPickList(rows: readonly CampaignContribution[]): PickListRow[] {
  const input = withOrdersContiguous(rows)
  const table = new VariantTable<RowAcc>()
  const variants: RowAcc[] = []

  for (let r = 0; r < input.length; r++) {
    const order = (input[r] as CampaignContribution).order
    const orderId = order.id
    const perks = order.perks
    for (let p = 0; p < perks.length; p++) {
      const perk = perks[p] as (typeof perks)[number]
      const items = perk.items
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as (typeof items)[number]
        const slot = table.slot(item.sku.code, item.sku.choices)
        let acc = slot.value
        if (acc === undefined) {
          const choices = copyChoices(item.sku.choices)
          acc = {
            key: variantKey(item.sku.code, item.sku.choices),
            // Key order here is the JSON key order of the contract.
            row: {
              sku_code: item.sku.code,
              item_name: itemName(item),
              choices,
              quantity: 0,
              order_count: 0,
              perks: [],
            },
            choicesText: describeChoices(choices),
            lastOrderId: undefined,
            perks: [],
          }
          slot.value = acc
          variants.push(acc)
        }
        acc.row.quantity += item.quantity
        if (acc.lastOrderId !== orderId) {
          acc.row.order_count++
          acc.lastOrderId = orderId
        }
        // A variant is in a handful of perks at most: a scan beats a Map lookup per item.
        const perkLines = acc.perks
        let perkLine: PickListPerk | undefined
        for (let l = 0; l < perkLines.length; l++) {
          if ((perkLines[l] as PickListPerk).perk_id === perk.id) {
            perkLine = perkLines[l]
            break
          }
        }
        if (perkLine === undefined) {
          perkLines.push({ perk_id: perk.id, perk_label: perkLabel(perk), quantity: item.quantity })
        } else {
          perkLine.quantity += item.quantity
        }
      }
    }
  }

  const sorted = variants.sort(compareDefault)
  const out: PickListRow[] = []
  for (const acc of sorted) {
    acc.row.perks = acc.perks.sort((a, b) => a.perk_id - b.perk_id)
    out.push(acc.row)
  }
  return out
}

const itemCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

function primaryCompare(by: PickListSortKey): (a: PickListRow, b: PickListRow) => number {
  switch (by) {
    case 'quantity':
      return (a, b) => a.quantity - b.quantity
    case 'orders':
      return (a, b) => a.order_count - b.order_count
    case 'item':
      return (a, b) => itemCollator.compare(a.item_name, b.item_name)
    case 'sku':
      return () => 0
  }
}

/**
 * A sorted copy (the input is left alone). The direction applies to the chosen column; ties
 * always fall back to SKU code then choices ascending, so equal quantities stay in a predictable
 * order whichever way the column is flipped.
 */
export function sortPickList(
  rows: readonly PickListRow[],
  by: PickListSortKey,
  direction: SortDirection = 'asc',
): PickListRow[] {
  const sign = direction === 'desc' ? -1 : 1
  const primary = primaryCompare(by)
  const decorated = rows.map((row) => ({ row, choicesText: describeChoices(row.choices) }))
  decorated.sort((a, b) => {
    const first = primary(a.row, b.row) * sign
    if (first !== 0) return first
    const text = compareVariantText(a.row.sku_code, a.choicesText, b.row.sku_code, b.choicesText)
    return by === 'sku' ? text * sign : text
  })
  return decorated.map((d) => d.row)
}

/**
 * Totals for the pick list header. Pass the pick list already built from the same rows to skip
 * building it again.
 */
export function pickListTotals(
  rows: readonly CampaignContribution[],
  pickList: readonly PickListRow[] = buildPickList(rows),
): PickListTotals {
  let units = 0
  for (const line of pickList) units += line.quantity
  const orders = new Set<number>()
  for (const row of rows) {
    if (orders.has(row.order.id)) continue
    for (const perk of row.order.perks) {
      // An order whose only item is one to pick by hand ships too: it is counted.
      if (perkHasItems(perk)) {
        orders.add(row.order.id)
        break
      }
    }
  }
  return { variants: pickList.length, units, orders: orders.size }
}

export interface OrderLine {
  key: string
  skuCode: string
  itemName: string
  choices: Choice[]
  quantity: number
}

/**
 * What goes into one parcel: the order's items merged per variant across its perks, in the pick
 * list's order. For packing slips and export rows.
 */
export function orderLines(row: CampaignContribution): OrderLine[] {
  const lines = new Map<string, OrderLine & { choicesText: string }>()
  for (const perk of row.order.perks) {
    for (const item of perk.items) {
      const key = variantKey(item.sku.code, item.sku.choices)
      const line = lines.get(key)
      if (line) {
        line.quantity += item.quantity
        continue
      }
      const choices = copyChoices(item.sku.choices)
      lines.set(key, {
        key,
        skuCode: item.sku.code,
        itemName: itemName(item),
        choices,
        quantity: item.quantity,
        choicesText: describeChoices(choices),
      })
    }
  }
  return [...lines.values()]
    .sort(
      (a, b) =>
        compareVariantText(a.skuCode, a.choicesText, b.skuCode, b.choicesText) ||
        compareCodeUnits(a.key, b.key),
    )
    .map(({ key, skuCode, itemName, choices, quantity }) => ({
      key,
      skuCode,
      itemName,
      choices,
      quantity,
    }))
}

import { z } from 'zod'
import { intLike, listOrEmpty, nonBlankText, optional, textLike } from './lenient'
import { describeIssues, describeValue } from './validate'
import type { SchemaProblem } from './validate'

// A perk's items read one by one. An item the model cannot use (no SKU, no quantity, not an
// object) must not cost the whole order: the order still ships, and the item is kept beside the
// readable ones, flagged, so every output can say "check by hand" (docs/data-policy.md).

/** Why an item cannot be picked and scanned like the others. */
export const UNREADABLE_ITEM_REASONS = [
  'no-sku',
  'no-quantity',
  'unclear-choices',
  'not-an-item',
  'not-a-list',
] as const
export type UnreadableItemReason = (typeof UNREADABLE_ITEM_REASONS)[number]

/** What could be read of an item the model cannot use; `perk.unreadable_items` holds them. */
export interface UnreadableItem {
  /** Its place in the perk's items as sent, from 0; null when `items` was not a list at all. */
  index: number | null
  reason: UnreadableItemReason
  name: string | null
  sku_code: string | null
  /** The choices that could be read. */
  choices: { name: string; value: string }[]
  /** Units, null when the item carries no readable quantity. */
  quantity: number | null
  /** What could not be read, with paths from the perk (`items[2].sku.code`). */
  problems: SchemaProblem[]
}

/** Why PerkPack needs each required part of an item, by path within the item. */
export const ITEM_FIELD_PURPOSES: Readonly<Record<string, string>> = {
  '(root)': 'each item must be an object with a SKU and a quantity',
  quantity: 'the quantity says how many to pick',
  sku: 'the SKU says which item to pick',
  'sku.code': 'the SKU code says which item to pick',
  'sku.choices': 'the choices say which variant to pick',
  'sku.choices[]': 'the choices say which variant to pick',
  'sku.choices[].name': 'the choices say which variant to pick',
  'sku.choices[].value': 'the choices say which variant to pick',
}

/** The readable items of a perk, and the others. */
export interface ItemList<T> {
  items: T[]
  unreadable: UnreadableItem[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const nameReader = optional(textLike)
const quantityReader = intLike.pipe(z.number().min(0))
const choiceReader = z.object({ name: textLike, value: textLike })

function readable<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const read = schema.safeParse(value)
  return read.success ? read.data : null
}

function readableChoices(value: unknown): { name: string; value: string }[] {
  const list = readable(listOrEmpty(z.unknown()), value) ?? []
  return list.flatMap((choice) => {
    const read = readable(choiceReader, choice)
    return read ? [read] : []
  })
}

function unreadableItem(raw: unknown, index: number, error: z.ZodError): UnreadableItem {
  const problems = describeIssues(error, { data: raw, purposes: ITEM_FIELD_PURPOSES }).map(
    (problem) => ({
      path: problem.path === '(root)' ? `items[${index}]` : `items[${index}].${problem.path}`,
      message: problem.message,
    }),
  )
  if (!isObject(raw)) {
    // An older backend sends an item it knows only by name as that name: no SKU to pick by.
    const name = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null
    const base = { index, name, sku_code: null, choices: [], quantity: null, problems }
    return { ...base, reason: name === null ? 'not-an-item' : 'no-sku' }
  }
  const sku = isObject(raw.sku) ? raw.sku : undefined
  const code = readable(nonBlankText, sku?.code)
  const quantity = readable(quantityReader, raw.quantity)
  return {
    index,
    reason: code === null ? 'no-sku' : quantity === null ? 'no-quantity' : 'unclear-choices',
    name: readable(nameReader, raw.name)?.trim() || null,
    sku_code: code,
    choices: readableChoices(sku?.choices),
    quantity,
    problems,
  }
}

/**
 * `items` as sent split into the items the model reads and the ones it cannot use. Absent or
 * null is no items (a digital perk); anything but a list is one unreadable entry, since what
 * to pick is then unknown.
 */
export function readItemList<T>(value: unknown, itemSchema: z.ZodType<T>): ItemList<T> {
  if (value === undefined || value === null) return { items: [], unreadable: [] }
  if (!Array.isArray(value)) {
    const message = `expected a list, got ${describeValue(value)} — the items say what to pick`
    const problems = [{ path: 'items', message }]
    const entry = { index: null, name: null, sku_code: null, choices: [], quantity: null }
    return { items: [], unreadable: [{ ...entry, reason: 'not-a-list', problems }] }
  }
  const list: ItemList<T> = { items: [], unreadable: [] }
  value.forEach((raw: unknown, index) => {
    const read = itemSchema.safeParse(raw)
    if (read.success) list.items.push(read.data)
    else list.unreadable.push(unreadableItem(raw, index, read.error))
  })
  return list
}

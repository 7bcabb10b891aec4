import { pathPattern } from '../api/validate'
import type { SchemaProblem } from '../api/validate'

// A problem row in the words of the people who ship: "Order #2041, María Nuñez: perk without an
// id", not `order.perks[0].id: missing`. The window, the command line and the workbook word them
// here; the paths stay beside the words for support and scripts.

/** What part of a row a path names, and how its absence reads. */
interface PathWords {
  noun: string
  missing: string
}

const WORDS: Readonly<Record<string, PathWords>> = {
  '(root)': { noun: 'contribution', missing: 'empty contribution' },
  id: { noun: 'contribution id', missing: 'contribution without an id' },
  order: { noun: 'order', missing: 'contribution without an order' },
  'order.id': { noun: 'order id', missing: 'order without an id' },
  'order.status': { noun: 'order status', missing: 'order without a status' },
  'order.perks': { noun: 'perk list', missing: 'order without a perk list' },
  'order.perks[]': { noun: 'perk', missing: 'empty perk' },
  'order.perks[].id': { noun: 'perk id', missing: 'perk without an id' },
  'order.perks[].label': { noun: 'perk label', missing: 'perk without a label' },
  'order.perks[].items': { noun: 'item list', missing: 'perk without an item list' },
  'order.perks[].items[]': { noun: 'item', missing: 'empty item' },
  'order.perks[].items[].quantity': { noun: 'item quantity', missing: 'item without a quantity' },
  'order.perks[].items[].sku': { noun: 'item SKU', missing: 'item without a SKU' },
  'order.perks[].items[].sku.code': { noun: 'SKU code', missing: 'item without a SKU' },
}

const CHOICES: PathWords = { noun: 'item choices', missing: 'item with an unclear variant' }

function wordsFor(pattern: string): PathWords | null {
  if (pattern.startsWith('order.perks[].items[].sku.choices')) return CHOICES
  return WORDS[pattern] ?? null
}

/** Where a dashboard file's problem sits: "line 22, column Perk ID: …" (dashboard-export.ts). */
const PLACED = /^line (\d+), column (.+?): ([\s\S]*)$/

/** The line, column and problem of a dashboard file's message; null for any other message. */
export function problemPlace(
  message: string,
): { line: number; column: string; message: string } | null {
  const match = PLACED.exec(message)
  return match ? { line: Number(match[1]), column: match[2]!, message: match[3]! } : null
}

/** Nothing was there: the problem reads as the part's absence. */
const ABSENT = /^(missing|blank|empty)\b/

/**
 * "item 2 without a SKU", "perk 2 without an id": the places, counted from 1, when they tell
 * items or perks apart; after the words when the words do not name the part.
 */
function placed(text: string, path: string, several: { perks: boolean; items: boolean }) {
  const perk = /^order\.perks\[(\d+)\]/.exec(path)
  const item = /\.items\[(\d+)\]/.exec(path)
  let out = text
  const after: string[] = []
  const name = (word: 'item' | 'perk', index: string) => {
    const at = `${word} ${Number(index) + 1}`
    const pattern = new RegExp(`\\b${word}\\b`)
    if (pattern.test(out)) out = out.replace(pattern, at)
    else after.push(at)
  }
  if (item && (several.items || item[1] !== '0')) name('item', item[1]!)
  if (perk && (several.perks || perk[1] !== '0')) name('perk', perk[1]!)
  return after.length > 0 ? `${out} (${after.join(' of ')})` : out
}

function countOf(raw: unknown, path: string): { perks: boolean; items: boolean } {
  const record = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  const perks = record(record(raw)?.order)?.perks
  const perkAt = /^order\.perks\[(\d+)\]/.exec(path)
  const items = Array.isArray(perks) ? record(perks[Number(perkAt?.[1] ?? 0)])?.items : undefined
  return {
    perks: Array.isArray(perks) && perks.length > 1,
    items: Array.isArray(items) && items.length > 1,
  }
}

/**
 * "perk without an id", "item 2 without a SKU", "order status: expected text, got the number
 * 3": one problem of a row in words (the reason PerkPack needs the part is left to the path's
 * message). `raw`, the row as sent, tells whether a perk or item needs its place named.
 */
export function problemText(problem: SchemaProblem, raw?: unknown): string {
  const place = problemPlace(problem.message)
  const message = (place?.message ?? problem.message).split(' — ')[0]!.trim()
  const words = wordsFor(pathPattern(problem.path))
  let text: string
  if (!words) text = `${problem.path}: ${message}`
  else if (ABSENT.test(message)) text = words.missing
  else text = `${words.noun}: ${message}`
  if (words) text = placed(text, problem.path, countOf(raw, problem.path))
  return place ? `${text} (line ${place.line}, column ${place.column})` : text
}

/** Who a problem row is, as far as the row as sent says: its order number and backer. */
export interface ProblemRowWho {
  orderNumber: number | null
  backer: string | null
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** Read leniently: a problem row is one the model could not read, so nothing is assumed. */
export function problemRowWho(raw: unknown): ProblemRowWho {
  const order = field(raw, 'order')
  const sequence = field(order, 'sequence_number')
  const number =
    typeof sequence === 'string' && /^\s*\d+\s*$/.test(sequence) ? Number(sequence) : sequence
  return {
    orderNumber: typeof number === 'number' && Number.isSafeInteger(number) ? number : null,
    backer:
      nonBlank(field(raw, 'contributor_name')) ??
      nonBlank(field(raw, 'by')) ??
      nonBlank(field(field(order, 'shipping'), 'name')),
  }
}

/**
 * "Order #2041, María Nuñez", "Contribution 41450054, María Nuñez", or "Row 17 (no usable id)":
 * the row as a person finds it in the Orders view or on the platform.
 */
export function problemRowTitle(
  row: { id: number | null; rank: number } & Partial<ProblemRowWho>,
): string {
  const name =
    row.orderNumber != null
      ? `Order #${row.orderNumber}`
      : row.id !== null
        ? `Contribution ${row.id}`
        : `Row ${row.rank + 1} (no usable id)`
  return row.backer ? `${name}, ${row.backer}` : name
}

import { describeChoices, variantKey } from '../fulfillment/variant'
import type { Choice } from '../fulfillment/variant'
import type { StockFileProblem, StockLine } from './stock-file'
import type { StockEntry } from './wave-types'

// A stock level is only useful under the key the orders' items have: a level typed as
// "tee, size: m" or "TEE, M" for the variant TEE|Size=M would sit on a row of its own while the
// planner reads TEE|Size=M as never counted. So a line is matched to a variant the campaign ships
// the way a person reads it (any case, any spacing, a value without its choice's name when only
// one variant of the SKU has it); what matches nothing is kept (stock nobody ordered yet is real)
// but named, and a variant given twice in one file is left out, since the file does not say
// which count is the shelf's.

/** A variant the campaign's orders ship (any status). */
export interface ShippedVariant {
  skuCode: string
  choices: readonly Choice[]
}

export interface FittedStock {
  /** The levels to record, under the shipped variant's own spelling where one matched. */
  entries: StockEntry[]
  /** Lines left out, and why. */
  problems: StockFileProblem[]
  /** Lines kept that no order ships: said, so a typo in a choice is seen. */
  unshipped: StockFileProblem[]
}

const fold = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
const foldedKey = (skuCode: string, choices: readonly Choice[]) =>
  variantKey(
    fold(skuCode),
    choices.map((choice) => ({ name: fold(choice.name), value: fold(choice.value) })),
  )

function matcher(shipped: readonly ShippedVariant[]) {
  const byKey = new Map<string, ShippedVariant>()
  const bySku = new Map<string, ShippedVariant[]>()
  for (const variant of shipped) {
    byKey.set(foldedKey(variant.skuCode, variant.choices), variant)
    const sku = fold(variant.skuCode)
    bySku.set(sku, [...(bySku.get(sku) ?? []), variant])
  }
  return (entry: StockEntry): ShippedVariant | null => {
    const exact = byKey.get(foldedKey(entry.skuCode, entry.choices))
    if (exact) return exact
    // "TEE, M": values alone, matched when exactly one variant of the SKU has those values.
    if (entry.choices.length === 0 || entry.choices.some((choice) => choice.name !== ''))
      return null
    const values = entry.choices.map((choice) => fold(choice.value)).sort()
    const candidates = (bySku.get(fold(entry.skuCode)) ?? []).filter((variant) => {
      const theirs = variant.choices.map((choice) => fold(choice.value)).sort()
      return theirs.length === values.length && theirs.every((value, i) => value === values[i])
    })
    return candidates.length === 1 ? (candidates[0] as ShippedVariant) : null
  }
}

/** "TEE (Size: M)": a variant as the stock table names it. */
export function stockVariantText(skuCode: string, choices: readonly Choice[]): string {
  const text = describeChoices(choices)
  return text ? `${skuCode} (${text})` : skuCode
}

/** The lines matched to the campaign's variants, duplicates left out, unshipped ones named. */
export function fitStockToVariants(
  lines: readonly StockLine[],
  shipped: readonly ShippedVariant[],
): FittedStock {
  const match = matcher(shipped)
  const fitted = lines.map(({ line, entry }) => {
    const variant = match(entry)
    const key = variant ? variantKey(variant.skuCode, [...variant.choices]) : null
    return {
      line,
      entry: variant
        ? { skuCode: variant.skuCode, choices: [...variant.choices], quantity: entry.quantity }
        : entry,
      key: key ?? `?${foldedKey(entry.skuCode, entry.choices)}`,
      shipped: variant !== null,
    }
  })
  const linesOf = new Map<string, (number | null)[]>()
  for (const one of fitted) linesOf.set(one.key, [...(linesOf.get(one.key) ?? []), one.line])
  const result: FittedStock = { entries: [], problems: [], unshipped: [] }
  const skus = new Map<string, string[]>()
  for (const variant of shipped) {
    const sku = fold(variant.skuCode)
    skus.set(sku, [...(skus.get(sku) ?? []), describeChoices(variant.choices) || 'without choices'])
  }
  for (const one of fitted) {
    const at = one.line ?? 0
    const name = stockVariantText(one.entry.skuCode, one.entry.choices)
    const same = linesOf.get(one.key) ?? []
    if (same.length > 1) {
      result.problems.push({
        line: at,
        problem: `${name} is on lines ${same.join(' and ')}: give it one line (add the counts together if it is on two shelves)`,
      })
      continue
    }
    result.entries.push(one.entry)
    if (one.shipped) continue
    const others = skus.get(fold(one.entry.skuCode))
    result.unshipped.push({
      line: at,
      problem: others
        ? `no order ships ${name}; the orders' ${one.entry.skuCode}: ${others.join('; ')}`
        : `no order ships the SKU ${one.entry.skuCode}`,
    })
  }
  return result
}

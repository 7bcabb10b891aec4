import { compareCodeUnits } from './text'

/** What a variant's choices look like once copied out of an API row (extra keys dropped). */
export interface Choice {
  name: string
  value: string
}

// The key joins parts with '|' and '='; escaping those two (and '%', the escape itself) keeps it
// unambiguous while leaving everyday keys readable for logs and command-line flags:
// `TEE|Colour=Black|Size=M`.
const NEEDS_ESCAPE_RE = /[%|=]/
const ESCAPE_RE = /[%|=]/g
const ESCAPES: Readonly<Record<string, string>> = { '%': '%25', '|': '%7C', '=': '%3D' }
const UNESCAPES: Readonly<Record<string, string>> = { '25': '%', '7C': '|', '3D': '=' }

function escapePart(part: string): string {
  return NEEDS_ESCAPE_RE.test(part) ? part.replace(ESCAPE_RE, (ch) => ESCAPES[ch] ?? ch) : part
}

/** Name, then value, in code units: the canonical choice order of a variant. */
export function compareChoices(a: Choice, b: Choice): number {
  return compareCodeUnits(a.name, b.name) || compareCodeUnits(a.value, b.value)
}

/**
 * Identifies a SKU variant: the same code with the same choices in any order gives the same key.
 * Choices are sorted by code units (not locale) so the key is stable across machines.
 */
export function variantKey(code: string, choices: readonly Choice[]): string {
  const key = escapePart(code)
  // The variant filter calls this per item of a matching SKU: skip the copy and sort when there
  // is nothing to sort.
  if (choices.length === 0) return key
  if (choices.length === 1) {
    const only = choices[0] as Choice
    return `${key}|${escapePart(only.name)}=${escapePart(only.value)}`
  }
  const sorted = choices.slice().sort(compareChoices)
  let out = key
  for (const choice of sorted) out += `|${escapePart(choice.name)}=${escapePart(choice.value)}`
  return out
}

/** The SKU code a key was built from, to reject most items without building their key. */
export function skuCodeOfKey(key: string): string {
  const bar = key.indexOf('|')
  const part = bar === -1 ? key : key.slice(0, bar)
  // Only our three escapes: a hand-typed key with a stray '%' must not throw.
  return part.includes('%')
    ? part.replace(/%(25|7C|3D)/g, (_, hex: string) => UNESCAPES[hex] ?? '')
    : part
}

/**
 * "Size: M, Colour: Black", in the order the platform listed them. A choice without a name reads
 * as its value alone; one without a value says nothing and is left out.
 */
export function describeChoices(choices: readonly Choice[]): string {
  let text = ''
  for (const choice of choices) {
    const value = choice.value.trim()
    if (value === '') continue
    if (text !== '') text += ', '
    const name = choice.name.trim()
    text += name === '' ? value : `${name}: ${value}`
  }
  return text
}

/** Rows leave this module as plain data: the loose API objects may carry keys we do not own. */
export function copyChoices(choices: readonly Choice[]): Choice[] {
  const copy: Choice[] = []
  for (const choice of choices) copy.push({ name: choice.name, value: choice.value })
  return copy
}

/** How variants are listed everywhere (perk tree, pick list, parcels): SKU code, then choices text. */
export function compareVariantText(
  aCode: string,
  aChoices: string,
  bCode: string,
  bChoices: string,
): number {
  return compareCodeUnits(aCode, bCode) || compareCodeUnits(aChoices, bChoices)
}

/** An item's name, or its SKU code when the row carries none: a line is never blank. */
export function itemName(item: {
  name?: string | null | undefined
  sku: { code: string }
}): string {
  const name = item.name
  return name != null && name.trim() !== '' ? name : item.sku.code
}

import type { Choice } from './variant'
import { compareChoices } from './variant'

/** One (code, sorted choices) path of the table; `value` is what the caller accumulates there. */
export interface VariantSlot<T> {
  value: T | undefined
  next: Map<string, Map<string, VariantSlot<T>>> | undefined
}

function newSlot<T>(): VariantSlot<T> {
  return { value: undefined, next: undefined }
}

function step<T>(slot: VariantSlot<T>, choice: Choice): VariantSlot<T> {
  slot.next ??= new Map()
  let byValue = slot.next.get(choice.name)
  if (byValue === undefined) {
    byValue = new Map()
    slot.next.set(choice.name, byValue)
  }
  let child = byValue.get(choice.value)
  if (child === undefined) {
    child = newSlot()
    byValue.set(choice.value, child)
  }
  return child
}

/**
 * A map from SKU variant to T that never builds a key string. The aggregations look up every
 * item of every order; concatenating (and escaping) a `variantKey` per item, then hashing that
 * fresh string, was most of their time on 100,000 orders. Walking a trie keyed by the strings
 * the rows already hold costs a few Map lookups instead. Same equality as `variantKey`.
 */
export class VariantTable<T> {
  private readonly root = new Map<string, VariantSlot<T>>()

  slot(code: string, choices: readonly Choice[]): VariantSlot<T> {
    let slot = this.root.get(code)
    if (slot === undefined) {
      slot = newSlot()
      this.root.set(code, slot)
    }
    const count = choices.length
    if (count === 0) return slot
    const first = choices[0] as Choice
    if (count === 1) return step(slot, first)
    if (count === 2) {
      // Two choices (size and colour) is the common case: order them without a copy and a sort.
      const second = choices[1] as Choice
      return compareChoices(first, second) <= 0
        ? step(step(slot, first), second)
        : step(step(slot, second), first)
    }
    for (const choice of choices.slice().sort(compareChoices)) slot = step(slot, choice)
    return slot
  }
}

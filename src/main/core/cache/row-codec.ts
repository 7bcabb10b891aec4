/**
 * The stored form of a contribution. A row of 100,000 holds mostly what other rows hold too:
 * the same key names in the same order, and the same perk objects (about half of its bytes).
 * So a row is stored as a JSON array `[layout, ...values]`: its leaf values in key order, with
 * the key layout and every shared object (each perk, an embedded campaign) kept once per
 * snapshot as a numbered "part" and referred to by number. Decoding gives back the row
 * exactly as `JSON.parse(JSON.stringify(row))` would: same keys, same order, same values.
 *
 * Layout, as JSON: an array with one entry per key, in order:
 * - `"key"`: the next value of the row, as it is (a string, number, boolean, null or array);
 * - `["key", [...]]`: an object, whose own layout follows;
 * - `["key", 0]`: the next value is an array of part numbers: an array of shared objects;
 * - `["key", 1]`: the next value is one part number: a shared object.
 *
 * The format is part of schema 4 of the cache (schema.ts): changing it needs a migration.
 */

import type { CampaignContribution } from '../../../shared/api/schemas'
import { CacheError } from './errors'

type Plain = Record<string, unknown>

/** A stored row that does not fit its layout or refers to a part the file lacks. */
export class StoredRowError extends Error {
  override name = 'StoredRowError'
}

const LIST_OF_PARTS = 0
const ONE_PART = 1

/** Numbers what repeats (layouts and shared objects, as JSON text) within one snapshot. */
export interface PartNumbering {
  number(text: string): number
}

/**
 * The numbering of one snapshot's parts, kept in memory while a sync stages its rows: the
 * parts go into the file in the transaction that swaps the snapshot in, the only one in which
 * staged rows become readable (a sync that dies leaves staged rows nobody reads).
 */
export class PartNumbers implements PartNumbering {
  private readonly known = new Map<string, number>()

  number(text: string): number {
    let part = this.known.get(text)
    if (part === undefined) {
      part = this.known.size
      this.known.set(text, part)
    }
    return part
  }

  /** Every part numbered so far, as [number, JSON text]. */
  *entries(): IterableIterator<[number, string]> {
    for (const [text, part] of this.known) yield [part, text]
  }
}

export function isPlain(value: unknown): value is Plain {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** What JSON.stringify leaves out of an object. */
function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

function isListOfObjects(value: unknown): value is Plain[] {
  return Array.isArray(value) && value.every(isPlain)
}

/** Where an object sits in the row: the two places that hold shared objects, or elsewhere. */
const enum At {
  Row,
  Order,
  Other,
}

/** Keys as JSON text, kept: a row holds the same few dozen keys as every other. */
const keyTexts = new Map<string, string>()

function keyText(key: string): string {
  let text = keyTexts.get(key)
  if (text === undefined) {
    text = JSON.stringify(key)
    if (keyTexts.size < 10_000) keyTexts.set(key, text)
  }
  return text
}

/**
 * Appends the leaf values of `object` to `values` and returns its layout as JSON text (built
 * as text: cheaper than an array written by JSON.stringify, and this runs for every row). Only
 * plain objects are taken apart: anything else (arrays, a Date) is a leaf that JSON.stringify
 * writes as usual.
 */
function take(object: Plain, at: At, values: unknown[], parts: PartNumbering): string {
  let layout = ''
  for (const key of Object.keys(object)) {
    const value = object[key]
    if (skipped(value)) continue
    if (layout !== '') layout += ','
    if (at === At.Order && key === 'perks' && isListOfObjects(value)) {
      layout += `[${keyText(key)},${LIST_OF_PARTS}]`
      values.push(value.map((item) => parts.number(JSON.stringify(item))))
    } else if (at === At.Row && key === 'campaign' && isPlain(value)) {
      layout += `[${keyText(key)},${ONE_PART}]`
      values.push(parts.number(JSON.stringify(value)))
    } else if (isPlain(value)) {
      const inner = take(
        value,
        at === At.Row && key === 'order' ? At.Order : At.Other,
        values,
        parts,
      )
      layout += `[${keyText(key)},[${inner}]]`
    } else {
      layout += keyText(key)
      values.push(value)
    }
  }
  return layout
}

/** The stored text of `row`: `[layout part, ...values]`. */
export function encodeRow(row: Plain, parts: PartNumbering): string {
  const values: unknown[] = [0]
  values[0] = parts.number(`[${take(row, At.Row, values, parts)}]`)
  return JSON.stringify(values)
}

/**
 * Whether the two rows have the same JSON text, without writing it: the model of a clean row
 * is the raw row read back, and then only one of them is stored. May answer false for rows
 * that would print the same (-0 and 0, NaN): then both are stored, which is merely larger.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) {
      if (skipped(a[i]) || skipped(b[i]) || !sameJson(a[i], b[i])) return false
    }
    return true
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  let j = 0
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i] as string
    const value = a[key]
    if (skipped(value)) continue
    while (j < keysB.length && skipped(b[keysB[j] as string])) j++
    if (j === keysB.length || keysB[j] !== key || !sameJson(value, b[key])) return false
    j++
  }
  while (j < keysB.length && skipped(b[keysB[j] as string])) j++
  return j === keysB.length
}

/** A layout made ready to build objects from: keys, and for each what its value is. */
interface Layout {
  keys: string[]
  /** -1: a leaf; LIST_OF_PARTS or ONE_PART; else the index of the nested layout in `nested`. */
  kinds: number[]
  nested: Layout[]
}

function compileLayout(entries: unknown): Layout {
  if (!Array.isArray(entries)) throw new StoredRowError('a row layout is not an array')
  const layout: Layout = { keys: [], kinds: [], nested: [] }
  for (const entry of entries) {
    if (typeof entry === 'string') {
      layout.keys.push(entry)
      layout.kinds.push(-1)
    } else if (Array.isArray(entry) && typeof entry[0] === 'string') {
      layout.keys.push(entry[0])
      if (entry[1] === LIST_OF_PARTS || entry[1] === ONE_PART) layout.kinds.push(entry[1])
      else {
        layout.kinds.push(layout.nested.length + 2)
        layout.nested.push(compileLayout(entry[1]))
      }
    } else throw new StoredRowError('a row layout holds an entry of an unknown kind')
  }
  return layout
}

/** Gives the JSON text of a part by its number; null when the snapshot has no such part. */
export type PartSource = (part: number) => string | null

/**
 * Decodes rows of one snapshot. Parts are looked up once and kept for the life of the reader,
 * so the rows of one answer share their equal perk objects (as the saved orders view does):
 * treat what it returns as read-only.
 */
export class RowReader {
  private readonly layouts = new Map<number, Layout>()
  private readonly objects = new Map<number, unknown>()

  constructor(private readonly source: PartSource) {}

  private text(part: number): string {
    const text = typeof part === 'number' ? this.source(part) : null
    if (text === null)
      throw new StoredRowError(`a stored row refers to part ${String(part)}, not stored`)
    return text
  }

  private layout(part: number): Layout {
    let layout = this.layouts.get(part)
    if (!layout) {
      layout = compileLayout(JSON.parse(this.text(part)))
      this.layouts.set(part, layout)
    }
    return layout
  }

  private shared(part: number): unknown {
    let value = this.objects.get(part)
    if (value === undefined) {
      value = JSON.parse(this.text(part)) as unknown
      this.objects.set(part, value)
    }
    return value
  }

  decode(text: string): Plain {
    const values = JSON.parse(text) as unknown
    if (!Array.isArray(values)) throw new StoredRowError('a stored row is not an array')
    const cursor = { at: 1 }
    const row = this.build(this.layout(values[0] as number), values, cursor)
    if (cursor.at !== values.length)
      throw new StoredRowError('a stored row does not fit its layout')
    return row
  }

  private build(layout: Layout, values: unknown[], cursor: { at: number }): Plain {
    const object: Plain = {}
    const { keys, kinds } = layout
    for (let i = 0; i < keys.length; i++) {
      const kind = kinds[i] as number
      let value: unknown
      if (kind === -1) value = values[cursor.at++]
      else if (kind === LIST_OF_PARTS) {
        const numbers = values[cursor.at++]
        if (!Array.isArray(numbers))
          throw new StoredRowError('a stored row lacks its list of parts')
        value = numbers.map((part: number) => this.shared(part))
      } else if (kind === ONE_PART) value = this.shared(values[cursor.at++] as number)
      else value = this.build(layout.nested[kind - 2] as Layout, values, cursor)
      if (cursor.at > values.length)
        throw new StoredRowError('a stored row is shorter than its layout')
      setOwn(object, keys[i] as string, value)
    }
    return object
  }
}

/** `object[key] = value`, except that a key `__proto__` (JSON may have one) stays a key. */
function setOwn(object: Plain, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else object[key] = value
}

/** A row the model could read is a JSON object: anything else here is a bug upstream. */
export function rawObject(raw: unknown, model: CampaignContribution): Record<string, unknown> {
  if (!isPlain(raw)) {
    throw new CacheError(
      'cache_bad_value',
      `The raw form of contribution ${model.id} is not a JSON object; nothing of it was staged.`,
    )
  }
  return raw
}

import { describe, expect, it } from 'vitest'
import {
  encodeRow,
  PartNumbers,
  RowReader,
  sameJson,
  StoredRowError,
} from '../../../../src/main/core/cache/row-codec'
import { makeContribution } from '../../fixtures/contributions'

type Rec = Record<string, unknown>

/** Encodes rows into one numbering and a reader over the parts they stored. */
function roundTrip(rows: Rec[]) {
  const parts = new PartNumbers()
  const texts = rows.map((row) => encodeRow(row, parts))
  const stored = new Map(parts.entries())
  const reader = new RowReader((part) => stored.get(part) ?? null)
  return { texts, stored, decoded: texts.map((text) => reader.decode(text)) }
}

describe('row codec', () => {
  it('gives back what JSON would, for rows of every odd shape', () => {
    const perk = { id: 7, label: 'Mug', items: [{ quantity: 1, sku: { code: 'M', choices: [] } }] }
    const rows: Rec[] = [
      { id: 1, order: { id: 2, perks: [perk, perk], status: 'captured' } },
      // Integer-like keys (JSON.parse puts them first), a __proto__ key, unicode, nesting.
      JSON.parse(
        '{"id":"3","z":1,"10":"ten","__proto__":{"polluted":true},"name":"Zoë ✨",' +
          '"deep":{"a":{"b":{"c":[1,{"d":null}]}},"empty":{}},"list":[],"order":{"id":4,' +
          '"perks":[],"shipping":null,"status":"x"}}',
      ) as Rec,
      // Perks that are not all objects stay a plain value; an embedded campaign is shared.
      { id: 5, order: { id: 6, perks: [perk, null, 'odd'] }, campaign: { id: 9, title: 'T' } },
      { id: 6, order: 'not an object', campaign: ['not', 'an', 'object'] },
      { id: 7, order: { id: 8, perks: 'none' }, tags: [undefined, () => 1] },
      // What a model row may hold that JSON leaves out or writes its own way.
      { id: 8, gone: undefined, at: new Date(0), fn: () => 1, n: Number.NaN, order: { id: 9 } },
    ]
    const { decoded } = roundTrip(rows)
    decoded.forEach((row, i) => {
      expect(JSON.stringify(row)).toBe(JSON.stringify(rows[i]))
      expect(row).toEqual(JSON.parse(JSON.stringify(rows[i])))
    })
    // The __proto__ key stayed a key: the object's prototype is untouched.
    expect(Object.getPrototypeOf(decoded[1])).toBe(Object.prototype)
    expect(Object.keys(decoded[1]!)).toContain('__proto__')
    expect(({} as Rec).polluted).toBeUndefined()
  })

  it('stores each distinct perk and layout once, and equal perks read as one object', () => {
    const rows = Array.from({ length: 50 }, (_, n) => makeContribution(n % 10 === 0 ? 0 : 1))
    const { texts, stored, decoded } = roundTrip(rows)
    // Two layouts (row 0 and the rest differ only in values, not keys: one layout) and the
    // perks of rows 0 and 1: a handful of parts for 50 rows.
    expect(stored.size).toBeLessThanOrEqual(6)
    const perkTexts = JSON.stringify(rows[1]!.order.perks)
    for (const text of texts) expect(text.length).toBeLessThan(perkTexts.length)
    expect(decoded[1]!.order).toEqual(rows[1]!.order)
    const perksOf = (row: Rec) => (row.order as { perks: unknown[] }).perks
    expect(perksOf(decoded[1]!)[0]).toBe(perksOf(decoded[2]!)[0])
  })

  it('refuses a stored row that does not fit its layout or lacks a part', () => {
    const { texts, stored } = roundTrip([{ id: 1, order: { id: 2, perks: [{ id: 3 }] } }])
    const text = texts[0]!
    const reader = (without?: number) =>
      new RowReader((part) => (part === without ? null : (stored.get(part) ?? null)))
    const values = JSON.parse(text) as unknown[]
    expect(() => reader().decode(JSON.stringify([...values, 'extra']))).toThrow(StoredRowError)
    expect(() => reader().decode(JSON.stringify(values.slice(0, -1)))).toThrow(StoredRowError)
    expect(() => reader().decode('{"not":"an array"}')).toThrow(StoredRowError)
    const perkPart = (values[3] as number[])[0]!
    expect(() => reader(perkPart).decode(text)).toThrow(/refers to part \d+, not stored/)
  })

  it('tells rows with the same JSON text from rows without', () => {
    const row = makeContribution(4) as unknown as Rec
    const copy = JSON.parse(JSON.stringify(row)) as Rec
    expect(sameJson(row, copy)).toBe(true)
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
    expect(sameJson({ a: '1' }, { a: 1 })).toBe(false)
    expect(sameJson({ a: null }, {})).toBe(false)
    expect(sameJson({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false)
    expect(sameJson({ a: { b: [{ c: 1 }] } }, { a: { b: [{ c: 2 }] } })).toBe(false)
    expect(sameJson([1], { 0: 1 })).toBe(false)
    // Values JSON writes differently from what they are: never taken as equal.
    expect(sameJson({ a: Number.NaN }, { a: Number.NaN })).toBe(false)
    expect(sameJson({ a: new Date(0) }, { a: new Date(0) })).toBe(false)
  })
})

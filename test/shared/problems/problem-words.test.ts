import { describe, expect, it } from 'vitest'
import {
  problemPlace,
  problemRowTitle,
  problemRowWho,
  problemText,
} from '../../../src/shared/problems/problem-words'

const row = (perks: number, items = 1) => ({
  order: {
    perks: Array.from({ length: perks }, () => ({
      items: Array.from({ length: items }, () => ({})),
    })),
  },
})

describe('a problem in words', () => {
  it.each<[string, string, string]>([
    ['order.perks[0].id', 'missing — PerkPack groups orders by perk id', 'perk without an id'],
    ['order.id', 'missing (null) — PerkPack needs the order id', 'order without an id'],
    [
      'order.status',
      'blank — the status decides whether the order ships',
      'order without a status',
    ],
    ['order', 'missing — the order says what to ship', 'contribution without an order'],
    [
      'order.perks',
      'expected a list, got an object — the perks say what to pack',
      'perk list: expected a list, got an object',
    ],
    [
      'id',
      'expected a number, got the text "pledge-9"',
      'contribution id: expected a number, got the text "pledge-9"',
    ],
    [
      'order.perks[0].items[0].sku',
      'missing (null) — the SKU says which item',
      'item without a SKU',
    ],
  ])('%s: %s', (path, message, words) => {
    expect(problemText({ path, message })).toBe(words)
  })

  it('names the perk or item by its place when the row holds several', () => {
    const missing = 'missing — PerkPack groups orders by perk id'
    expect(problemText({ path: 'order.perks[1].id', message: missing })).toBe(
      'perk 2 without an id',
    )
    expect(problemText({ path: 'order.perks[0].id', message: missing }, row(2))).toBe(
      'perk 1 without an id',
    )
    expect(problemText({ path: 'order.perks[0].id', message: missing }, row(1))).toBe(
      'perk without an id',
    )
    const code = {
      path: 'order.perks[1].items[2].sku.code',
      message: 'expected text, got an object',
    }
    expect(problemText(code, row(2, 3))).toBe(
      'SKU code: expected text, got an object (item 3 of perk 2)',
    )
  })

  it("words a dashboard file's problem and keeps its line and column", () => {
    const message = 'line 22, column Perk ID: expected a whole number, got the text "eleven"'
    expect(problemText({ path: 'order.perks[0].id', message })).toBe(
      'perk id: expected a whole number, got the text "eleven" (line 22, column Perk ID)',
    )
    expect(problemPlace(message)).toEqual({
      line: 22,
      column: 'Perk ID',
      message: 'expected a whole number, got the text "eleven"',
    })
    expect(problemText({ path: 'id', message: 'line 4, column Pledge ID: empty' })).toBe(
      'contribution without an id (line 4, column Pledge ID)',
    )
  })

  it('keeps a path it has no words for, with its message', () => {
    expect(problemText({ path: 'response.status', message: 'blank' })).toBe(
      'response.status: blank',
    )
  })
})

describe('a problem row by who it is', () => {
  it('reads the order number and backer leniently from the row as sent', () => {
    expect(
      problemRowWho({ contributor_name: ' María Nuñez ', order: { sequence_number: '2041' } }),
    ).toEqual({ orderNumber: 2041, backer: 'María Nuñez' })
    expect(problemRowWho({ by: '', order: { shipping: { name: 'Ship To' } } })).toEqual({
      orderNumber: null,
      backer: 'Ship To',
    })
    expect(problemRowWho('pledge')).toEqual({ orderNumber: null, backer: null })
  })

  it('"Order #2041, María Nuñez", else the contribution id, else the row', () => {
    const who = { orderNumber: 2041, backer: 'María Nuñez' }
    expect(problemRowTitle({ id: 41450054, rank: 3, ...who })).toBe('Order #2041, María Nuñez')
    expect(problemRowTitle({ id: 41450054, rank: 3, orderNumber: null, backer: null })).toBe(
      'Contribution 41450054',
    )
    expect(problemRowTitle({ id: null, rank: 16, orderNumber: null, backer: 'Ada' })).toBe(
      'Row 17 (no usable id), Ada',
    )
  })
})

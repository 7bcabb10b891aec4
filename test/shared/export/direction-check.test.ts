import { describe, expect, it } from 'vitest'
import { runPrePrintChecks } from '../../../src/shared/export/checks'
import { order, shipping } from '../../helpers/print-fixtures'

// The pre-print check for hidden text-direction characters (U+202A-U+202E, U+2066-U+2069): the
// labels print without them (test/main/core/print/direction-controls.test.ts), so the
// person is told which orders had them.

const CONTEXT = {
  now: new Date('2025-03-02T00:00:00Z'),
  lastSyncedAt: '2025-03-01T12:00:00Z',
  privileged: true,
}
const check = (rows: Parameters<typeof runPrePrintChecks>[0]) =>
  runPrePrintChecks(rows, CONTEXT).find((c) => c.id === 'direction-characters')

describe('pre-print check: hidden text-direction characters', () => {
  it('names the orders, by the number on their slip, whose name or address has them', () => {
    const rows = [
      order(40, shipping()),
      order(41, shipping({ name: '\u202eEvil Name' })),
      order(77, shipping({ city: 'Austin\u2066', zipcode: '78701' })),
      order(78, shipping({ address2: 'Apt \u202a3' })),
    ]
    expect(check(rows)).toEqual({
      id: 'direction-characters',
      title: 'Hidden text-direction characters',
      severity: 'warning',
      count: 3,
      contributionIds: [rows[1]!.id, rows[2]!.id, rows[3]!.id],
      detail:
        '3 orders have hidden text-direction characters in the name or address: #41, #77, #78; check the printed label.',
    })
  })

  it('every control counts, in every printed field; none at all is no check', () => {
    const controls = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]
    const fields = ['name', 'address', 'address2', 'city', 'state', 'zipcode', 'country'] as const
    for (const control of controls)
      for (const field of fields)
        expect(check([order(5, shipping({ [field]: `x${control}y` }))])?.count, `${field}`).toBe(1)
    const backer = order(6, shipping(), undefined, { contributor_name: 'A\u2067B' })
    expect(check([backer])?.detail).toBe(
      '1 order has hidden text-direction characters in the name or address: #6; check the printed label.',
    )
    // Marks that only hint a direction (LRM, RLM) and right-to-left letters are not hidden controls.
    expect(check([order(7, shipping({ name: 'דוד\u200f כהן\u200e' }))])).toBeUndefined()
  })

  it('names ten orders and counts the rest', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      order(100 + i, shipping({ name: `\u202eN${i}` })),
    )
    expect(check(rows)?.detail).toBe(
      '12 orders have hidden text-direction characters in the name or address: #100, #101, #102, #103, #104, #105, #106, #107, #108, #109 and 2 more; check the printed label.',
    )
  })
})

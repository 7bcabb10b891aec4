import { describe, expect, it } from 'vitest'
import type { StationLine } from '@shared/ipc'
import { formatDateTime } from './locale-format'
import { fitTicks, packedWhen, perHour, scanItem } from './station-checklist'

const line = (key: string, skuCode: string, quantity: number): StationLine => ({
  key,
  skuCode,
  itemName: skuCode,
  choices: '',
  quantity,
})

describe('the station checklist', () => {
  const lines = [line('SHIRT|M', 'SHIRT', 1), line('SHIRT|L', 'SHIRT', 2), line('MUG|', 'MUG', 1)]

  it('ticks the first short line of a SKU scanned in two sizes, then calls one more too many', () => {
    expect(scanItem(lines, {}, ' shirt ')).toEqual({ kind: 'ticked', key: 'SHIRT|M' })
    expect(scanItem(lines, { 'SHIRT|M': 1 }, 'SHIRT')).toEqual({ kind: 'ticked', key: 'SHIRT|L' })
    expect(scanItem(lines, { 'SHIRT|M': 1, 'SHIRT|L': 2 }, 'SHIRT')).toEqual({
      kind: 'too-many',
      line: lines[0],
    })
    expect(scanItem(lines, {}, 'POSTER')).toEqual({ kind: 'not-in-order' })
  })

  it('fits ticks kept from before a restart to the order as the last sync has it', () => {
    // A line gone from the order, more ticks than needed now, a negative and a fraction.
    expect(fitTicks(lines, { 'GONE|': 3, 'SHIRT|L': 5, 'SHIRT|M': -1, 'MUG|': 0.7 })).toEqual({
      'SHIRT|L': 2,
    })
  })

  it('counts orders per hour from the session start, no rate before the first order', () => {
    const start = '2026-11-20T09:00:00.000Z'
    expect(perHour(0, start, Date.parse('2026-11-20T10:00:00.000Z'))).toBeNull()
    expect(perHour(30, start, Date.parse('2026-11-20T11:00:00.000Z'))).toBe(15)
    // Seconds after the start count as a minute, not as thousands an hour.
    expect(perHour(2, start, Date.parse(start) + 5_000)).toBe(120)
  })

  it('says when a box was packed: the time today, the date too on another day', () => {
    const now = new Date('2026-11-20T15:00:00')
    expect(packedWhen('2026-11-20T10:42:00', now)).not.toMatch(/Nov/)
    expect(packedWhen('2026-11-19T10:42:00', now)).toMatch(/19/)
    // Another day in the app's one form of a time, year included: not a "19 Nov" of its own.
    expect(packedWhen('2026-11-19T10:42:00', now)).toBe(formatDateTime('2026-11-19T10:42:00'))
    expect(packedWhen('not a time', now)).toBe('not a time')
  })
})

import { describe, expect, it } from 'vitest'
import type { StationLine } from '@shared/ipc'
import { formatDateTime } from './locale-format'
import { fitTicks, isComplete, packedWhen, perHour, scanItem } from './station-checklist'

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

  it('never ticks a line to check by hand on a scan, even of its SKU code; + ticks it', () => {
    const byHand: StationLine = { ...line('|by-hand|0|1', 'PIN', 1), byHand: true }
    const box = [line('PIN|', 'PIN', 1), byHand]
    expect(scanItem(box, {}, 'PIN')).toEqual({ kind: 'ticked', key: 'PIN|' })
    expect(scanItem(box, { 'PIN|': 1 }, 'PIN')).toEqual({ kind: 'too-many', line: box[0] })
    expect(scanItem([byHand], {}, 'PIN')).toEqual({ kind: 'not-in-order' })
    // The box is complete only once the packer has ticked it by hand.
    expect(isComplete(box, { 'PIN|': 1 })).toBe(false)
    expect(isComplete(box, { 'PIN|': 1, '|by-hand|0|1': 1 })).toBe(true)
  })

  it('fits ticks kept from before a restart to the order as the last sync has it', () => {
    // A line gone from the order, more ticks than needed now, a negative and a fraction.
    expect(fitTicks(lines, { 'GONE|': 3, 'SHIRT|L': 5, 'SHIRT|M': -1, 'MUG|': 0.7 })).toEqual({
      'SHIRT|L': 2,
    })
  })

  it('shows a pace only after 5 packs over 5 minutes, then counts orders per hour', () => {
    const start = '2026-11-20T09:00:00.000Z'
    const at = (minutes: number) => Date.parse(start) + minutes * 60_000
    expect(perHour(0, start, at(60))).toBeNull()
    // Four packs in an hour, or five in the first four minutes: no rate yet.
    expect(perHour(4, start, at(60))).toBeNull()
    expect(perHour(5, start, at(4))).toBeNull()
    expect(perHour(5, start, at(5))).toBe(60)
    expect(perHour(30, start, at(120))).toBe(15)
    expect(perHour(30, 'not a time', at(120))).toBeNull()
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

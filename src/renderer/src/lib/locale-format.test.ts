import { describe, expect, it } from 'vitest'
import { formatDuration, formatMoney, formatRelative } from './locale-format'

const NOW = Date.parse('2024-05-01T12:00:00Z')
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('locale format', () => {
  it('says how long ago, in words', () => {
    expect(formatRelative(before(3), NOW)).toBe('just now')
    expect(formatRelative(new Date(NOW + 20_000).toISOString(), NOW)).toBe('just now')
    expect(formatRelative(before(45), NOW)).toBe('45 seconds ago')
    expect(formatRelative(before(5 * 60), NOW)).toBe('5 minutes ago')
    expect(formatRelative(before(26 * 3600), NOW)).toBe('yesterday')
    expect(formatRelative(null, NOW)).toBe('never')
  })

  it('formats durations and money', () => {
    expect(formatDuration(3_400)).toBe('3 s')
    expect(formatDuration(3_725_000)).toBe('1 h 2 min')
    expect(formatMoney(25, { iso_code: 'EUR', symbol: '€' })).toBe('€25')
    expect(formatMoney(12.5, { iso_code: 'USD', symbol: '$' })).toMatch(/^\$12[.,]50$/)
    expect(formatMoney(7, { iso_code: 'CHF' })).toBe('7 CHF')
  })
})

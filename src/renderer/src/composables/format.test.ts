import { describe, expect, it } from 'vitest'
import {
  formatDuration,
  formatMoney,
  formatRelative,
  syncPercent,
  syncProgressText,
} from './format'
import type { SyncProgress } from '../../../shared/ipc'

const NOW = Date.parse('2024-05-01T12:00:00Z')
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

const progress: SyncProgress = {
  campaignId: 1,
  phase: 'walking',
  pagesDone: 12,
  pagesTotal: 167,
  records: 360,
  expected: 5000,
  elapsedMs: 1000,
  rate: 291.6,
  etaMs: 125_000,
}

describe('format', () => {
  it('says how long ago, in words', () => {
    expect(formatRelative(before(3), NOW)).toBe('just now')
    expect(formatRelative(new Date(NOW + 20_000).toISOString(), NOW)).toBe('just now')
    expect(formatRelative(before(45), NOW)).toBe('45 seconds ago')
    expect(formatRelative(before(5 * 60), NOW)).toBe('5 minutes ago')
    expect(formatRelative(before(26 * 3600), NOW)).toBe('yesterday')
    expect(formatRelative(null, NOW)).toBe('never')
  })

  it('writes sync progress as pages · records · rate · time left', () => {
    expect(syncProgressText(progress)).toBe(
      'pages 12 of 167 · records 360 of 5,000 · 292/s · 2 min 5 s left',
    )
    expect(syncProgressText({ ...progress, etaMs: null })).toContain('time left unknown')
    expect(syncPercent(progress)).toBe(7)
    expect(syncPercent({ ...progress, pagesTotal: 0 })).toBe(7)
    expect(syncPercent({ ...progress, phase: 'done' })).toBe(100)
    expect(syncPercent(null)).toBe(0)
  })

  it('formats durations and money', () => {
    expect(formatDuration(3_400)).toBe('3 s')
    expect(formatDuration(3_725_000)).toBe('1 h 2 min')
    expect(formatMoney(25, { iso_code: 'EUR', symbol: '€' })).toBe('€25')
    expect(formatMoney(12.5, { iso_code: 'USD', symbol: '$' })).toMatch(/^\$12[.,]50$/)
    expect(formatMoney(7, { iso_code: 'CHF' })).toBe('7 CHF')
  })
})

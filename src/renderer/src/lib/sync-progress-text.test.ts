import { describe, expect, it } from 'vitest'
import type { SyncProgress } from '@shared/ipc'
import { syncPercent, syncProgressText } from './sync-progress-text'

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

describe('sync progress text', () => {
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
})

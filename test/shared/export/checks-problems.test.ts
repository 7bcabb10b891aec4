import { describe, expect, it } from 'vitest'
import { runPrePrintChecks } from '../../../src/shared/export/checks'
import type { PrePrintContext } from '../../../src/shared/export/checks'

const CONTEXT: PrePrintContext = {
  now: new Date('2024-06-01T12:00:00Z'),
  lastSyncedAt: '2024-06-01T11:00:00Z',
  privileged: true,
}

describe('pre-print check: contributions that could not be read', () => {
  it('warns with the count and names the rows, by id or by row', () => {
    const checks = runPrePrintChecks([], {
      ...CONTEXT,
      problemRows: [
        { id: 41450054, rank: 40 },
        { id: null, rank: 16 },
      ],
    })
    expect(checks).toEqual([
      {
        id: 'problem-rows',
        title: 'Contributions that could not be read',
        severity: 'warning',
        count: 2,
        contributionIds: [],
        detail:
          '2 contributions could not be read (41450054, row 17 (no usable id)): they are in no ' +
          'selection, pick list or export. Fix them on the platform and sync again, or ship by hand.',
      },
    ])
  })

  it('names the first ten and counts the rest', () => {
    const problemRows = Array.from({ length: 14 }, (_, i) => ({ id: 100 + i, rank: i }))
    const [check] = runPrePrintChecks([], { ...CONTEXT, problemRows })
    expect(check?.count).toBe(14)
    expect(check?.detail).toMatch(
      /^14 contributions could not be read \(100, 101, .*, 109 and 4 more\)/,
    )
    expect(check?.detail).not.toContain('110')
  })

  it('is absent without problem rows', () => {
    expect(runPrePrintChecks([], { ...CONTEXT, problemRows: [] })).toEqual([])
    expect(runPrePrintChecks([], CONTEXT)).toEqual([])
  })
})

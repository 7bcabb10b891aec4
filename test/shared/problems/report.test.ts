import { describe, expect, it } from 'vitest'
import { problemReport, problemRowName } from '../../../src/shared/problems/report'
import { PERSONAL, personalRow } from '../../helpers/personal-row'

describe('problemReport: the "Copy details" text', () => {
  const rows = [
    {
      id: 41450054,
      rank: 40,
      problems: [{ path: 'order.id', message: 'missing (null) — PerkPack needs the order id' }],
      raw: personalRow(),
    },
    {
      id: null,
      rank: 16,
      problems: [{ path: 'id', message: 'expected a number, got the text "pledge-9"' }],
      raw: { ...personalRow(), id: 'pledge-9' },
    },
  ]

  it('names each row, its fields and messages, with the rows masked', () => {
    const text = problemReport({
      campaignId: 2843117,
      title: 'Tidepool',
      lastSyncedAt: '2024-05-01T10:00:00.000Z',
      problemCount: 5,
      count: 995,
      rows,
    })
    expect(text).toContain('campaign Tidepool (2843117), synced 2024-05-01T10:00:00.000Z')
    expect(text).toContain('5 of 1000 contributions could not be read.')
    expect(text).toContain('\n41450054\n  order.id: missing (null) — PerkPack needs the order id\n')
    expect(text).toContain('\nrow 17 (no usable id)\n  id: expected a number')
    expect(text).toContain('"sku":{"code":"TP-SHIRT"}')
    expect(text).toContain('… and 3 more (perkpack problems 2843117 lists all).')
    for (const value of PERSONAL) expect(text).not.toContain(value)
  })

  it('names a row by its id, else by its place from the oldest', () => {
    expect(problemRowName({ id: 7, rank: 3 })).toBe('7')
    expect(problemRowName({ id: null, rank: 0 })).toBe('row 1 (no usable id)')
  })
})

import { describe, expect, it } from 'vitest'
import { exportFileName, fileStem } from '../../../src/shared/export/file-names'

describe('export file names', () => {
  it('carry the campaign, what the file is, and the local date and minute', () => {
    const at = new Date(2026, 2, 2, 9, 5)
    expect(exportFileName('tidepool', 'packing-list', 'xlsx', at)).toBe(
      'tidepool-packing-list-2026-03-02-0905.xlsx',
    )
    // Two exports of one day, a minute apart, are two names.
    const later = new Date(2026, 2, 2, 17, 45)
    expect(exportFileName('tidepool', 'labels', 'pdf', later)).toBe(
      'tidepool-labels-2026-03-02-1745.pdf',
    )
  })

  it('make a stem every file system takes from any title', () => {
    expect(fileStem({ campaignId: 7, title: 'Tidepool: Ünder the Sea!' })).toBe(
      'tidepool-under-the-sea',
    )
    expect(fileStem({ campaignId: 7, title: '山田' })).toBe('campaign-7')
    expect(fileStem({ campaignId: 7, title: null })).toBe('campaign-7')
  })
})

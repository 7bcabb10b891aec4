import { describe, expect, it } from 'vitest'
import { copySourceShort, copySourceText } from './copy-source-text'
import {
  fileFormatText,
  floorLeftBehindText,
  replacesText,
  shrinkQuestion,
} from './dashboard-import-text'
import { formatDateTime } from './locale-format'
import { dashboardPreview } from '@renderer/test-utils/dashboardPreview'

const SYNCED = '2026-11-24T10:42:00.000Z'

describe('where an offline copy came from', () => {
  it('names the file and the time of an import, else the time of the sync', () => {
    const source = {
      kind: 'dashboard-file' as const,
      fileName: 'contributions.csv',
      importedAt: SYNCED,
    }
    expect(copySourceText({ lastSyncedAt: SYNCED, source })).toBe(
      `Imported from contributions.csv on ${formatDateTime(SYNCED)}`,
    )
    expect(copySourceText({ lastSyncedAt: SYNCED, source: null })).toBe(
      `Synced ${formatDateTime(SYNCED)}`,
    )
    const now = Date.parse(SYNCED) + 2 * 3600_000
    expect(copySourceShort({ lastSyncedAt: SYNCED, source }, now)).toBe('imported 2 hours ago')
    expect(copySourceShort({ lastSyncedAt: SYNCED, source: null }, now)).toBe('synced 2 hours ago')
  })
})

describe('the preview in words', () => {
  it('says how the file was read', () => {
    expect(fileFormatText(dashboardPreview())).toBe('UTF-8 with BOM, semicolon (;)')
    expect(
      fileFormatText(dashboardPreview({ encoding: 'utf-16le', bom: false, delimiter: '\t' })),
    ).toBe('UTF-16 (little endian), tab')
  })

  it('says what it replaces, and words the shrink question with both counts', () => {
    expect(replacesText(dashboardPreview())).toBe(
      'Campaign 1001 has no offline copy yet: this file becomes it.',
    )
    const smaller = dashboardPreview({
      orders: 20,
      shrink: true,
      current: { count: 1500, lastSyncedAt: SYNCED, source: null },
    })
    expect(replacesText(smaller)).toBe('Replaces the offline copy of campaign 1001 (1,500 orders).')
    expect(shrinkQuestion(smaller)).toMatch(
      /^contributions\.csv holds 20 orders, the offline copy 1,500 \(1 %\)\./,
    )
  })
})

describe('the floor records an import leaves behind', () => {
  const current = { count: 140, lastSyncedAt: SYNCED, source: null }
  const file = { kind: 'dashboard-file' as const, fileName: 'old.csv', importedAt: SYNCED }

  it("over an API copy: the file has no order ids; over a file's copy: ids it lacks", () => {
    expect(floorLeftBehindText(dashboardPreview({ floorLeftBehind: 1, current }))).toBe(
      "1 order packed or tracked here will not show on the imported copy: the file has no order ids, so the floor record made against the API's ids does not follow (it is kept, and shows again after a sync).",
    )
    expect(
      floorLeftBehindText(
        dashboardPreview({ floorLeftBehind: 1200, current: { ...current, source: file } }),
      ),
    ).toBe(
      '1,200 orders packed or tracked here will not show on the imported copy: the file does not have their order ids, so their floor record does not follow (it is kept, and shows again on a copy that has them).',
    )
  })

  it('says nothing when none is left behind', () => {
    expect(floorLeftBehindText(dashboardPreview({ floorLeftBehind: 0, current }))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { copySourceShort, copySourceText } from './copy-source-text'
import { fileFormatText, replacesText, shrinkQuestion } from './dashboard-import-text'
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

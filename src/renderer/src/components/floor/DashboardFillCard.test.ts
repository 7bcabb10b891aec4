import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import DashboardFillCard from './DashboardFillCard.vue'
import { useNavigationStore } from '@renderer/stores/navigation'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown> = {}, campaigns: Record<string, unknown> = {}) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { floorTracking: { campaignId: 1001, ...state }, campaigns },
  })
  mountWithProviders(DashboardFillCard, { pinia })
  return { navigation: useNavigationStore(pinia) }
}

describe('DashboardFillCard', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('reports where the copy went and each kind of row, and leads to the Batch jobs view', async () => {
    const { navigation } = setup({
      fillReport: {
        path: '/exports/contributions-with-tracking.csv',
        rows: 40,
        matchedBy: 'Pledge ID',
        filled: 12,
        replaced: 1,
        unchanged: 3,
        noTracking: 20,
        unmatched: 4,
        unmatchedLines: [7, 9, 30, 41],
      },
    })
    await flushPromises()
    const report = document.querySelector('[aria-label="Dashboard file report"]')?.textContent
    expect(report).toContain('Saved to /exports/contributions-with-tracking.csv')
    expect(report).toContain('12 rows filled with tracking numbers (matched by Pledge ID), of 40.')
    expect(report).toContain('1 row had another tracking number')
    expect(report).toContain('3 rows already had the same tracking number.')
    expect(report).toContain('20 rows of orders without a tracking number yet')
    expect(report).toContain('4 rows not in the offline copy (lines 7, 9, 30, 41): sync the')
    buttonByName('Watch the import job →').click()
    expect(navigation.go).toHaveBeenCalledWith('jobs')
  })

  it('for a copy imported from a dashboard file, says to import the newer file, not to sync', async () => {
    const source = { kind: 'dashboard-file', fileName: 'contributions.csv', importedAt: '' }
    const summary = { campaignId: 1001, title: 'Tidepool', count: 3, problemCount: 0 }
    setup(
      {
        fillReport: {
          path: '/exports/filled.csv',
          rows: 5,
          matchedBy: 'Pledge ID',
          filled: 0,
          replaced: 0,
          unchanged: 0,
          noTracking: 0,
          unmatched: 5,
          unmatchedLines: [2, 3, 4, 5, 6],
        },
      },
      { currentId: 1001, recent: [{ ...summary, lastSyncedAt: '', privileged: true, source }] },
    )
    await flushPromises()
    const report = document.querySelector('[aria-label="Dashboard file report"]')?.textContent
    expect(report).toContain('import this newer file as the offline copy, then fill again.')
    expect(report).not.toMatch(/sync/i)
  })

  it('shows main’s message when the file is refused', async () => {
    setup({ fillError: 'contributions.csv: the header lacks Carrier, Tracking Number.' })
    await flushPromises()
    expect(document.body.textContent).toContain('The dashboard file was not filled')
    expect(document.body.textContent).toContain('the header lacks Carrier, Tracking Number.')
    expect(document.querySelector('[aria-label="Dashboard file report"]')).toBeNull()
  })
})

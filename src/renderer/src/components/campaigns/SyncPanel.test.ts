import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SyncPanel from './SyncPanel.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { campaignSummary } from '@renderer/test-utils/fakeBridge'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown>) {
  const pinia = createTestingPinia({ createSpy: vi.fn, initialState: { campaigns: state } })
  const wrapper = mountWithProviders(SyncPanel, { pinia, props: { campaignId: 1001 } })
  return { wrapper, campaigns: useCampaignsStore(pinia) }
}

describe('SyncPanel', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('offers "Sync now" for its campaign when idle', () => {
    const { campaigns } = setup({ currentId: 1001 })
    expect(document.querySelector('[aria-label="Sync progress"]')).toBeNull()
    buttonByName('Sync now').click()
    expect(campaigns.sync).toHaveBeenCalledWith(1001)
  })

  it('shows pages, records, rate and time left while syncing, and cancels', async () => {
    const { wrapper, campaigns } = setup({
      currentId: 1001,
      syncingId: 1001,
      progress: {
        campaignId: 1001,
        phase: 'walking',
        pagesDone: 3,
        pagesTotal: 10,
        records: 300,
        expected: 1000,
        elapsedMs: 1200,
        rate: 250,
        etaMs: 2800,
      },
    })
    await flushPromises()
    expect(wrapper.get('[data-testid="sync-progress-text"]').text()).toBe(
      'pages 3 of 10 · records 300 of 1,000 · 250/s · 3 s left',
    )
    expect(document.querySelector('[aria-label="Sync progress"]')?.textContent).toContain('30%')
    expect(() => buttonByName('Sync now')).toThrow()
    buttonByName('Cancel sync').click()
    expect(campaigns.cancelSync).toHaveBeenCalledOnce()
  })

  it('says a failed sync kept the last copy', async () => {
    const { wrapper } = setup({
      currentId: 1001,
      recent: [campaignSummary()],
      syncError: 'The API could not be reached.',
    })
    await flushPromises()
    expect(wrapper.text()).toContain(
      'The API could not be reached. The last complete offline copy is kept.',
    )
  })

  it('never claims a copy is kept when the campaign has none', async () => {
    const { wrapper } = setup({ currentId: 1001, syncError: 'The API could not be reached.' })
    await flushPromises()
    expect(wrapper.text()).not.toContain('offline copy is kept')
    expect(wrapper.text()).toContain('Nothing was stored: this campaign has no offline copy yet.')
  })
})

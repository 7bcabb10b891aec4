import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import PrePrintChecks from './PrePrintChecks.vue'
import { useProblemsStore } from '@renderer/stores/problems'
import { buttonByName, mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('PrePrintChecks: contributions that could not be read', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('counts contributions, not orders, and opens the problem list', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: {
        orders: { campaignId: 1001 },
        printExport: {
          checks: {
            value: [
              {
                id: 'problem-rows',
                title: 'Contributions that could not be read',
                severity: 'warning',
                count: 2,
                contributionIds: [],
                detail: '2 contributions could not be read (41450054, 41450077): ...',
              },
            ],
          },
        },
      },
    })
    const wrapper = mountWithProviders(PrePrintChecks, { pinia })
    await flushPromises()
    expect(wrapper.text()).toContain('Warning · 2 contributions')
    expect(wrapper.text()).not.toContain('2 orders')
    buttonByName('Show list').click()
    expect(useProblemsStore(pinia).show).toHaveBeenCalledWith(1001)
  })
})

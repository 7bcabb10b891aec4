import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import CampaignsView from './CampaignsView.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { campaignSummary } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown> = {}) {
  const pinia = createTestingPinia({ createSpy: vi.fn, initialState: { campaigns: state } })
  const wrapper = mountWithProviders(CampaignsView, { pinia })
  return { wrapper, campaigns: useCampaignsStore(pinia) }
}

describe('CampaignsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('starts empty with a hint, and opens a campaign by its ID', async () => {
    const { wrapper, campaigns } = setup()
    expect(wrapper.text()).toContain('No campaign opened yet. Enter a Campaign ID to start.')
    await typeInto(inputByLabel(wrapper, 'Campaign ID'), ' 1001 ')
    buttonByName('Open campaign').click()
    await flushPromises()
    expect(campaigns.open).toHaveBeenCalledWith(1001)
  })

  it('lists recent campaigns with counts; a click opens one', async () => {
    const { wrapper, campaigns } = setup({
      currentId: 1001,
      recent: [
        campaignSummary(),
        campaignSummary({ campaignId: 2002, title: 'Lantern', count: 12345 }),
      ],
    })
    await flushPromises()
    expect(wrapper.text()).toContain('12,345 orders')
    buttonByName('Open Lantern #2002').click()
    expect(campaigns.open).toHaveBeenCalledWith(2002)
    expect(buttonByName('Sync now')).toBeTruthy()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import CampaignsView from './CampaignsView.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { campaignSummary, sessionInfo } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown> = {}, session: Record<string, unknown> = {}) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { campaigns: state, session },
  })
  const wrapper = mountWithProviders(CampaignsView, { pinia })
  return { wrapper, campaigns: useCampaignsStore(pinia) }
}

describe('CampaignsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('says how to start as the form asks: a file when working offline, never a sync', () => {
    const { wrapper } = setup({}, { workingOffline: true, signedIn: false })
    expect(wrapper.text()).toContain('No campaign opened yet. Import a dashboard file to start.')
  })

  it('starts empty with a hint, and opens a campaign by its ID', async () => {
    const { wrapper, campaigns } = setup()
    expect(wrapper.text()).toContain('No campaign opened yet. Enter a Campaign ID to start.')
    await typeInto(inputByLabel(wrapper, 'Campaign ID'), ' 1001 ')
    buttonByName('Open campaign').click()
    await flushPromises()
    // Main checks the campaign exists before it becomes current.
    expect(campaigns.openChecked).toHaveBeenCalledWith(1001)
    expect(campaigns.open).not.toHaveBeenCalled()
  })

  it('says why a campaign id is refused and keeps the current one', async () => {
    const { wrapper, campaigns } = setup({ currentId: 1001, recent: [campaignSummary()] })
    const refusal =
      "No campaign 999 on api.example.test: check the id in the dashboard's address bar."
    vi.mocked(campaigns.openChecked).mockResolvedValue(refusal)
    await typeInto(inputByLabel(wrapper, 'Campaign ID'), '999')
    buttonByName('Open campaign').click()
    await flushPromises()
    expect(wrapper.text()).toContain(refusal)
    expect(campaigns.currentId).toBe(1001)
    expect(wrapper.text()).toContain('Tidepool')
  })

  it('in the demo, offers its campaigns by name instead of an id field', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: { session: { status: sessionInfo({ demo: true }) } },
    })
    // The form asks the campaigns store (only stores call the bridge); actions are stubs here.
    vi.mocked(useCampaignsStore(pinia).demoCampaigns).mockResolvedValue([
      { campaignId: 2843117, name: 'Tidepool: A Cooperative Ocean Board Game' },
      { campaignId: 2790455, name: 'Lumen Loop' },
    ])
    const wrapper = mountWithProviders(CampaignsView, { pinia })
    await flushPromises()
    expect(document.querySelector('input[aria-label="Campaign ID"]')).toBeNull()
    expect(document.querySelector('.n-select[aria-label="Demo campaign"]')).not.toBeNull()
    buttonByName('Open campaign').click()
    await flushPromises()
    expect(wrapper.text()).toContain('Pick one of the demo’s campaigns.')
    expect(useCampaignsStore(pinia).openChecked).not.toHaveBeenCalled()
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

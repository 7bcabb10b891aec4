import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { createTestingPinia } from '@pinia/testing'
import OrdersView from '@renderer/views/OrdersView.vue'
import CampaignsView from '@renderer/views/CampaignsView.vue'
import { campaignSummary, fakeBridge, syncSummary } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import { useCampaignsStore } from './campaigns'
import { useOrdersStore } from './orders'
import { orderRow, queryResult, snapshot } from './orders.fixtures'
import { useShrinkStore } from './shrink'

const QUESTION = {
  campaignId: 1001,
  currentCount: 5000,
  incomingCount: 10,
  incomingProblemCount: 0,
  fewerOrders: true,
  addressesLost: null,
}

describe('a sync that would shrink the campaign', () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })

  it('puts the question to the person and is held, not completed', async () => {
    fakeBridge({ syncCampaign: () => syncSummary({ count: 5000, shrink: QUESTION }) })
    const campaigns = useCampaignsStore()
    campaigns.open(1001)
    await campaigns.sync()
    expect(useShrinkStore().pending).toEqual(QUESTION)
    expect(campaigns.lastOutcome).toMatchObject({ kind: 'held', campaignId: 1001 })
  })

  it('a sync that does not shrink asks nothing', async () => {
    fakeBridge({ syncCampaign: () => syncSummary({ count: 5000 }) })
    const campaigns = useCampaignsStore()
    campaigns.open(1001)
    await campaigns.sync()
    expect(useShrinkStore().pending).toBeNull()
    expect(campaigns.lastOutcome?.kind).toBe('completed')
  })
})

describe('the problem banner where the campaign is shown', () => {
  it('on the Orders view, from the opened campaign', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const orders = useOrdersStore(pinia)
    useCampaignsStore(pinia).currentId = 1001
    orders.campaignId = 1001
    orders.campaign = { ...snapshot([orderRow(1)]).campaign, problemCount: 12 }
    orders.result = queryResult([orderRow(1)])
    const wrapper = mountWithProviders(OrdersView, { pinia })
    await flushPromises()
    expect(wrapper.get('[data-testid="problem-banner"]').text()).toContain(
      '12 contributions could not be read',
    )
    wrapper.unmount()
  })

  it('on the Campaigns view, beside the last sync', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: {
        campaigns: { currentId: 1001, recent: [campaignSummary({ problemCount: 3 })] },
      },
    })
    const wrapper = mountWithProviders(CampaignsView, { pinia })
    await flushPromises()
    expect(wrapper.get('[data-testid="problem-banner"]').text()).toContain(
      '3 contributions could not be read',
    )
    wrapper.unmount()
  })
})

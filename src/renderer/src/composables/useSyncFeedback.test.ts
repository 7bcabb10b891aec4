import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { h } from 'vue'
import { useSyncFeedback } from './useSyncFeedback'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { syncSummary } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const Harness = {
  setup() {
    useSyncFeedback()
    return () => h('div')
  },
}

function setup(view = 'campaigns') {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { campaigns: { currentId: 1001 }, navigation: { view } },
  })
  mountWithProviders(Harness, { pinia })
  return { campaigns: useCampaignsStore(pinia), navigation: useNavigationStore(pinia) }
}

describe('useSyncFeedback', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('announces a completed sync of the current campaign and opens Orders', async () => {
    const { campaigns, navigation } = setup()
    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'completed',
      summary: syncSummary({ campaignId: 1001, count: 5000, pagesFetched: 167, elapsedMs: 8200 }),
      message: null,
      seq: 1,
    }
    await flushPromises()
    expect(document.body.textContent).toContain('Synced 5,000 orders in 8 s')
    expect(navigation.go).toHaveBeenCalledWith('orders')
  })

  it('does not move anyone after a cancelled sync', async () => {
    const { campaigns, navigation } = setup('signups')
    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'cancelled',
      summary: null,
      message: null,
      seq: 1,
    }
    await flushPromises()
    expect(document.body.textContent).toContain('Sync cancelled')
    expect(navigation.go).not.toHaveBeenCalled()
  })

  it("warns when a sync leaves a file's floor records behind", async () => {
    const { campaigns } = setup()
    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'completed',
      summary: syncSummary({ campaignId: 1001, floorLeftBehind: 3 }),
      message: null,
      seq: 1,
    }
    await flushPromises()
    expect(document.body.textContent).toContain(
      "3 orders packed or tracked here will not show on the synced copy: their floor record was made against the dashboard file's stand-in ids, not the API's order ids (it is kept, and shows again if the file is imported again).",
    )
  })

  it('says when the account is not on the campaign team, and only then', async () => {
    const { campaigns } = setup()
    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'completed',
      summary: syncSummary({ campaignId: 1001 }),
      message: null,
      seq: 1,
    }
    await flushPromises()
    expect(document.body.textContent).not.toContain("not on the campaign's team")

    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'completed',
      summary: syncSummary({ campaignId: 1001, notOnTeam: true }),
      message: null,
      seq: 2,
    }
    await flushPromises()
    expect(document.body.textContent).toContain(
      "(the account you signed in with is not on the campaign's team). Labels, packing slips and the shipper CSV need them. Ask the campaign's owner to add your account as a team member, then sync again.",
    )
  })
})

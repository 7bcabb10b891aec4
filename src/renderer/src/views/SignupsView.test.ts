import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SignupsView from './SignupsView.vue'
import { useSignupsStore } from '@renderer/stores/signups'
import { NOW } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

const signups = Array.from({ length: 75 }, (_, i) => ({
  email: i % 5 === 0 ? `vip${i}@navy.mil` : `backer${i}@example.com`,
  signup_time: NOW,
}))

function setup(offline = false) {
  // Real actions (the computed filter is the point), fed by the store's state.
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    stubActions: ['load'],
    initialState: {
      campaigns: { currentId: 1001 },
      signups: { result: { campaignId: 1001, signups, savedAt: NOW, offline } },
    },
  })
  const wrapper = mountWithProviders(SignupsView, { pinia })
  return { wrapper, store: useSignupsStore(pinia) }
}

describe('SignupsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the count and narrows it with "Search e-mails"', async () => {
    const { wrapper, store } = setup()
    await flushPromises()
    expect(store.load).toHaveBeenCalledWith(false)
    expect(wrapper.text()).toContain('75 sign-ups')
    await typeInto(inputByLabel(wrapper, 'Search e-mails'), 'NAVY')
    await flushPromises()
    expect(store.search).toBe('NAVY')
    expect(wrapper.text()).toContain('15 of 75 sign-ups')
    expect(wrapper.text()).not.toContain('Offline copy from')
  })

  it('exports every sign-up as CSV or Excel, and says where main saved it', async () => {
    const { store } = setup()
    vi.mocked(store.exportFile).mockResolvedValue({ path: '/x/tidepool-signups.csv', signups: 75 })
    await flushPromises()
    buttonByName('Export CSV').click()
    await flushPromises()
    expect(store.exportFile).toHaveBeenCalledWith('csv')
    expect(document.body.textContent).toContain('Saved 75 sign-ups to /x/tidepool-signups.csv')
    buttonByName('Export Excel').click()
    expect(store.exportFile).toHaveBeenLastCalledWith('xlsx')
  })

  it('Refresh asks the API again; an offline answer says where it came from', async () => {
    const { wrapper, store } = setup(true)
    buttonByName('Refresh').click()
    expect(store.load).toHaveBeenLastCalledWith(true)
    expect(wrapper.text()).toContain('Offline copy from')
  })
})

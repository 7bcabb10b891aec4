import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SideMenu from './SideMenu.vue'
import { useNavigationStore } from '@renderer/stores/navigation'
import { campaignSummary, NOW, sessionInfo } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

function setup(state: Record<string, unknown>) {
  const pinia = createTestingPinia({ createSpy: vi.fn, initialState: state })
  return mountWithProviders(SideMenu, { pinia })
}

describe('SideMenu', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('lists every view, the current campaign and who is signed in', async () => {
    const wrapper = setup({
      session: { status: sessionInfo({ email: 'staff@perkpack.test' }) },
      campaigns: { currentId: 1001, recent: [campaignSummary({ count: 5000 })] },
    })
    await flushPromises()
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent)
    expect(items).toEqual([
      'Campaigns',
      'Orders',
      'Pick list',
      'Print & export',
      'Pack station',
      'Batch jobs',
      'Sign-ups',
      'My contributions',
      'Settings',
    ])
    expect(wrapper.text()).toContain('Tidepool')
    expect(wrapper.text()).toContain('5,000 orders')
    expect(wrapper.text()).toContain('staff@perkpack.test')
    expect(document.querySelector('[aria-label="Offline: showing saved data"]')).toBeNull()
    ;(document.querySelectorAll('[role="menuitem"] .n-menu-item-content')[2] as HTMLElement).click()
    expect(useNavigationStore().go).toHaveBeenCalledWith('picklist')
  })

  it('shows the offline badge and "API token only"', async () => {
    setup({
      session: { status: sessionInfo({ email: null, privileged: false }) },
      network: { status: { online: false, since: NOW } },
    })
    await flushPromises()
    const badge = document.querySelector('[aria-label="Offline: showing saved data"]')
    expect(badge?.textContent?.trim()).toBe('Offline')
    expect(document.body.textContent).toContain('API token only')
  })
})

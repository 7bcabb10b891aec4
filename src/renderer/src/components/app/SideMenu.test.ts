import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SideMenu from './SideMenu.vue'
import { useNavigationStore } from '@renderer/stores/navigation'
import { campaignSummary, NOW, sessionInfo } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

function menuButtons(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('nav ul[aria-label="Views"] button')]
}

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
    const items = menuButtons().map((i) => i.textContent?.trim())
    expect(items).toEqual([
      'Campaigns',
      'Orders',
      'Pick list',
      'Print & export',
      'Progress',
      'Pack station',
      'Waves',
      'Catalogue',
      'Batch jobs',
      'Sign-ups',
      'My contributions',
      'Settings',
    ])
    expect(wrapper.text()).toContain('Tidepool')
    expect(wrapper.text()).toContain('5,000 orders')
    expect(wrapper.text()).toContain('staff@perkpack.test')
    expect(document.querySelector('[aria-label="Offline: showing saved data"]')).toBeNull()
    menuButtons()[2]?.click()
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

  it('is one Tab stop on the open view; arrows, Home and End move within it, wrapping', async () => {
    setup({ session: { status: sessionInfo() }, navigation: { view: 'orders' } })
    await flushPromises()
    const buttons = menuButtons()
    expect(buttons.map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1])
    expect(buttons[1]?.getAttribute('aria-current')).toBe('page')
    expect(buttons[1]?.getAttribute('aria-keyshortcuts')).toBe('Ctrl+2')

    const key = (target: Element, k: string) => {
      const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
      target.dispatchEvent(event)
      return event
    }
    buttons[1]?.focus()
    expect(key(buttons[1] as Element, 'ArrowDown').defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(buttons[2])
    const last = buttons.length - 1
    key(buttons[2] as Element, 'End')
    expect(document.activeElement).toBe(buttons[last])
    key(buttons[last] as Element, 'ArrowDown')
    expect(document.activeElement).toBe(buttons[0])
    key(buttons[0] as Element, 'ArrowUp')
    expect(document.activeElement).toBe(buttons[last])
    key(buttons[last] as Element, 'Home')
    expect(document.activeElement).toBe(buttons[0])
    // Moving the focus does not switch views; Tab and letters are left alone.
    expect(useNavigationStore().go).not.toHaveBeenCalled()
    expect(key(buttons[0] as Element, 'Tab').defaultPrevented).toBe(false)
  })
})

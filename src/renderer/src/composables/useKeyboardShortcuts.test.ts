import { afterEach, describe, expect, it, vi } from 'vitest'
import { h, ref } from 'vue'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { useKeyboardShortcuts } from './useKeyboardShortcuts'
import { focusSearch, useSearchFocus } from './useSearchFocus'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { sessionInfo } from '@renderer/test-utils/fakeBridge'

// Plain component options: these are test harnesses, not components of the app.
const Shell = {
  setup() {
    useKeyboardShortcuts()
    return () => h('div')
  },
}

function searchView(label: string) {
  return {
    setup() {
      const input = ref<HTMLInputElement | null>(null)
      useSearchFocus(input)
      return () => h('input', { ref: input, 'aria-label': label })
    },
  }
}

function press(key: string, init: KeyboardEventInit = { ctrlKey: true }): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true, ...init })
  window.dispatchEvent(event)
  return event
}

function mountShell(state: Record<string, unknown> = {}) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: { session: { status: sessionInfo() }, campaigns: { currentId: 1001 }, ...state },
  })
  return mount(Shell, { global: { plugins: [pinia] }, attachTo: document.body })
}

describe('keyboard shortcuts', () => {
  const mounted: { unmount(): void }[] = []
  afterEach(() => {
    mounted.splice(0).forEach((w) => w.unmount())
    document.body.innerHTML = ''
  })

  it('Ctrl+R syncs the current campaign instead of reloading', () => {
    mounted.push(mountShell())
    const event = press('r')
    expect(event.defaultPrevented).toBe(true)
    expect(useCampaignsStore().sync).toHaveBeenCalledOnce()
  })

  it('Cmd+R works too, but not while a sync runs (the reload is still blocked)', () => {
    mounted.push(mountShell({ campaigns: { currentId: 1001, syncingId: 1001 } }))
    const event = press('R', { metaKey: true })
    expect(event.defaultPrevented).toBe(true)
    expect(useCampaignsStore().sync).not.toHaveBeenCalled()
  })

  it('plain R types an R', () => {
    mounted.push(mountShell())
    expect(press('r', {}).defaultPrevented).toBe(false)
    expect(useCampaignsStore().sync).not.toHaveBeenCalled()
  })

  it('Ctrl+F focuses the search field of the view on screen', () => {
    mounted.push(mountShell())
    const first = mount(searchView('Search e-mails'), { attachTo: document.body })
    const second = mount(searchView('Search orders'), { attachTo: document.body })
    mounted.push(first)

    const event = press('f')
    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search orders')

    // The newer view leaves: the one still on screen gets the shortcut back.
    second.unmount()
    press('f')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search e-mails')
  })

  it('Ctrl+F is left to the browser when no view has a search field', () => {
    mounted.push(mountShell())
    expect(focusSearch()).toBe(false)
    expect(press('f').defaultPrevented).toBe(false)
  })
})

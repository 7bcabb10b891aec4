import { afterEach, describe, expect, it, vi } from 'vitest'
import { h, ref } from 'vue'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { useKeyboardShortcuts } from './useKeyboardShortcuts'
import { focusSearch, useSearchFocus } from './useSearchFocus'
import { shortcutListOpen } from './useShortcutList'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useNavigationStore } from '@renderer/stores/navigation'
import { shortcutGroups } from '@renderer/lib/shortcut-list'
import { VIEW_LABELS } from '@renderer/lib/view-menu'
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
    shortcutListOpen.value = false
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

  it('Ctrl/Cmd+1..8 open the views in menu order, 9 the last one', () => {
    mounted.push(mountShell())
    const go = useNavigationStore().go
    expect(press('2', { ctrlKey: true, code: 'Digit2' }).defaultPrevented).toBe(true)
    expect(go).toHaveBeenLastCalledWith('orders')
    press('4', { metaKey: true })
    expect(go).toHaveBeenLastCalledWith('printexport')
    press('9', { ctrlKey: true })
    expect(go).toHaveBeenLastCalledWith('settings')
    // AZERTY: the 1 key types "&"; the physical key decides.
    press('&', { ctrlKey: true, code: 'Digit1' })
    expect(go).toHaveBeenLastCalledWith('campaigns')
    expect(go).toHaveBeenCalledTimes(4)
  })

  it('every Ctrl+key the shortcut list shows opens the view it names, Ctrl+, Settings', () => {
    mounted.push(mountShell())
    const go = useNavigationStore().go
    const views = shortcutGroups('Win32').find((group) => group.title === 'Views')?.entries ?? []
    expect(views.map((entry) => entry.keys.join('+'))).toContain('Ctrl+,')
    for (const { keys, what } of views) {
      const [mod, key] = keys
      expect(mod).toBe('Ctrl')
      expect(press(key ?? '', { ctrlKey: true }).defaultPrevented, keys.join('+')).toBe(true)
      const opened = vi.mocked(go).mock.lastCall?.[0]
      expect(opened && `Open ${VIEW_LABELS[opened]}`).toBe(what)
    }
    expect(go).toHaveBeenCalledTimes(views.length)
  })

  it('digits without Ctrl/Cmd or with Alt switch nothing', () => {
    mounted.push(mountShell())
    expect(press('2', {}).defaultPrevented).toBe(false)
    expect(press('2', { ctrlKey: true, altKey: true }).defaultPrevented).toBe(false)
    expect(useNavigationStore().go).not.toHaveBeenCalled()
  })

  it('before sign-in neither Ctrl+2 nor ? does anything', () => {
    mounted.push(mountShell({ session: { status: sessionInfo({ signedIn: false }) } }))
    expect(press('2', { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(press('?', {}).defaultPrevented).toBe(false)
    expect(useNavigationStore().go).not.toHaveBeenCalled()
    expect(shortcutListOpen.value).toBe(false)
  })

  it('working from imported files (not signed in) Ctrl+4 and ? work as signed in', () => {
    const offline = { status: sessionInfo({ signedIn: false }), workingOffline: true }
    mounted.push(mountShell({ session: offline }))
    expect(press('4', { ctrlKey: true }).defaultPrevented).toBe(true)
    expect(useNavigationStore().go).toHaveBeenLastCalledWith('printexport')
    expect(press('?', {}).defaultPrevented).toBe(true)
    expect(shortcutListOpen.value).toBe(true)
  })

  it('? opens the shortcut list, except while typing in a field', () => {
    mounted.push(mountShell())
    const field = mount(searchView('Search orders'), { attachTo: document.body })
    mounted.push(field)
    const input = field.element as HTMLInputElement
    const typed = new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true })
    input.dispatchEvent(typed)
    expect(typed.defaultPrevented).toBe(false)
    expect(shortcutListOpen.value).toBe(false)

    expect(press('?', { shiftKey: true }).defaultPrevented).toBe(true)
    expect(shortcutListOpen.value).toBe(true)
  })
})

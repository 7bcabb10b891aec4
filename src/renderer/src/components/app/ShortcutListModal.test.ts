import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ShortcutListModal from './ShortcutListModal.vue'
import { shortcutListOpen } from '@renderer/composables/useShortcutList'
import { commandKeyName } from '@renderer/lib/shortcut-list'
import { MENU_VIEWS, VIEW_LABELS } from '@renderer/lib/view-menu'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('ShortcutListModal', () => {
  afterEach(() => {
    shortcutListOpen.value = false
    document.body.innerHTML = ''
  })

  it('lists a Ctrl+digit for every view of the menu, and the other shortcuts', async () => {
    mountWithProviders(ShortcutListModal, { pinia: createTestingPinia({ createSpy: vi.fn }) })
    expect(document.body.textContent).not.toContain('Keyboard shortcuts')
    shortcutListOpen.value = true
    await flushPromises()
    const rows = [...document.querySelectorAll('dt')].map((dt) => ({
      keys: [...dt.querySelectorAll('kbd')].map((k) => k.textContent),
      what: dt.nextElementSibling?.textContent,
    }))
    MENU_VIEWS.forEach((view, i) =>
      expect(rows).toContainEqual({
        keys: ['Ctrl', String(i + 1)],
        what: `Open ${VIEW_LABELS[view]}`,
      }),
    )
    expect(rows).toContainEqual({ keys: ['Ctrl', 'R'], what: 'Sync the current campaign' })
    expect(rows).toContainEqual({ keys: ['?'], what: 'Show this list of shortcuts' })
  })

  it('says Cmd on a Mac and Ctrl elsewhere', () => {
    expect(commandKeyName('MacIntel')).toBe('Cmd')
    expect(commandKeyName('Win32')).toBe('Ctrl')
    expect(commandKeyName('Linux x86_64')).toBe('Ctrl')
  })
})

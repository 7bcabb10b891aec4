import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ShortcutListModal from './ShortcutListModal.vue'
import { shortcutListOpen } from '@renderer/composables/useShortcutList'
import { commandKeyName } from '@renderer/lib/shortcut-list'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

describe('ShortcutListModal', () => {
  afterEach(() => {
    shortcutListOpen.value = false
    document.body.innerHTML = ''
  })

  it('lists the Ctrl+keys that open views (one key each, none past 9), and the others', async () => {
    mountWithProviders(ShortcutListModal, { pinia: createTestingPinia({ createSpy: vi.fn }) })
    expect(document.body.textContent).not.toContain('Keyboard shortcuts')
    shortcutListOpen.value = true
    await flushPromises()
    const rows = [...document.querySelectorAll('dt')].map((dt) => ({
      keys: [...dt.querySelectorAll('kbd')].map((k) => k.textContent),
      what: dt.nextElementSibling?.textContent,
    }))
    expect(rows).toContainEqual({ keys: ['Ctrl', '1'], what: 'Open Campaigns' })
    expect(rows).toContainEqual({ keys: ['Ctrl', '9'], what: 'Open Settings' })
    expect(rows).toContainEqual({ keys: ['Ctrl', ','], what: 'Open Settings' })
    // 'Ctrl + 10' was listed once: no keyboard has that key.
    const opening = rows.filter((row) => row.keys[0] === 'Ctrl' && row.what?.startsWith('Open '))
    for (const row of opening) expect(row.keys[1], row.what).toMatch(/^[1-9,]$/)
    expect(rows).toContainEqual({ keys: ['Ctrl', 'R'], what: 'Sync the current campaign' })
    expect(rows).toContainEqual({ keys: ['?'], what: 'Show this list of shortcuts' })
  })

  it('says Cmd on a Mac and Ctrl elsewhere', () => {
    expect(commandKeyName('MacIntel')).toBe('Cmd')
    expect(commandKeyName('Win32')).toBe('Ctrl')
    expect(commandKeyName('Linux x86_64')).toBe('Ctrl')
  })
})

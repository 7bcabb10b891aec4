import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { h } from 'vue'
import { useSessionNotices } from './useSessionNotices'
import { useSessionStore } from '@renderer/stores/session'
import { sessionInfo } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'

const Harness = {
  setup() {
    useSessionNotices()
    return () => h('div')
  },
}

const SETTINGS_WARNING =
  '/home/desk/.config/PerkPack/settings.json cannot be read (…), so PerkPack uses the default settings.'

describe('useSessionNotices', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('says once at start that settings.json could not be read, signed in or not', async () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    mountWithProviders(Harness, { pinia })
    const session = useSessionStore(pinia)
    session.status = sessionInfo({ signedIn: false, settingsWarning: SETTINGS_WARNING })
    await flushPromises()
    session.status = sessionInfo({ signedIn: true, settingsWarning: SETTINGS_WARNING })
    await flushPromises()
    expect(document.body.textContent).toContain('settings.json could not be read')
    expect(document.body.textContent?.split(SETTINGS_WARNING)).toHaveLength(2)
  })
})

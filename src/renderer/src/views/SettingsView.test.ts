import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SettingsView from './SettingsView.vue'
import { useSessionStore } from '@renderer/stores/session'
import { useSettingsStore } from '@renderer/stores/settings'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { sessionInfo } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'
import { SIGN_OUT_QUESTION } from '@renderer/composables/useSignOut'

function setup() {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: {
      session: { status: sessionInfo() },
      settings: {
        settings: {
          baseUrl: 'https://api.example.test',
          authUrl: 'https://auth.example.test',
          concurrency: 4,
          theme: 'system',
        },
      },
      app: {
        info: {
          name: 'PerkPack',
          version: '0.1.0',
          baseUrl: 'https://api.example.test',
          authUrl: 'https://auth.example.test',
          source: 'settings',
          harness: false,
        },
      },
    },
  })
  const wrapper = mountWithProviders(SettingsView, { pinia })
  return { wrapper, pinia }
}

describe('SettingsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('asks for confirmation before signing out, and does nothing on Cancel', async () => {
    setup()
    const session = useSessionStore()
    buttonByName('Sign out').click()
    await flushPromises()
    expect(document.body.textContent).toContain(SIGN_OUT_QUESTION)
    expect(session.signOut).not.toHaveBeenCalled()
    buttonByName('Cancel').click()
    await flushPromises()
    expect(session.signOut).not.toHaveBeenCalled()
  })

  it('signs out after the confirmation and forgets the campaigns', async () => {
    setup()
    const session = useSessionStore()
    vi.mocked(session.signOut).mockResolvedValue(true)
    buttonByName('Sign out').click()
    await flushPromises()
    buttonByName('Sign out and delete').click()
    await flushPromises()
    expect(session.signOut).toHaveBeenCalledOnce()
    expect(useCampaignsStore().reset).toHaveBeenCalledOnce()
  })

  it('saves the edited settings, trimmed', async () => {
    const { wrapper } = setup()
    const settings = useSettingsStore()
    expect(buttonByName('Save settings').disabled).toBe(true)
    await typeInto(inputByLabel(wrapper, 'API base URL'), ' http://127.0.0.1:4010 ')
    await typeInto(inputByLabel(wrapper, 'Station name'), ' Desk B ')
    const dark = [...document.querySelectorAll('label')].find(
      (l) => l.textContent?.trim() === 'Dark',
    )
    expect(dark).toBeTruthy()
    dark!.querySelector('input')!.click()
    await flushPromises()
    buttonByName('Save settings').click()
    await flushPromises()
    expect(settings.save).toHaveBeenCalledWith({
      baseUrl: 'http://127.0.0.1:4010',
      authUrl: 'https://auth.example.test',
      concurrency: 4,
      theme: 'dark',
      stationName: 'Desk B',
    })
    expect(inputByLabel(wrapper, 'Sync concurrency')).toBeTruthy()
  })

  it('keeps Save off for an edit that would save the same settings (spaces around a URL)', async () => {
    const { wrapper } = setup()
    await typeInto(inputByLabel(wrapper, 'API base URL'), ' https://api.example.test ')
    expect(buttonByName('Save settings').disabled).toBe(true)
    await typeInto(inputByLabel(wrapper, 'API base URL'), 'https://api2.example.test')
    expect(buttonByName('Save settings').disabled).toBe(false)
  })
})

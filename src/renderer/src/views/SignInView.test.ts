import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import SignInView from './SignInView.vue'
import { useSessionStore } from '@renderer/stores/session'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { useSettingsStore } from '@renderer/stores/settings'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

function setup() {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: {
      settings: {
        settings: {
          baseUrl: 'https://api.example.test',
          authUrl: 'https://auth.example.test',
          concurrency: 4,
          theme: 'system',
        },
      },
    },
  })
  const wrapper = mountWithProviders(SignInView, { pinia })
  return { wrapper, session: useSessionStore(pinia) }
}

async function openAdvanced(): Promise<void> {
  buttonByName('Advanced').click()
  await flushPromises()
}

describe('SignInView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('labels every field the way people (and the end-to-end tests) look for them', async () => {
    const { wrapper } = setup()
    for (const label of ['API token', 'E-mail', 'Password'])
      expect(inputByLabel(wrapper, label)).toBeTruthy()
    expect(buttonByName('Sign in')).toBeTruthy()
    expect(buttonByName('Try the demo')).toBeTruthy()
    const advanced = buttonByName('Advanced')
    expect(advanced.getAttribute('aria-expanded')).toBe('false')
    expect(() => inputByLabel(wrapper, 'API base URL')).toThrow()
    await openAdvanced()
    expect(advanced.getAttribute('aria-expanded')).toBe('true')
    expect(inputByLabel(wrapper, 'API base URL').value).toBe('https://api.example.test')
    expect(inputByLabel(wrapper, 'Auth URL').value).toBe('https://auth.example.test')
  })

  it('signs in with trimmed values (the password as typed)', async () => {
    const { wrapper, session } = setup()
    vi.mocked(session.signIn).mockResolvedValue(true)
    await typeInto(inputByLabel(wrapper, 'API token'), '  tok-123 ')
    await typeInto(inputByLabel(wrapper, 'E-mail'), ' staff@perkpack.test  ')
    await typeInto(inputByLabel(wrapper, 'Password'), ' secret ')
    await openAdvanced()
    await typeInto(inputByLabel(wrapper, 'Auth URL'), ' https://auth.other.test ')
    buttonByName('Sign in').click()
    await flushPromises()
    expect(session.signIn).toHaveBeenCalledWith({
      apiToken: 'tok-123',
      email: 'staff@perkpack.test',
      password: ' secret ',
      authUrl: 'https://auth.other.test',
    })
  })

  it('sends no address the person left as shown, even when the shown one changes meanwhile', async () => {
    const { wrapper, session } = setup()
    vi.mocked(session.signIn).mockResolvedValue(true)
    await typeInto(inputByLabel(wrapper, 'API token'), 'tok-123')
    await openAdvanced()
    // Main answers the hosts in use again (the demo ended, the environment): still untouched.
    useSettingsStore().settings = {
      ...useSettingsStore().settings!,
      baseUrl: 'http://127.0.0.1:4710',
      authUrl: 'http://127.0.0.1:4710',
    }
    await flushPromises()
    expect(inputByLabel(wrapper, 'API base URL').value).toBe('http://127.0.0.1:4710')
    buttonByName('Sign in').click()
    await flushPromises()
    expect(session.signIn).toHaveBeenCalledWith({ apiToken: 'tok-123' })
  })

  it('says what is missing instead of calling main', async () => {
    const { wrapper, session } = setup()
    await typeInto(inputByLabel(wrapper, 'API token'), 'tok')
    await typeInto(inputByLabel(wrapper, 'E-mail'), 'staff@perkpack.test')
    buttonByName('Sign in').click()
    await flushPromises()
    expect(session.signIn).not.toHaveBeenCalled()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'Enter the password for staff@perkpack.test',
    )
  })

  it("shows the server's message in an alert", async () => {
    const { session } = setup()
    session.error = 'The e-mail or password was not accepted. Check both and try again.'
    await flushPromises()
    const alert = document.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('Could not sign in')
    expect(alert?.textContent).toContain('The e-mail or password was not accepted.')
  })

  it('Try the demo starts the simulator, opens its first campaign and syncs it', async () => {
    const { session } = setup()
    vi.mocked(session.startDemo).mockResolvedValue({ campaignIds: [42, 43], jobIds: [] })
    const campaigns = useCampaignsStore()
    buttonByName('Try the demo').click()
    await flushPromises()
    expect(campaigns.open).toHaveBeenCalledWith(42)
    expect(campaigns.sync).toHaveBeenCalledWith(42)
  })
})

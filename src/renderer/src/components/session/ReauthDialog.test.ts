import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ReauthDialog from './ReauthDialog.vue'
import { useSessionStore } from '@renderer/stores/session'
import { sessionInfo } from '@renderer/test-utils/fakeBridge'
import {
  buttonByName,
  inputByLabel,
  mountWithProviders,
  typeInto,
} from '@renderer/test-utils/mountWithProviders'

describe('ReauthDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('stays closed until the session expires, then asks for the password only', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: { session: { status: sessionInfo() } },
    })
    const wrapper = mountWithProviders(ReauthDialog, { pinia })
    const session = useSessionStore()
    expect(document.body.textContent).not.toContain('Sign in again')

    session.expired = { email: 'staff@perkpack.test', message: 'Your session has expired.' }
    await flushPromises()
    expect(document.body.textContent).toContain('Sign in again')
    expect(document.body.textContent).toContain('staff@perkpack.test')
    expect(document.querySelector('input[aria-label="E-mail"]')).toBeNull()
    expect(buttonByName('Sign in').disabled).toBe(true)

    await typeInto(inputByLabel(wrapper, 'Password'), 'perkpack-demo')
    await flushPromises()
    buttonByName('Sign in').click()
    await flushPromises()
    expect(session.reauthenticate).toHaveBeenCalledWith('perkpack-demo')
  })

  it('shows why the password was refused', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: {
        session: {
          expired: { email: null, message: 'Expired.' },
          reauthError: 'The e-mail or password was not accepted.',
        },
      },
    })
    mountWithProviders(ReauthDialog, { pinia })
    await flushPromises()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(
      'The e-mail or password was not accepted.',
    )
    buttonByName('Not now').click()
    expect(useSessionStore().dismissExpired).toHaveBeenCalled()
  })

  it("words the reason itself when a store's request found the session gone", async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: { session: { expired: { email: null, message: null } } },
    })
    mountWithProviders(ReauthDialog, { pinia })
    await flushPromises()
    expect(document.querySelector('.reason')?.textContent).toContain(
      'Your session has expired. Enter your password to continue.',
    )
  })

  it('the close button in the corner puts the question off like "Not now"', async () => {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      initialState: { session: { expired: { email: null, message: 'Expired.' } } },
    })
    mountWithProviders(ReauthDialog, { pinia })
    await flushPromises()
    const dialog = document.querySelector('[role="dialog"][aria-label="Sign in again"]')
    const corner = dialog?.querySelector<HTMLElement>('.n-base-close')
    corner?.click()
    expect(useSessionStore().dismissExpired).toHaveBeenCalledTimes(1)
  })
})

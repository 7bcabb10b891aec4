import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { fail, fakeBridge, sessionInfo } from '@renderer/test-utils/fakeBridge'
import { useSessionStore } from './session'

describe('useSessionStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('signs in and keeps what main says about the session', async () => {
    const fake = fakeBridge()
    const session = useSessionStore()
    expect(await session.signIn({ apiToken: 't', email: 'a@b.test', password: 'pw' })).toBe(true)
    expect(fake.calls.signIn).toHaveBeenCalledWith({
      apiToken: 't',
      email: 'a@b.test',
      password: 'pw',
    })
    expect(session.signedIn).toBe(true)
    expect(session.email).toBe('a@b.test')
    expect(session.error).toBeNull()
  })

  it("keeps the server's message when the sign-in is refused", async () => {
    fakeBridge({
      signIn: () => fail('invalid_credentials', 'The e-mail or password was not accepted.'),
    })
    const session = useSessionStore()
    expect(await session.signIn({ apiToken: 't', email: 'a@b.test', password: 'x' })).toBe(false)
    expect(session.error).toBe('The e-mail or password was not accepted.')
    expect(session.signedIn).toBe(false)
    expect(session.signingIn).toBe(false)
  })

  it('opens the password dialog on session:expired and unsubscribes cleanly', () => {
    const fake = fakeBridge()
    const session = useSessionStore()
    const off = session.listen()
    fake.emit('session:expired', { email: 'a@b.test', message: 'Your session has expired.' })
    expect(session.expired).toEqual({ email: 'a@b.test', message: 'Your session has expired.' })
    off()
    expect(fake.listenerCount('session:expired')).toBe(0)
  })

  it('re-runs interrupted work once after the password is accepted', async () => {
    const fake = fakeBridge({ reauthenticate: () => sessionInfo({ email: 'a@b.test' }) })
    const session = useSessionStore()
    const retry = vi.fn()
    session.retryAfterSignIn('sync:1', retry)
    session.retryAfterSignIn('sync:1', retry)
    expect(session.expired).not.toBeNull()
    expect(await session.reauthenticate('pw')).toBe(true)
    expect(fake.calls.reauthenticate).toHaveBeenCalledWith({ password: 'pw' })
    expect(retry).toHaveBeenCalledOnce()
    expect(session.expired).toBeNull()
  })

  it('keeps the dialog open with the message when the password is wrong', async () => {
    fakeBridge({ reauthenticate: () => fail('invalid_credentials', 'Wrong password.') })
    const session = useSessionStore()
    const retry = vi.fn()
    session.retryAfterSignIn('sync:1', retry)
    expect(await session.reauthenticate('nope')).toBe(false)
    expect(session.reauthError).toBe('Wrong password.')
    expect(session.expired).not.toBeNull()
    expect(retry).not.toHaveBeenCalled()
  })

  it('startDemo keeps the session and hands back the demo campaigns', async () => {
    fakeBridge()
    const session = useSessionStore()
    const demo = await session.startDemo()
    expect(demo?.campaignIds).toEqual([1001])
    expect(session.status?.demo).toBe(true)
    expect(session.status).not.toHaveProperty('campaignIds')
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { NO_DESKTOP } from '../../../src/main/export/desktop-port'
import type { ConfirmQuestion, Desktop } from '../../../src/main/export/desktop-port'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { Session } from '../../../src/main/core/session/api-session'
import { cleanupApps, makeApp, startSim } from '../../helpers/app'
import { startTokenSpy } from '../../helpers/token-spy'
import type { TokenSpy } from '../../helpers/token-spy'

// Issue 11 H1: stored tokens belong to the (API host, auth host) pair they were issued for. A
// changed base URL used to keep the session, and the next request took both tokens to the new host.

const spies: TokenSpy[] = []
afterEach(async () => {
  await cleanupApps()
  await Promise.all(spies.splice(0).map((spy) => spy.close()))
})

async function spy(): Promise<TokenSpy> {
  const started = await startTokenSpy()
  spies.push(started)
  return started
}

describe('stored credentials stay with their target', () => {
  it('the app: a new API host in the settings signs out of the old one, and no token reaches it', async () => {
    const sim = await startSim({ contributions: 40 })
    const other = await spy()
    const app = await makeApp({ sim })
    await app.value('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: sim.credentials.password,
    })
    const campaignId = sim.campaignIds[0]!
    await app.value('sync:run', { campaignId })

    await app.value('settings:update', { baseUrl: other.baseUrl })
    expect(await app.value('session:status')).toMatchObject({ signedIn: false })
    const sync = await app.call('sync:run', { campaignId })
    expect(sync).toMatchObject({ ok: false })
    const accounts = await app.call('account:contributions', { accountId: 1 })
    expect(accounts).toMatchObject({ ok: false })
    const secrets = [sim.credentials.apiToken, sim.credentials.password]
    expect(other.leaks(secrets)).toEqual([])

    // Back on the first host, its sign-in is still there: nothing was lost, only kept apart.
    await app.value('settings:update', { baseUrl: sim.baseUrl })
    expect(await app.value('session:status')).toMatchObject({
      signedIn: true,
      email: sim.credentials.email,
    })
  })

  it("the app asks in main's own dialog before leaving a signed-in host; declined, nothing changes", async () => {
    const sim = await startSim({ contributions: 10 })
    const other = await spy()
    const asked: ConfirmQuestion[] = []
    let answer = false
    const desktop: Desktop = {
      ...NO_DESKTOP,
      confirm: async (question) => (asked.push(question), answer),
    }
    const app = await makeApp({ sim, services: { desktop } })
    await app.value('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: sim.credentials.password,
    })
    const declined = await app.call('settings:update', { baseUrl: other.baseUrl })
    expect(declined).toMatchObject({
      ok: false,
      error: {
        code: 'cancelled',
        message: `Settings not saved: you are still signed in to ${new URL(sim.baseUrl).host}.`,
      },
    })
    expect(asked).toEqual([
      expect.objectContaining({
        message: `Move from ${new URL(sim.baseUrl).host} to ${new URL(other.baseUrl).host}?`,
      }),
    ])
    expect((await app.value('settings:get')).baseUrl).toBe(sim.baseUrl)
    expect(await app.value('session:status')).toMatchObject({ signedIn: true })

    answer = true
    await app.value('settings:update', { baseUrl: other.baseUrl })
    expect((await app.value('settings:get')).baseUrl).toBe(other.baseUrl)
    expect(await app.value('session:status')).toMatchObject({ signedIn: false })
    // Signed out there, a move asks nobody.
    await app.value('settings:update', { baseUrl: sim.baseUrl })
    expect(asked).toHaveLength(2)
  })

  it('a client for another host gets no token from a session, whoever wired them together', async () => {
    const sim = await startSim({ contributions: 10 })
    const other = await spy()
    const session = new Session({
      fetch: globalThis.fetch,
      store: new MemorySecretStore(),
      baseUrl: sim.baseUrl,
      authUrl: sim.authUrl,
      email: sim.credentials.email,
      userAgent: 'test',
    })
    await session.setApiToken(sim.credentials.apiToken)
    await session.signIn(sim.credentials.password)
    const client = new ApiClient({
      baseUrl: other.baseUrl,
      session,
      fetch: globalThis.fetch,
      userAgent: 'test',
    })
    await expect(client.campaignContributions(sim.campaignIds[0]!, 1)).rejects.toMatchObject({
      code: 'target_mismatch',
      message: expect.stringMatching(/The stored sign-in is for http:\/\/127\.0\.0\.1:\d+, not/),
    })
    expect(other.requests).toEqual([])
  })
})

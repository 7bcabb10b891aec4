import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  InvalidCredentials,
  SignInRequired,
} from '../../../../src/main/core/system/perkpack-errors'
import type { FetchLike } from '../../../../src/main/core/api/http'
import { MemorySecretStore } from '../../../../src/main/core/session/secrets'
import { keychainAccount } from '../../../../src/main/core/session/profile'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import { USER_AGENT } from '../../../../src/main/core/system/version'
import { BACKER_CREDENTIALS } from '../../../../src/simulator'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  recordingFetch,
  startSim,
  tempDir,
} from '../../../helpers/harness'
import { expectSnapshotOfListing } from '../../../helpers/served-snapshot'

afterEach(cleanup)

describe('Session: the password grant', () => {
  it('posts a form-encoded password grant to <auth-url>/oauth/token', async () => {
    const sim = await startSim({ contributions: 30 })
    const recorder = recordingFetch()
    const { session } = await makeSession(sim, { fetch: recorder.fetch })
    await session.signIn(sim.credentials.password)

    expect(recorder.requests).toHaveLength(1)
    const [request] = recorder.requests
    expect(request!.url).toBe(`${sim.authUrl}/oauth/token`)
    expect(request!.method).toBe('POST')
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request!.headers['user-agent']).toBe(USER_AGENT)
    const form = new URLSearchParams(request!.body ?? '')
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'password',
      credential_type: 'email',
      email: sim.credentials.email,
      password: sim.credentials.password,
    })
    expect(sim.stats().tokenGrants).toBe(1)
  })

  it('stores the access token and its expiry, never the password', async () => {
    const now = Date.UTC(2026, 2, 1, 9, 30)
    const sim = await startSim({ contributions: 30, clock: () => now, tokenTtlSeconds: 7_200 })
    const store = new MemorySecretStore()
    const { session } = await makeSession(sim, { store, now: () => now })
    const status = await session.signIn(sim.credentials.password)

    expect(status).toMatchObject({ signedIn: true, privileged: true, email: sim.credentials.email })
    expect(status.expiresAt).toBe(new Date(now + 7_200_000).toISOString())
    const values = store.values()
    expect(values).toHaveLength(1)
    const stored = JSON.parse(values[0]!) as Record<string, unknown>
    expect(stored).toEqual({
      apiToken: sim.credentials.apiToken,
      accessToken: expect.stringMatching(/^sim_at_/),
      accessTokenExpiresAt: now + 7_200_000,
      refreshToken: expect.stringMatching(/^sim_rt_/),
    })
    for (const value of values) expect(value).not.toContain(sim.credentials.password)
    expect(await store.get(keychainAccount(sim, sim.credentials.email))).toBe(values[0])
  })

  it('does not hold the password after the grant, not even in the redaction', async () => {
    const sim = await startSim({ contributions: 30 })
    // Fresh modules: other tests' sessions registered this simulator's password in theirs.
    vi.resetModules()
    const fresh = await import('../../../../src/main/core/session/api-session')
    const { redact: freshRedact } = await import('../../../../src/main/core/system/redact')
    const session = new fresh.Session({
      fetch: globalThis.fetch,
      store: new MemorySecretStore(),
      baseUrl: sim.baseUrl,
      authUrl: sim.authUrl,
      email: sim.credentials.email,
      userAgent: USER_AGENT,
    })
    await session.setApiToken(sim.credentials.apiToken)
    const password = sim.credentials.password
    await session.signIn(password)
    // Nothing in the process keeps it: the redaction's list of secrets lets it through.
    expect(freshRedact(`typed ${password}`)).toBe(`typed ${password}`)
    const access = await session.accessToken()
    expect(freshRedact(`token ${access}`)).toBe('token [redacted]')
    await session.signOut()
    // Sign-out forgets the account's tokens too.
    expect(freshRedact(`token ${access}`)).toBe(`token ${access}`)
  })

  it('renews an expired token with the refresh token, without the password', async () => {
    let now = Date.UTC(2026, 2, 1)
    const sim = await startSim({ contributions: 30, tokenTtlSeconds: 3_600, clock: () => now })
    const store = new MemorySecretStore()
    const first = await makeSession(sim, { store, now: () => now })
    const token = await first.session.accessToken()
    // The next run: the keychain has the tokens, nobody typed the password.
    const { session } = await makeSession(sim, { store, password: null, now: () => now })
    expect(await session.accessToken()).toBe(token)

    now += 3_600_000
    const second = await session.accessToken()
    expect(second).not.toBe(token)
    expect(sim.stats()).toMatchObject({ tokenGrants: 1, tokenRefreshes: 1 })
    expect(session.grantCount).toBe(1)
    // The renewed token works.
    const client = makeClient(sim, session)
    const page = await client.campaignContributions(sim.campaignIds[0]!, 1)
    expect((page.response[0] as { email?: unknown }).email).toEqual(expect.any(String))
  })

  it("where the server has no refresh grant, renews with the command line's password for the run", async () => {
    let now = Date.UTC(2026, 2, 1)
    const sim = await startSim({
      contributions: 30,
      tokenTtlSeconds: 3_600,
      clock: () => now,
      faults: { refreshGrant: false },
    })
    const { session } = await makeSession(sim, { now: () => now })
    const first = await session.accessToken()
    now += 3_600_000
    expect(await session.accessToken()).not.toBe(first)
    expect(sim.stats()).toMatchObject({ tokenGrants: 2, tokenRefreshes: 0 })
  })

  it('without a refresh grant or a password an expired token is SignInRequired, locally and after a 401', async () => {
    let now = Date.UTC(2026, 2, 1)
    const sim = await startSim({
      contributions: 30,
      tokenTtlSeconds: 3_600,
      clock: () => now,
      faults: { refreshGrant: false },
    })
    const store = new MemorySecretStore()
    const first = await makeSession(sim, { store, now: () => now })
    await first.session.accessToken()

    // A new process: the keychain has the token, nobody typed the password.
    const { session } = await makeSession(sim, { store, password: null, now: () => now })
    const client = makeClient(sim, session)
    sim.expireAllTokens()
    const after401 = await client.campaignContributions(sim.campaignIds[0]!, 1).catch((e) => e)
    expect(after401).toBeInstanceOf(SignInRequired)
    expect((after401 as Error).message).toMatch(/expired.*password/i)

    now += 3_600_000
    await expect(session.accessToken()).rejects.toBeInstanceOf(SignInRequired)
    expect(sim.stats().tokenGrants).toBe(1)
    // The refused refresh token is dropped: the next renewal does not offer it again.
    expect(store.values().map((v) => JSON.parse(v) as Record<string, unknown>)).toEqual([
      expect.not.objectContaining({ refreshToken: expect.anything() }),
    ])
  })

  it('a wrong password is InvalidCredentials and stores nothing new', async () => {
    const sim = await startSim({ contributions: 30 })
    const store = new MemorySecretStore()
    const { session } = await makeSession(sim, { store, password: null })
    const error = await session.signIn('definitely-wrong').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidCredentials)
    expect((error as Error).message).not.toContain('definitely-wrong')
    expect(store.values().map((v) => JSON.parse(v) as unknown)).toEqual([
      { apiToken: sim.credentials.apiToken },
    ])
    expect(sim.stats().tokenGrants).toBe(0)
  })

  it('a token answer that is not JSON (a proxy page) is a bad response, not retried, nothing stored', async () => {
    const sim = await startSim({ contributions: 30 })
    const store = new MemorySecretStore()
    let calls = 0
    const proxyPage: FetchLike = async () => {
      calls++
      return new Response('<html>Sign in to the hotel Wi-Fi</html>', { status: 200 })
    }
    const { session } = await makeSession(sim, { store, password: null, fetch: proxyPage })
    const error = await session.signIn(sim.credentials.password).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'api_bad_response',
      status: 200,
      retryable: false,
      message: 'The sign-in service answered with something that is not JSON.',
    })
    expect(calls).toBe(1)
    expect(store.values().map((v) => JSON.parse(v) as unknown)).toEqual([
      { apiToken: sim.credentials.apiToken },
    ])
  })

  it('sign-out removes the secret', async () => {
    const sim = await startSim({ contributions: 30 })
    const store = new MemorySecretStore()
    const { session } = await makeSession(sim, { store })
    await session.signIn(sim.credentials.password)
    expect(store.values()).toHaveLength(1)
    await session.signOut()
    expect(store.values()).toEqual([])
    expect((await session.status()).signedIn).toBe(false)
    await expect(session.apiToken()).rejects.toBeInstanceOf(SignInRequired)
    // The password went with it: nothing can renew silently.
    await expect(session.accessToken()).rejects.toBeInstanceOf(SignInRequired)
  })

  it('sign-out also forgets the entry as named before tokens were bound to their API host', async () => {
    const sim = await startSim({ contributions: 30 })
    const store = new MemorySecretStore()
    // An upgrade leaves the old entry (auth URL and e-mail only) where it was.
    await store.set(`${sim.authUrl} ${sim.credentials.email}`, '{"apiToken":"old-token"}')
    const { session } = await makeSession(sim, { store })
    await session.signIn(sim.credentials.password)
    expect(store.values()).toHaveLength(2)
    await session.signOut()
    expect(store.values()).toEqual([])
  })
})

// Clean rows, and a listing where a fifth of the rows drift (some broken): the same grants.
describe.each([0, 0.2])('Session: token expiry during a sync at drift %s', (drift) => {
  it('a burst of 401s at concurrency 8 shares exactly one grant (tokenExpiresAfterRequests)', async () => {
    // 10 pages: page 1 and five more on the first token, the rest of the burst gets 401.
    const sim = await startSim({
      contributions: 300,
      drift,
      faults: { tokenExpiresAfterRequests: 6 },
    })
    const { session } = await makeSession(sim)
    const cache = openTestCache(tempDir())
    const campaignId = sim.campaignIds[0]!
    const result = await syncCampaign({
      client: makeClient(sim, session),
      cache,
      campaignId,
      privileged: true,
      concurrency: 8,
    })
    expect(sim.stats().faultsInjected.tokenExpired).toBe(1)
    expect(sim.stats().byStatus[401]).toBeGreaterThanOrEqual(2)
    // The second token came from the refresh grant.
    expect(sim.stats()).toMatchObject({ tokenGrants: 1, tokenRefreshes: 1 })
    expect(session.grantCount).toBe(2)
    expect(result.snapshot.expectedCount).toBe(300)
    expectSnapshotOfListing(cache, sim, campaignId)
  })

  it('expireAllTokens in the middle of a concurrency-8 walk: one extra grant', async () => {
    const sim = await startSim({ contributions: 600, drift, faults: { latencyMs: 30 } })
    const { session } = await makeSession(sim)
    const cache = openTestCache(tempDir())
    const campaignId = sim.campaignIds[0]!
    let expired = 0
    await syncCampaign({
      client: makeClient(sim, session),
      cache,
      campaignId,
      privileged: true,
      concurrency: 8,
      onProgress: (p) => {
        if (p.pagesDone === 3 && expired === 0) expired = sim.expireAllTokens()
      },
    })
    expect(expired).toBe(1)
    // Every request in flight at that moment answered 401.
    expect(sim.stats().byStatus[401]).toBeGreaterThanOrEqual(2)
    // Revoked with every refresh token: the run's password signs in again.
    expect(sim.stats()).toMatchObject({ tokenGrants: 2, tokenRefreshes: 0 })
    expect(session.grantCount).toBe(3)
    expectSnapshotOfListing(cache, sim, campaignId)
  })
})

describe('keychainAccount', () => {
  it('keys entries by target (API and auth host) and e-mail, so no two share tokens', () => {
    const a = { baseUrl: 'https://api.a.test/', authUrl: 'https://auth.a.test' }
    expect(keychainAccount(a, 'Demo@Example.TEST ')).toBe(
      'https://api.a.test https://auth.a.test demo@example.test',
    )
    expect(keychainAccount(a, null)).not.toBe(keychainAccount(a, BACKER_CREDENTIALS.email))
    // Same auth host, another API host: another entry, so the first host's tokens stay there.
    expect(keychainAccount({ ...a, baseUrl: 'https://evil.test' }, 'x@y.z')).not.toBe(
      keychainAccount(a, 'x@y.z'),
    )
    expect(keychainAccount({ ...a, authUrl: 'https://auth.b.test' }, 'x@y.z')).not.toBe(
      keychainAccount(a, 'x@y.z'),
    )
  })
})

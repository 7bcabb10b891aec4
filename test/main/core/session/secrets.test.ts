import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  KEYCHAIN_SERVICE,
  KeychainSecretStore,
  loadKeytar,
} from '../../../../src/main/core/session/secrets'
import type { KeytarLike } from '../../../../src/main/core/session/secrets'
import { keychainAccount } from '../../../../src/main/core/session/profile'
import { Session } from '../../../../src/main/core/session/api-session'
import { USER_AGENT } from '../../../../src/main/core/system/version'
import { cleanup, makeClient, makeSession, startSim } from '../../../helpers/harness'

/**
 * The real keytar against a real Secret Service runs only with PERKPACK_KEYCHAIN_TESTS=1, which
 * scripts/with-keyring.sh sets inside a private D-Bus session with an unlocked gnome-keyring; the
 * fallback to memory and a fake keychain run everywhere.
 */
const enabled = process.env.PERKPACK_KEYCHAIN_TESTS === '1'

describe.runIf(enabled)('the OS keychain (keytar, Secret Service)', () => {
  const accounts: string[] = []

  afterEach(async () => {
    const keytar = await loadKeytar()
    for (const account of accounts.splice(0)) {
      await keytar.deletePassword(KEYCHAIN_SERVICE, account)
    }
    await cleanup()
  })

  it('set, get and delete round trip under the service PerkPack', async () => {
    const keytar = await loadKeytar()
    const account = `perkpack-test-${randomUUID()}`
    accounts.push(account)
    const warnings: string[] = []
    const store = new KeychainSecretStore({ onFallback: (message) => warnings.push(message) })

    expect(await store.get(account)).toBeNull()
    await store.set(account, 'round-trip-secret')
    expect(await store.get(account)).toBe('round-trip-secret')
    // It is really in the keychain, under the right service, not in a memory fallback.
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe('round-trip-secret')
    expect(store.description).toBe('the OS keychain')
    expect(store.description).toBe('the OS keychain')

    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull()
    expect(warnings).toEqual([])
  })

  it('a Session stores its tokens there and a new process reads them back', async () => {
    // The simulator's demo user signs in with a unique e-mail, so the entry is ours alone.
    const email = `keychain-${randomUUID()}@perkpack.test`.toLowerCase()
    const own = await startSim({ contributions: 30, email, password: 'keychain-test-pw' })
    const account = keychainAccount(own, email)
    accounts.push(account)

    const store = new KeychainSecretStore()
    const session = new Session({
      fetch: globalThis.fetch,
      store,
      baseUrl: own.baseUrl,
      authUrl: own.authUrl,
      email,
      userAgent: USER_AGENT,
    })
    await session.setApiToken(own.credentials.apiToken)
    await session.signIn('keychain-test-pw')
    expect(store.description).toBe('the OS keychain')

    const keytar = await loadKeytar()
    const raw = await keytar.getPassword(KEYCHAIN_SERVICE, account)
    expect(raw).not.toBeNull()
    expect(raw).not.toContain('keychain-test-pw')
    const stored = JSON.parse(raw!) as { apiToken: string; accessToken: string }
    expect(stored.apiToken).toBe(own.credentials.apiToken)
    expect(stored.accessToken).toMatch(/^sim_at_/)

    // Another process: no password, tokens from the keychain, and they work.
    const fresh = new KeychainSecretStore()
    const later = new Session({
      fetch: globalThis.fetch,
      store: fresh,
      baseUrl: own.baseUrl,
      authUrl: own.authUrl,
      email,
      userAgent: USER_AGENT,
    })
    expect(await later.accessToken()).toBe(stored.accessToken)
    const page = await makeClient(own, later).campaignContributions(own.campaignIds[0]!, 1)
    expect((page.response[0] as { email?: unknown }).email).toEqual(expect.any(String))
    expect(fresh.description).toBe('the OS keychain')
    expect(own.stats().tokenGrants).toBe(1)

    await later.signOut()
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull()
  })
})

describe('KeychainSecretStore', () => {
  afterEach(cleanup)

  function brokenKeytar(calls: string[]): KeytarLike {
    const fail = (what: string) => {
      calls.push(what)
      return Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY\nmore detail'))
    }
    return {
      getPassword: () => fail('get'),
      setPassword: () => fail('set'),
      deletePassword: () => fail('delete'),
    }
  }

  function workingKeytar() {
    const entries = new Map<string, string>()
    const calls: Array<{ op: string; service: string; account: string }> = []
    const keytar: KeytarLike = {
      async getPassword(service, account) {
        calls.push({ op: 'get', service, account })
        return entries.get(`${service}\u0000${account}`) ?? null
      },
      async setPassword(service, account, password) {
        calls.push({ op: 'set', service, account })
        entries.set(`${service}\u0000${account}`, password)
      },
      async deletePassword(service, account) {
        calls.push({ op: 'delete', service, account })
        return entries.delete(`${service}\u0000${account}`)
      },
    }
    return { keytar, entries, calls }
  }

  it('falls back to memory when the keychain throws, warns exactly once and still works', async () => {
    const warnings: string[] = []
    const calls: string[] = []
    const store = new KeychainSecretStore({
      load: async () => brokenKeytar(calls),
      onFallback: (message) => warnings.push(message),
    })
    expect(store.description).toBe('the OS keychain')
    expect(await store.get('someone')).toBeNull()
    await store.set('someone', 'secret-value')
    expect(await store.get('someone')).toBe('secret-value')
    expect(await store.delete('someone')).toBe(true)
    expect(await store.get('someone')).toBeNull()

    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/keychain is not available \(Cannot autolaunch D-Bus/)
    expect(warnings[0]).not.toContain('more detail')
    expect(warnings[0]).toMatch(/memory/)
    // The keychain is not asked again once it has failed.
    expect(calls).toEqual(['get'])
    expect(store.description).toMatch(/^memory/)
  })

  it('falls back when keytar cannot even be loaded, and a Session still signs in', async () => {
    const sim = await startSim({ contributions: 30 })
    const warnings: string[] = []
    const store = new KeychainSecretStore({
      load: () => Promise.reject(new Error('Cannot find module keytar')),
      onFallback: (message) => warnings.push(message),
    })
    const { session } = await makeSession(sim, { store })
    const status = await session.signIn(sim.credentials.password)
    expect(status.signedIn).toBe(true)
    expect(await session.accessToken()).toMatch(/^sim_at_/)
    expect(warnings).toHaveLength(1)
    expect(store.description).toMatch(/^memory/)
  })

  it('keeps values in a working keychain under the service PerkPack', async () => {
    const sim = await startSim({ contributions: 30 })
    const fake = workingKeytar()
    const warnings: string[] = []
    const store = new KeychainSecretStore({
      load: async () => fake.keytar,
      onFallback: (message) => warnings.push(message),
    })
    const { session } = await makeSession(sim, { store })
    await session.signIn(sim.credentials.password)

    const account = keychainAccount(sim, sim.credentials.email)
    expect(new Set(fake.calls.map((c) => c.service))).toEqual(new Set(['PerkPack']))
    expect(new Set(fake.calls.map((c) => c.account))).toEqual(new Set([account]))
    const raw = fake.entries.get(`PerkPack\u0000${account}`)
    expect(JSON.parse(raw!)).toMatchObject({ apiToken: sim.credentials.apiToken })
    expect(raw).not.toContain(sim.credentials.password)
    expect(warnings).toEqual([])
    expect(store.description).toBe('the OS keychain')

    // A second process reads the tokens back from the keychain and needs no grant.
    const again = new Session({
      fetch: globalThis.fetch,
      store: new KeychainSecretStore({ load: async () => fake.keytar }),
      baseUrl: sim.baseUrl,
      authUrl: sim.authUrl,
      email: sim.credentials.email,
      userAgent: USER_AGENT,
    })
    expect(await again.accessToken()).toBe(await session.accessToken())
    expect(sim.stats().tokenGrants).toBe(1)

    await session.signOut()
    expect(fake.entries.size).toBe(0)
  })
})

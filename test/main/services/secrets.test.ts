/**
 * The real keytar against a real Secret Service. Runs only with PERKPACK_KEYCHAIN_TESTS=1, which
 * scripts/with-keyring.sh sets inside a private D-Bus session with an unlocked gnome-keyring.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  KEYCHAIN_SERVICE,
  KeychainSecretStore,
  loadKeytar,
} from '../../../src/main/services/secrets'
import { keychainAccount, Session } from '../../../src/main/services/session'
import { USER_AGENT } from '../../../src/main/services/version'
import { cleanup, makeClient, startSim } from '../../helpers/harness'

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
    const account = keychainAccount(own.authUrl, email)
    accounts.push(account)

    const store = new KeychainSecretStore()
    const session = new Session({
      fetch: globalThis.fetch,
      store,
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

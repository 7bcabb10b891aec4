import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { cacheKeyAccount } from '../../../src/main/core/cache'
import { cacheProfile } from '../../../src/main/core/session/profile'
import { KEYCHAIN_SERVICE, KeychainSecretStore } from '../../../src/main/core/session/secrets'
import type { Simulator } from '../../../src/simulator'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import { simEnv } from '../../helpers/cli'
import { perkpackHere } from '../../helpers/cli-in-process'

// docs/security.md, sign-out: on a real keyring (scripts/with-keyring.sh), nothing of the
// account is left in the OS keychain afterwards: no token entry, no offline copy's key, and no
// other entry holding one of its secrets. Runs only with PERKPACK_KEYCHAIN_TESTS=1.

vi.setConfig({ testTimeout: 60_000 })
const enabled = process.env.PERKPACK_KEYCHAIN_TESTS === '1'

afterAll(cleanupApps)

interface Credential {
  account: string
  password: string
}

async function keyring(): Promise<Credential[]> {
  const mod = (await import('keytar')) as unknown as {
    default?: { findCredentials(service: string): Promise<Credential[]> }
    findCredentials(service: string): Promise<Credential[]>
  }
  return (mod.default ?? mod).findCredentials(KEYCHAIN_SERVICE)
}

/** Every PerkPack entry of the keyring that is about `sim` or holds one of its secrets. */
async function entriesOf(sim: Simulator, secrets: readonly string[]): Promise<string[]> {
  const host = new URL(sim.baseUrl).host
  const profileKey = cacheKeyAccount(cacheProfile(sim.baseUrl))
  return (await keyring())
    .filter(
      ({ account, password }) =>
        account.includes(host) ||
        account === profileKey ||
        secrets.some((secret) => password.includes(secret)),
    )
    .map(({ account }) => account)
}

/** A simulator whose demo user is this test's alone (the keyring is shared by the run). */
const ownSim = () => {
  const email = `sign-out-${randomUUID()}@perkpack.test`
  return startSim({ contributions: 12, email, password: 'sign-out-test-pw' })
}

describe.runIf(enabled)('sign-out on a real keyring', () => {
  it('the app: the tokens and the offline copy key are gone, and no entry holds a token', async () => {
    const sim = await ownSim()
    const app = await makeApp({
      sim,
      dataDir: tempDir(),
      services: { secretStore: (onFallback) => new KeychainSecretStore({ onFallback }) },
    })
    await signIn(app, sim)
    await app.value('sync:run', { campaignId: sim.campaignIds[0] as number })
    const secrets = [sim.credentials.apiToken, sim.credentials.password]
    const before = await entriesOf(sim, secrets)
    expect(before).toContain(cacheKeyAccount(cacheProfile(sim.baseUrl)))
    expect(before.length).toBeGreaterThanOrEqual(2)

    await app.value('session:signOut')
    expect(await entriesOf(sim, secrets)).toEqual([])
    expect(JSON.stringify(await keyring())).not.toMatch(/sim_(?:at|rt)_/)
  })

  it('perkpack logout: the same', async () => {
    const sim = await ownSim()
    // The keychain, not the tests' memory store and fixed key (perkpackHere's defaults).
    const env = {
      ...simEnv(sim, tempDir()),
      PERKPACK_SECRET_STORE: undefined,
      PERKPACK_CACHE_KEY: undefined,
    }
    const synced = await perkpackHere(['sync', String(sim.campaignIds[0])], env)
    expect(synced.code, synced.stderr).toBe(0)
    const secrets = [sim.credentials.apiToken, sim.credentials.password]
    expect(await entriesOf(sim, secrets)).toContain(cacheKeyAccount(cacheProfile(sim.baseUrl)))

    const logout = await perkpackHere(['logout'], env)
    expect(logout.code, logout.stderr).toBe(0)
    expect(await entriesOf(sim, secrets)).toEqual([])
  })
})

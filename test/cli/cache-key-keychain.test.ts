import { afterAll, describe, expect, it, vi } from 'vitest'
import { cacheKeyAccount } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import { KeychainSecretStore } from '../../src/main/core/session/secrets'
import { makeApp, cleanupApps } from '../helpers/app'
import { perkpack, simEnv } from '../helpers/cli'
import { cleanup, startSim, tempDir } from '../helpers/harness'

// Issue 11 M2: the CLI and the app share the offline copy, so its key lives in the OS keychain
// where both read it. Runs with the real keychain only (scripts/with-keyring.sh).

vi.setConfig({ testTimeout: 60_000 })
const enabled = process.env.PERKPACK_KEYCHAIN_TESTS === '1'
const keychain = new KeychainSecretStore()
const accounts: string[] = []

afterAll(async () => {
  for (const account of accounts) await keychain.delete(account)
  await cleanupApps()
  await cleanup()
})

describe.runIf(enabled)('the offline copy key in the OS keychain', () => {
  it('perkpack sync makes the key there; the app reads the same copy with it', async () => {
    const sim = await startSim({ contributions: 15 })
    const dataDir = tempDir()
    const account = cacheKeyAccount(cacheProfile(sim.baseUrl))
    accounts.push(account)
    const env = simEnv(sim, dataDir, {
      PERKPACK_SECRET_STORE: undefined,
      PERKPACK_CACHE_KEY: undefined,
    })
    const campaignId = sim.campaignIds[0] as number
    const synced = await perkpack(['sync', String(campaignId)], env)
    expect(synced.code, synced.stderr).toBe(0)
    expect(await keychain.get(account)).toMatch(/^[0-9a-f]{64}$/)

    const app = await makeApp({
      sim,
      dataDir,
      services: { secretStore: (onFallback) => new KeychainSecretStore({ onFallback }) },
    })
    const result = await app.value('orders:query', { campaignId, filter: {} })
    expect(result.count).toBeGreaterThan(0)
  })
})

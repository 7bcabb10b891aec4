import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

// The command line reads settings.json and signs in through the same module as the app
// (src/main/core/session/profile.ts, Session.signInWith): these used to differ.

vi.setConfig({ testTimeout: 60_000 })
afterAll(cleanup)

describe('perkpack: the profile the app uses', () => {
  it('a refused sign-in at `perkpack login` keeps the sign-in that worked (the real keychain)', async () => {
    const email = `profile-${randomUUID()}@perkpack.test`.toLowerCase()
    const sim = await startSim({ contributions: 20, email, password: 'profile-test-pw' })
    // perkpackHere cleans the environment and picks the memory store unless told otherwise.
    const env = {
      PERKPACK_SECRET_STORE: undefined,
      PERKPACK_DATA_DIR: tempDir(),
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_EMAIL: email,
    }
    const login = (apiToken: string, password: string) =>
      perkpackHere(['login'], { ...env, PERKPACK_API_TOKEN: apiToken, PERKPACK_PASSWORD: password })
    try {
      expect((await login(sim.credentials.apiToken, 'profile-test-pw')).code).toBe(0)
      const refused = await login('a-mistyped-token', 'a-mistyped-password')
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(/not accepted/)
      // Stored tokens only: no token or password in the environment of this run.
      const sync = await perkpackHere(['sync', String(sim.campaignIds[0])], env)
      expect(sync.code, sync.stderr).toBe(0)
      expect(sync.stdout).toMatch(/20 (orders|contributions)/)
    } finally {
      await perkpackHere(['logout'], env)
    }
  })

  it('a hand-edited concurrency costs only that field: sync runs with the default, as the app would', async () => {
    const sim = await startSim({ contributions: 20 })
    const dataDir = tempDir()
    fs.writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ concurrency: 99, theme: 'dark' }),
    )
    const result = await perkpackHere(['sync', String(sim.campaignIds[0])], {
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_API_TOKEN: sim.credentials.apiToken,
    })
    expect(result.code, result.stderr).toBe(0)
  })
})

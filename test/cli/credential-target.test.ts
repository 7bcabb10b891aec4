import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { cleanEnv, perkpack, STACK_LINE } from '../helpers/cli'
import type { CliEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'
import { startTokenSpy } from '../helpers/token-spy'
import type { TokenSpy } from '../helpers/token-spy'

// Issue 11 H1 from the command line: `perkpack login` against one host, then `--base-url` another
// host used to send both stored tokens there. The OS keychain is the real one (gnome-keyring in
// the private D-Bus session of scripts/with-keyring.sh), as a user's would be.

// Each run starts Node and compiles the sources: on a busy machine that alone can take seconds.
// So only the run under test is a child process; the sign-in and the sync before it, and the
// sign-out after, run the same `run` in this process (with the same real keychain), as they
// only set the scene. The --base-url refusals stay whole `perkpack` runs: exit code and stderr
// as a user sees them.
vi.setConfig({ testTimeout: 60_000 })

let spy: TokenSpy | undefined
afterAll(async () => {
  await spy?.close()
  await cleanup()
})

describe('perkpack: stored sign-in only for its own host', () => {
  it('refuses to use the stored tokens for another --base-url, naming the fix; the other host sees no token', async () => {
    const email = `target-${randomUUID()}@perkpack.test`.toLowerCase()
    const sim = await startSim({ contributions: 20, email, password: 'target-test-pw' })
    spy = await startTokenSpy()
    const dataDir = tempDir()
    // The real keychain: no PERKPACK_SECRET_STORE=memory.
    const settings: CliEnv = {
      PERKPACK_SECRET_STORE: undefined,
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
    }
    const env = cleanEnv(settings)
    const login = await perkpackHere(['login'], {
      ...settings,
      PERKPACK_API_TOKEN: sim.credentials.apiToken,
      PERKPACK_EMAIL: email,
      PERKPACK_PASSWORD: 'target-test-pw',
    })
    expect(login.code, login.stderr).toBe(0)
    const campaign = String(sim.campaignIds[0])
    const home = await perkpackHere(['sync', campaign], settings)
    expect(home.code, home.stderr).toBe(0)

    const away = await perkpack(['--base-url', spy.baseUrl, 'sync', campaign], env)
    expect(away.code).toBe(2)
    expect(away.stderr).toBe(
      `perkpack: The stored sign-in is for ${sim.baseUrl}, not ${spy.baseUrl}: its tokens are only sent there. Run \`perkpack login\` for this host, or pass the credentials in the environment (PERKPACK_API_TOKEN, PERKPACK_EMAIL, PERKPACK_PASSWORD).\n`,
    )
    expect(away.stderr).not.toMatch(STACK_LINE)
    expect(spy.leaks([sim.credentials.apiToken, 'target-test-pw'])).toEqual([])

    const logout = await perkpackHere(['logout'], settings)
    expect(logout.code, logout.stderr).toBe(0)
  })

  it('refuses http:// for a host other than this machine, before any request', async () => {
    const result = await perkpack(
      ['--base-url', 'http://api.example.com', 'sync', '1'],
      cleanEnv({ PERKPACK_DATA_DIR: tempDir(), PERKPACK_API_TOKEN: 'x' }),
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--base-url must use https:\/\/ for api\.example\.com/)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src/simulator'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

let sim: Simulator
let env: Record<string, string>

beforeAll(async () => {
  sim = await startSim({ contributions: 5 })
  env = {
    PERKPACK_DATA_DIR: tempDir('perkpack-login-stdin-'),
    PERKPACK_BASE_URL: sim.baseUrl,
    PERKPACK_AUTH_URL: sim.authUrl,
    PERKPACK_SECRET_STORE: 'memory',
    PERKPACK_API_TOKEN: sim.credentials.apiToken,
    PERKPACK_EMAIL: sim.credentials.email,
  }
})
afterAll(cleanup)

describe('perkpack login --password-stdin', () => {
  it('signs in with the first line piped in, and prints no secret', async () => {
    const result = await perkpackHere(
      ['login', '--password-stdin'],
      env,
      `${sim.credentials.password}\nnot the password\n`,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`^Signed in as ${sim.credentials.email} at `))
    expect(sim.stats().tokenGrants).toBe(1)
    expect(result.stdout + result.stderr).not.toContain(sim.credentials.password)
  })

  it('refuses an empty input, saying how to pipe the password', async () => {
    const result = await perkpackHere(['login', '--password-stdin'], env, '')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/No password on standard input\. Pipe it in/)
  })

  it('a wrong password piped in is refused like a typed one', async () => {
    const result = await perkpackHere(['login', '--password-stdin'], env, 'wrong-password\r\n')
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'perkpack: The e-mail or password was not accepted. Check both and try again.\n',
    )
    expect(result.stderr).not.toContain('wrong-password')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src/simulator'
import { simEnv, STACK_LINE } from '../helpers/cli'
import type { CliEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, freePort, startSim, tempDir } from '../helpers/harness'

// What `perkpack` answers when the API refuses or cannot be reached: the exit code the README
// gives (2: credentials or input to fix, 1: a failure to try again later) and a next step.

let sim: Simulator
let campaignId: string
afterAll(cleanup)

beforeAll(async () => {
  sim = await startSim({ contributions: 30 })
  campaignId = String(sim.campaignIds[0])
})

const run = (args: string[], extra: CliEnv = {}, dataDir = tempDir()) =>
  perkpackHere(args, simEnv(sim, dataDir, extra))

function expectAnswer(result: { code: number; stderr: string }, code: number, message: RegExp) {
  expect(result.code, result.stderr).toBe(code)
  expect(result.stderr).toMatch(message)
  expect(result.stderr).not.toMatch(STACK_LINE)
  expect(result.stderr).not.toContain(sim.credentials.apiToken)
  expect(result.stderr).not.toContain(sim.credentials.password)
}

describe('perkpack: credentials and IDs the API refuses exit 2', { timeout: 60_000 }, () => {
  it('a rejected API token exits 2, as a wrong password does', async () => {
    const token = await run(['sync', campaignId], { PERKPACK_API_TOKEN: 'not-the-token' })
    expectAnswer(token, 2, /The API token was rejected/)
    expect(token.stderr).not.toContain('not-the-token')
    const password = await run(['sync', campaignId], { PERKPACK_PASSWORD: 'not-the-password' })
    expectAnswer(password, 2, /e-mail or password was not accepted/)
  })

  it("a campaign whose team the account is not on exits 2 (403: the fix is the owner's)", async () => {
    const foreign = sim.campaignIds[3] as number
    const job = sim.dataset.jobs.find((j) => j.campaignId === foreign)!
    const result = await run(['job', String(foreign), job.jobId])
    expectAnswer(
      result,
      2,
      /^perkpack: Your account is not on the team of job .*Ask the campaign owner to add you/m,
    )
  })

  it('a job ID that is not digits exits 2 before any request, naming the usage', async () => {
    const before = sim.stats().requests
    const result = await run(['job', campaignId, 'job-5001'])
    expectAnswer(
      result,
      2,
      /^perkpack: Job ID "job-5001" is not a number: a batch job’s ID is digits only, such as 5001\. Copy the ID alone\. Usage: perkpack job <campaign-id> <job-id>$/m,
    )
    expect(sim.stats().requests).toBe(before)
  })

  it('a campaign the API does not know exits 2 and says to check the ID', async () => {
    const result = await run(['sync', '999999'])
    expectAnswer(result, 2, /^perkpack: There is no campaign 999999\b.*Check the ID\.$/m)
  })
})

describe('perkpack: failures to try again say how', { timeout: 60_000 }, () => {
  it.each([
    [
      'sync, the API',
      'sync',
      'PERKPACK_BASE_URL',
      'API address (API base URL in Settings, or --base-url',
    ],
    [
      'login, the sign-in service',
      'login',
      'PERKPACK_AUTH_URL',
      'sign-in address (Auth URL in Settings, or --auth-url',
    ],
  ])(
    '%s unreachable: the host and which address to check, at exit 1',
    async (_, command, down, step) => {
      const port = await freePort()
      const result = await run(command === 'sync' ? ['sync', campaignId] : ['login'], {
        [down]: `http://127.0.0.1:${port}`,
      })
      const escaped = step.replace(/[()]/g, '\\$&')
      expectAnswer(
        result,
        1,
        new RegExp(
          `^perkpack: Could not reach 127\\.0\\.0\\.1:${port} \\(connection refused\\) for .+?\\.( Gave up after \\d attempts\\.)? Check the network or the ${escaped} for perkpack\\), then try again\\.$`,
          'm',
        ),
      )
    },
  )

  it('rate limiting to the last attempt says to wait, and that the offline copy is unchanged', async () => {
    const dataDir = tempDir()
    expect((await run(['sync', campaignId], {}, dataDir)).code).toBe(0)
    sim.setFaults({ rateLimitRate: 1, retryAfterSeconds: 0 })
    try {
      const result = await run(['sync', campaignId], {}, dataDir)
      expectAnswer(
        result,
        1,
        /^perkpack: The API is rate limiting requests \(GET \/2\/.+\)\. Gave up after 6 attempts\. The offline copy of campaign \d+ is unchanged \(last synced .+\)\. Wait a minute, then try again\.$/m,
      )
    } finally {
      sim.setFaults({ rateLimitRate: 0 })
    }
    const orders = await run(['orders', campaignId, '--json'], {}, dataDir)
    expect(JSON.parse(orders.stdout)).toHaveLength(30)
  })
})

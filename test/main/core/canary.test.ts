/**
 * Canary: unusual, unique secret values are planted (API token, password) or observed (every
 * access token the token endpoint hands out, to this process and to a CLI child), then every
 * output, log line, error and file in the data directory is searched for them.
 */
import fs from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { describeError } from '../../../src/main/core/system/redact'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import { Session } from '../../../src/main/core/session/api-session'
import { syncCampaign } from '../../../src/main/core/sync/sync-engine'
import { USER_AGENT } from '../../../src/main/core/system/version'
import { tokenResponseSchema } from '../../../src/shared/api/schemas'
import { perkpack, simEnv } from '../../helpers/cli'
import {
  cleanup,
  freePort,
  makeClient,
  openTestCache,
  startSim,
  tempDir,
} from '../../helpers/harness'

const API_TOKEN = 'cnryApiTok-7Qx9Zt3LwP2vK8'
const EMAIL = 'canary.k4w2@perkpack.test'
const PASSWORD = 'cnryPassWd-Hq8Rk2Vn5YmJ3'

/** Everything any part of the test saw: outputs, log lines, error messages and causes. */
const captured: Array<{ where: string; text: string }> = []
const accessTokens = new Set<string>()
const servers: Server[] = []

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  await cleanup()
})

function capture(where: string, value: unknown) {
  captured.push({ where, text: typeof value === 'string' ? value : String(value) })
  if (value instanceof Error) {
    captured.push({ where: `${where} (message)`, text: value.message })
    captured.push({ where: `${where} (describeError)`, text: describeError(value) })
    captured.push({ where: `${where} (describeError+stack)`, text: describeError(value, true) })
    captured.push({ where: `${where} (JSON)`, text: JSON.stringify(value) })
  }
}

async function failure(where: string, promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error(`${where}: expected a failure`)
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  capture(where, error)
  return error as Error
}

/** The token endpoint of `target`, with every access token it grants written down. */
async function tokenSpy(target: string): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void fetch(`${target}${req.url ?? '/'}`, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      }).then(async (answer) => {
        const text = await answer.text()
        const parsed = tokenResponseSchema.safeParse(JSON.parse(text) as unknown)
        if (parsed.success) accessTokens.add(parsed.data.access_token)
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.end(text)
      })
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

describe('canary: secrets never leak', () => {
  it('not into outputs, logs, errors or the data directory', async () => {
    const sim = await startSim({
      contributions: 240,
      apiToken: API_TOKEN,
      email: EMAIL,
      password: PASSWORD,
      faults: { errorRate: 0.2, resetRate: 0.05, truncateRate: 0.05, rateLimitRate: 0.05, seed: 3 },
    })
    sim.setFaults({ retryAfterSeconds: 0 })
    const authUrl = await tokenSpy(sim.authUrl)
    const dataDir = tempDir('perkpack-canary-')
    const campaignId = sim.campaignIds[0]!
    const store = new MemorySecretStore()
    const sessionFor = (password?: string) =>
      new Session({
        fetch: globalThis.fetch,
        store,
        baseUrl: sim.baseUrl,
        authUrl,
        email: EMAIL,
        userAgent: USER_AGENT,
        ...(password ? { password } : {}),
      })
    const log = (info: object) => capture('onRetry', JSON.stringify(info))

    // 1. A sync through faults, every retry logged.
    const session = sessionFor(PASSWORD)
    await session.setApiToken(API_TOKEN)
    const cache = openTestCache(dataDir)
    const client = makeClient(sim, session, { onRetry: log, retry: { attempts: 12 } })
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency: 6,
      onProgress: (p) => capture('progress', JSON.stringify(p)),
    })
    capture('sync result', JSON.stringify(result))
    expect(result.snapshot.count).toBe(240)
    expect(captured.filter((c) => c.where === 'onRetry').length).toBeGreaterThan(5)

    // 2. Failing requests: a 404, retries used up, a server that is not there.
    await failure('404', client.campaignContributions(987654, 1))
    sim.failNext(2, '503')
    await failure(
      'exhausted',
      makeClient(sim, session, { retry: { attempts: 2 }, onRetry: log }).signups(campaignId, 1),
    )
    const deadPort = await freePort()
    // Tokens only go to the host they are stored for: a session of the dead host's own.
    const deadBase = `http://127.0.0.1:${deadPort}`
    const deadSession = new Session({
      fetch: globalThis.fetch,
      store,
      baseUrl: deadBase,
      authUrl,
      email: null,
      userAgent: USER_AGENT,
    })
    await deadSession.setApiToken(API_TOKEN)
    const dead = new ApiClient({
      baseUrl: deadBase,
      session: deadSession,
      fetch: globalThis.fetch,
      userAgent: USER_AGENT,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
      onRetry: log,
    })
    const unreachable = await failure('unreachable', dead.campaignContributions(campaignId, 1))
    expect(unreachable).toMatchObject({ code: 'api_network' })

    // 3. SignInRequired: the token revoked, and this process has no password.
    sim.expireAllTokens()
    const noPassword = sessionFor()
    await failure(
      'sign-in required',
      makeClient(sim, noPassword, { onRetry: log }).campaignContributions(campaignId, 1),
    )
    // And a wrong password.
    await failure('wrong password', sessionFor().signIn(`${PASSWORD}-wrong`))

    // 4. The CLI with --debug: one run that syncs through faults, one that fails.
    const env = simEnv(sim, dataDir, {
      PERKPACK_AUTH_URL: authUrl,
      PERKPACK_EMAIL: EMAIL,
      PERKPACK_PASSWORD: PASSWORD,
      PERKPACK_API_TOKEN: API_TOKEN,
    })
    sim.setFaults({ errorRate: 0.2, resetRate: 0, truncateRate: 0, rateLimitRate: 0 })
    const synced = await perkpack(['--debug', 'sync', String(campaignId)], env)
    capture('cli sync stdout', synced.stdout)
    capture('cli sync stderr', synced.stderr)
    expect(synced.code).toBe(0)
    sim.setFaults({ errorRate: 0 })
    sim.failNext(2, '502')
    const failed = await perkpack(['--debug', 'sync', '987654'], env)
    capture('cli failure stdout', failed.stdout)
    capture('cli failure stderr', failed.stderr)
    // A campaign the API does not know is bad input (README: exit 2).
    expect(failed.code).toBe(2)
    expect(failed.stderr).toMatch(/retry 1 of GET \/2\/campaigns\/987654/)
    expect(failed.stderr).toMatch(/^ApiError: There is no campaign 987654/m)
    const orders = await perkpack(['orders', String(campaignId), '--json'], env)
    capture('cli orders stdout', orders.stdout)
    expect(JSON.parse(orders.stdout)).toHaveLength(240)

    // Every secret was really in play: the tokens went over the wire and the grants happened.
    expect(accessTokens.size).toBeGreaterThanOrEqual(3)
    const secrets = [API_TOKEN, PASSWORD, ...accessTokens]

    expect(captured.length).toBeGreaterThan(20)
    for (const { where, text } of captured) {
      for (const secret of secrets) {
        expect(text.includes(secret), `a secret in ${where}: ${text.slice(0, 200)}`).toBe(false)
        expect(text.includes(encodeURIComponent(secret))).toBe(false)
      }
    }

    // Every file, the SQLite database and its WAL included: while the cache is open, and after.
    const searchFiles = () => {
      const files = filesUnder(dataDir)
      for (const file of files) {
        const bytes = fs.readFileSync(file)
        for (const secret of secrets) {
          expect(bytes.includes(secret), `a secret in ${file}`).toBe(false)
        }
      }
      return files.map((file) => path.basename(file))
    }
    const whileOpen = searchFiles()
    expect(whileOpen.filter((name) => name.endsWith('.sqlite'))).toHaveLength(2)
    expect(whileOpen.some((name) => name.endsWith('.sqlite-wal'))).toBe(true)
    cache.close()
    searchFiles()
  }, 90_000)
})

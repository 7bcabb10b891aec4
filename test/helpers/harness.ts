/**
 * Shared plumbing for the main-process and CLI tests: simulators, temp dirs and caches that are
 * always cleaned up, sessions and clients wired to a simulator, and recording fetch / sleep
 * doubles that wrap the real thing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { ApiClient } from '../../src/main/core/api/api-client'
import type { ApiClientOptions } from '../../src/main/core/api/api-client'
import { openCache } from '../../src/main/core/cache'
import type { OfflineCache } from '../../src/main/core/cache'
import { sleep as realSleep } from '../../src/main/core/api/http'
import type { FetchLike, RetryPolicy, Sleep } from '../../src/main/core/api/http'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import type { SecretStore } from '../../src/main/core/session/secrets'
import { Session } from '../../src/main/core/session/api-session'
import type { SessionOptions } from '../../src/main/core/session/api-session'
import { USER_AGENT } from '../../src/main/core/system/version'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { startSimulator } from '../../src/simulator'
import type { Simulator, SimulatorOptions } from '../../src/simulator'

/** Retries in milliseconds rather than seconds: the behaviour is the same, the suite is faster. */
export const FAST_RETRY: Partial<RetryPolicy> = {
  attempts: 6,
  baseDelayMs: 5,
  maxDelayMs: 40,
  maxRetryAfterMs: 50,
  attemptTimeoutMs: 10_000,
}

const simulators: Simulator[] = []
const caches: OfflineCache[] = []
const dirs: string[] = []

export async function startSim(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ contributions: 120, ...options })
  simulators.push(sim)
  return sim
}

export function tempDir(prefix = 'perkpack-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

/** `key`: a cache the CLI (PERKPACK_CACHE_KEY) or the app has encrypted. */
export function openTestCache(dataDir: string, profile = 'test', key?: string): OfflineCache {
  const cache = openCache({ dataDir, profile, ...(key === undefined ? {} : { key }) })
  caches.push(cache)
  return cache
}

/** Call from afterEach / afterAll: closes every cache and simulator, removes every temp dir. */
export async function cleanup(): Promise<void> {
  for (const cache of caches.splice(0)) cache.close()
  await Promise.all(simulators.splice(0).map((sim) => sim.close()))
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}

export interface RecordedRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: string | null
}

/** The real fetch, with every request recorded (URL, method, lower-cased headers, body). */
export function recordingFetch(inner: FetchLike = globalThis.fetch): {
  fetch: FetchLike
  requests: RecordedRequest[]
} {
  const requests: RecordedRequest[] = []
  const fetch: FetchLike = async (input, init) => {
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value))
    requests.push({
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : null,
    })
    return inner(input, init)
  }
  return { fetch, requests }
}

/** A sleep that records what was asked and pauses only `realMs` (0: not at all). */
export function recordingSleep(realMs = 0): { sleep: Sleep; delays: number[] } {
  const delays: number[] = []
  const sleep: Sleep = (ms, signal) => {
    delays.push(ms)
    return realSleep(Math.min(ms, realMs), signal)
  }
  return { sleep, delays }
}

export interface SessionSetup {
  /** null: API token only. Default: the simulator's demo team member. */
  email?: string | null
  /** Default: the demo password when `email` is the demo e-mail; `null` for none. */
  password?: string | null
  store?: SecretStore
  fetch?: FetchLike
  now?: () => number
  apiToken?: string
}

/** A Session holding the simulator's API token (and, privileged, able to sign in). */
export async function makeSession(
  sim: Simulator,
  setup: SessionSetup = {},
): Promise<{ session: Session; store: SecretStore }> {
  const email = setup.email === undefined ? sim.credentials.email : setup.email
  const password =
    setup.password === null
      ? undefined
      : (setup.password ?? (email === sim.credentials.email ? sim.credentials.password : undefined))
  const store = setup.store ?? new MemorySecretStore()
  const options: SessionOptions = {
    fetch: setup.fetch ?? globalThis.fetch,
    store,
    baseUrl: sim.baseUrl,
    authUrl: sim.authUrl,
    email,
    userAgent: USER_AGENT,
    ...(password !== undefined ? { password } : {}),
    ...(setup.now ? { now: setup.now } : {}),
  }
  const session = new Session(options)
  await session.setApiToken(setup.apiToken ?? sim.credentials.apiToken)
  return { session, store }
}

export function makeClient(
  sim: Simulator,
  session: Session,
  options: Partial<Omit<ApiClientOptions, 'baseUrl' | 'session'>> = {},
): ApiClient {
  return new ApiClient({
    baseUrl: sim.baseUrl,
    session,
    fetch: globalThis.fetch,
    userAgent: USER_AGENT,
    ...options,
    retry: { ...FAST_RETRY, ...options.retry },
  })
}

/** What the API serves for a campaign: privileged rows whole, others without e-mail and shipping. */
export function servedRows(
  sim: Simulator,
  campaignId: number,
  privileged: boolean,
): CampaignContribution[] {
  const rows = sim.dataset.contributions.get(campaignId) ?? []
  const copy = JSON.parse(JSON.stringify(rows)) as CampaignContribution[]
  if (!privileged) {
    for (const row of copy) {
      delete row.email
      delete row.order.shipping
    }
  }
  return copy
}

/** Rows of the staging area (problem rows included), read through a connection of our own. */
export function stagingCounts(file: string): { syncs: number; rows: number } {
  const db = new Database(file, { readonly: true })
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()
  try {
    return {
      syncs: count('staging_syncs') as number,
      rows: (count('staging_contributions') as number) + (count('staging_problem_rows') as number),
    }
  } finally {
    db.close()
  }
}

/** A port nothing listens on: bound, read and released. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

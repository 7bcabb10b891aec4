import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { campaignContributionsPageSchema, tokenResponseSchema } from '../../src/shared/api'
import { PAGE_SIZE } from '../../src/shared/config'
import {
  createPrng,
  DEFAULT_FAULTS,
  FaultConfigError,
  FaultInjector,
  mergeFaults,
} from '../../src/simulator/faults'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'

describe('fault PRNG and decisions', () => {
  it('the PRNG is reproducible from its seed and stays in [0, 1)', () => {
    const a = createPrng(42)
    const b = createPrng(42)
    const c = createPrng(43)
    const seqA = Array.from({ length: 1000 }, a)
    expect(Array.from({ length: 1000 }, b)).toEqual(seqA)
    expect(Array.from({ length: 1000 }, c)).not.toEqual(seqA)
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true)
  })

  it('shares land close to the configured rates, in exclusive bands', () => {
    const injector = new FaultInjector({ errorRate: 0.1, rateLimitRate: 0.2, truncateRate: 0.05 })
    const counts = new Map<string, number>()
    const n = 20_000
    for (let i = 0; i < n; i++) {
      const { kind } = injector.decide()
      counts.set(kind, (counts.get(kind) ?? 0) + 1)
    }
    const share = (...kinds: string[]) => kinds.reduce((s, k) => s + (counts.get(k) ?? 0), 0) / n
    expect(share('500', '502', '503')).toBeCloseTo(0.1, 1)
    expect(share('429')).toBeCloseTo(0.2, 1)
    expect(share('truncate')).toBeCloseTo(0.05, 1)
    expect(share('reset')).toBe(0)
    // 500, 502 and 503 rotate, so each is a third of the errors.
    expect(Math.abs((counts.get('500') ?? 0) - (counts.get('503') ?? 0))).toBeLessThanOrEqual(1)
  })

  it('one-shots come first, in order', () => {
    const injector = new FaultInjector({})
    injector.failNext(2, '503')
    injector.failNext(1, 'reset')
    const kinds = Array.from({ length: 4 }, () => injector.decide().kind)
    expect(kinds).toEqual(['503', '503', 'reset', 'pass'])
  })

  it('refuses bad values, unknown keys and shares adding up to more than 1', () => {
    expect(() => mergeFaults(DEFAULT_FAULTS, { errorRate: 1.5 })).toThrow(FaultConfigError)
    expect(() => mergeFaults(DEFAULT_FAULTS, { latencyMs: -1 })).toThrow(/latencyMs/)
    expect(() => mergeFaults(DEFAULT_FAULTS, { errorRat: 0.1 })).toThrow(/unknown/)
    expect(() => mergeFaults(DEFAULT_FAULTS, { errorRate: 0.6, resetRate: 0.6 })).toThrow(/1/)
    expect(() =>
      mergeFaults(DEFAULT_FAULTS, { insertDuringWalk: { everyRequests: 0, count: 1 } }),
    ).toThrow(/everyRequests/)
    expect(mergeFaults(DEFAULT_FAULTS, { errorRate: 0.5 }).errorRate).toBe(0.5)
  })
})

describe('fault injection over HTTP', () => {
  let sim: Simulator
  let listing: string

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 100, seed: 9 })
    listing = `${sim.baseUrl}/2/campaigns/${sim.campaignIds[0]}/contributions.json?api_token=${sim.credentials.apiToken}`
  })
  afterAll(() => sim.close())
  afterEach(() => {
    sim.setFaults({ ...DEFAULT_FAULTS })
    sim.resetStats()
  })

  async function token(): Promise<string> {
    const { email, password } = sim.credentials
    const res = await fetch(`${sim.authUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        credential_type: 'email',
        email,
        password,
      }),
    })
    return tokenResponseSchema.parse(await res.json()).access_token
  }

  async function timed(url: string): Promise<number> {
    const start = performance.now()
    await (await fetch(url)).arrayBuffer()
    return performance.now() - start
  }

  it('latency delays API and token answers; jitter adds up to jitterMs', async () => {
    sim.setFaults({ latencyMs: 120 })
    expect(await timed(listing)).toBeGreaterThanOrEqual(115)
    const start = performance.now()
    await token()
    expect(performance.now() - start).toBeGreaterThanOrEqual(115)
    sim.setFaults({ latencyMs: 0, jitterMs: 60 })
    const times = await Promise.all(Array.from({ length: 8 }, () => timed(listing)))
    expect(Math.max(...times)).toBeLessThan(400)
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(5)
    expect(sim.stats().faultsInjected.latency).toBeGreaterThanOrEqual(10)
  })

  it('errorRate answers about that share with 500/502/503 JSON, reproducibly', async () => {
    async function run(): Promise<number[]> {
      sim.setFaults({ errorRate: 0.3, seed: 1234 })
      const statuses: number[] = []
      const errorBodies: unknown[] = []
      for (let i = 0; i < 120; i++) {
        const res = await fetch(listing)
        statuses.push(res.status)
        const body = (await res.json()) as { error?: string }
        if (res.status !== 200) errorBodies.push(body)
      }
      expect(errorBodies.length).toBeGreaterThan(0)
      expect(errorBodies).toEqual(
        errorBodies.map(() => expect.objectContaining({ error: expect.any(String) })),
      )
      return statuses
    }
    const first = await run()
    const failed = first.filter((s) => s !== 200)
    expect(failed.length / first.length).toBeGreaterThan(0.18)
    expect(failed.length / first.length).toBeLessThan(0.42)
    expect(new Set(failed)).toEqual(new Set([500, 502, 503]))
    const second = await run()
    expect(second.map((s) => s === 200)).toEqual(first.map((s) => s === 200))
  })

  it('faults spare the token endpoint (latency only)', async () => {
    sim.setFaults({ errorRate: 1 })
    expect((await fetch(listing)).status).toBeGreaterThanOrEqual(500)
    expect((await token()).length).toBeGreaterThan(0)
  })

  it('rateLimitRate answers 429 with Retry-After', async () => {
    sim.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 })
    const res = await fetch(listing)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(await res.json()).toMatchObject({ error: 'rate_limited' })
    sim.setFaults({ rateLimitRate: 0 })
    sim.failNext(1, '429')
    const once = await fetch(listing)
    expect(once.headers.get('retry-after')).toBe('7')
    expect((await fetch(listing)).status).toBe(200)
    expect(sim.stats().faultsInjected.rateLimit).toBe(2)
  })

  it('reset breaks the connection mid-body, then the server answers normally', async () => {
    sim.failNext(1, 'reset')
    await expect(fetch(listing).then((res) => res.text())).rejects.toThrow()
    expect((await fetch(listing)).status).toBe(200)
    sim.setFaults({ resetRate: 1 })
    await expect(fetch(listing).then((res) => res.json())).rejects.toThrow()
    expect(sim.stats().faultsInjected.reset).toBe(2)
  })

  it('truncate answers a complete 200 whose JSON is cut short', async () => {
    sim.failNext(1, 'truncate')
    const res = await fetch(listing)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    expect(text.length).toBeGreaterThan(10)
    sim.setFaults({ truncateRate: 1 })
    const again = await fetch(listing)
    await expect(again.json()).rejects.toThrow()
    expect(sim.stats().faultsInjected.truncate).toBe(2)
  })

  it('tokenExpiresAfterRequests kills a token after N authorized requests', async () => {
    sim.setFaults({ tokenExpiresAfterRequests: 3 })
    const access = await token()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await fetch(`${listing}&access_token=${access}`)).status)
    expect(statuses).toEqual([200, 200, 200, 401, 401])
    const res = await fetch(`${listing}&access_token=${access}`)
    expect(await res.json()).toMatchObject({ error: 'invalid_access_token' })
    expect((await fetch(`${listing}&access_token=${await token()}`)).status).toBe(200)
    expect(sim.stats().faultsInjected.tokenExpired).toBe(1)
  })

  it('insertDuringWalk shifts pages: a naive walk sees a duplicate and the total rises', async () => {
    const campaignId = sim.campaignIds[0] ?? 0
    const before = sim.dataset.contributions.get(campaignId)?.length ?? 0
    const newestBefore = Date.parse(
      sim.dataset.contributions.get(campaignId)?.[0]?.created_at ?? '',
    )
    sim.setFaults({ insertDuringWalk: { everyRequests: 2, count: 3 } })
    const ids: number[] = []
    let lastCount = 0
    for (let page = 1; page <= Math.ceil(before / PAGE_SIZE); page++) {
      const body = campaignContributionsPageSchema.parse(
        await (await fetch(`${listing}&page=${page}`)).json(),
      )
      ids.push(...body.response.map((row) => (row as { id: number }).id))
      lastCount = body.pagination.count
    }
    expect(ids.length).toBeGreaterThan(new Set(ids).size)
    expect(lastCount).toBeGreaterThan(before)
    const rows = sim.dataset.contributions.get(campaignId) ?? []
    expect(rows.length).toBe(lastCount)
    expect(Date.parse(rows[0]?.created_at ?? '')).toBeGreaterThan(newestBefore)
    expect(sim.stats().faultsInjected.inserted).toBe(rows.length - before)
    // The listing stays newest first after the inserts.
    const times = rows.map((row) => Date.parse(row.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('inserted rows reach the filtered listings and the account listing too', async () => {
    const campaignId = sim.campaignIds[0] ?? 0
    const filtered = async (query: string) => {
      const res = await fetch(`${listing}&${query}`)
      return campaignContributionsPageSchema.parse(await res.json()).pagination.count
    }
    // Warm the filter cache before the insert, so a stale cache would show.
    const capturedBefore = await filtered('status=captured')
    sim.setFaults({ insertDuringWalk: { everyRequests: 1, count: 4 } })
    await (await fetch(listing)).arrayBuffer()
    sim.setFaults({ insertDuringWalk: null })
    const rows = sim.dataset.contributions.get(campaignId) ?? []
    const added = rows.slice(0, 4)
    const captured = rows.filter((row) => row.order.status === 'captured').length
    expect(captured).toBeGreaterThanOrEqual(capturedBefore)
    expect(await filtered('status=captured')).toBe(captured)
    const newest = added[0]
    expect(await filtered(`email=${encodeURIComponent(newest?.email ?? '')}`)).toBe(
      rows.filter((row) => row.email === newest?.email).length,
    )
    const accountId = newest?.account_id ?? 0
    const res = await fetch(
      `${sim.baseUrl}/2/accounts/${accountId}/contributions.json?api_token=${sim.credentials.apiToken}`,
    )
    expect(res.status).toBe(200)
    const made = [...sim.dataset.contributions.values()].flat()
    const total = made.filter((row) => row.account_id === accountId).length
    expect(((await res.json()) as { pagination: { count: number } }).pagination.count).toBe(total)
  })
})

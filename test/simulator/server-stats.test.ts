import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignContributionsPageSchema, tokenResponseSchema } from '../../src/shared/api'
import { startSimulator } from '../../src/simulator'
import type { SimStats, Simulator } from '../../src/simulator'

describe('stats and test-only endpoints', () => {
  let sim: Simulator
  let listing: string

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 40, seed: 6 })
    listing = `${sim.baseUrl}/2/campaigns/${sim.campaignIds[0]}/contributions.json?api_token=${sim.credentials.apiToken}`
  })
  afterAll(() => sim.close())

  async function grant(): Promise<string> {
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

  it('counts requests by endpoint and status, token grants, and resets', async () => {
    sim.resetStats()
    campaignContributionsPageSchema.parse(await (await fetch(listing)).json())
    await (await fetch(`${listing}&page=0`)).arrayBuffer()
    await (await fetch(`${sim.baseUrl}/2/accounts/1/contributions.json`)).arrayBuffer()
    await (await fetch(`${sim.baseUrl}/nowhere`)).arrayBuffer()
    await grant()
    const stats = sim.stats()
    expect(stats.requests).toBe(5)
    expect(stats.byEndpoint).toEqual({
      contributions: 2,
      accountContributions: 1,
      batchStatus: 0,
      signups: 0,
      token: 1,
    })
    expect(stats.byStatus).toEqual({ 200: 2, 400: 1, 401: 1, 404: 1 })
    expect(stats.tokenGrants).toBe(1)
    sim.resetStats()
    expect(sim.stats()).toMatchObject({ requests: 0, tokenGrants: 0, byStatus: {} })
  })

  it('stats() is a snapshot, not a live view', async () => {
    const before = sim.stats()
    await (await fetch(listing)).arrayBuffer()
    expect(sim.stats().requests).toBe(before.requests + 1)
    expect(before.byEndpoint.contributions).toBe(sim.stats().byEndpoint.contributions - 1)
  })

  it('GET /__sim/stats reports the same counters and is not counted itself', async () => {
    sim.resetStats()
    await (await fetch(listing)).arrayBuffer()
    const res = await fetch(`${sim.baseUrl}/__sim/stats`)
    const stats = (await res.json()) as SimStats
    expect(stats.requests).toBe(1)
    expect(stats.byStatus).toEqual({ 200: 1 })
    expect(sim.stats().requests).toBe(1)
  })

  it('POST /__sim/faults changes faults; bad values answer 400', async () => {
    const set = await fetch(`${sim.baseUrl}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ errorRate: 1 }),
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({ errorRate: 1 })
    expect((await fetch(listing)).status).toBeGreaterThanOrEqual(500)
    const bad = await fetch(`${sim.baseUrl}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ errorRate: 'lots' }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'invalid_faults' })
    sim.setFaults({ errorRate: 0 })
    expect((await fetch(listing)).status).toBe(200)
  })

  it('POST /__sim/expire-tokens revokes access tokens', async () => {
    const token = await grant()
    expect((await fetch(`${listing}&access_token=${token}`)).status).toBe(200)
    const res = await fetch(`${sim.baseUrl}/__sim/expire-tokens`, { method: 'POST' })
    expect(((await res.json()) as { expired: number }).expired).toBeGreaterThanOrEqual(1)
    expect((await fetch(`${listing}&access_token=${token}`)).status).toBe(401)
  })

  it('test endpoints can be switched off', async () => {
    const quiet = await startSimulator({ contributions: 1, testEndpoints: false })
    try {
      expect((await fetch(`${quiet.baseUrl}/__sim/stats`)).status).toBe(404)
    } finally {
      await quiet.close()
    }
  })
})

describe('close()', () => {
  it('closes promptly with keep-alive sockets and a request stuck in latency', async () => {
    const sim = await startSimulator({ contributions: 5, faults: { latencyMs: 30_000 } })
    // A keep-alive connection that has finished a request and sits idle.
    sim.setFaults({ latencyMs: 0 })
    await (await fetch(`${sim.baseUrl}/__sim/stats`)).arrayBuffer()
    sim.setFaults({ latencyMs: 30_000 })
    const stuck = new Promise<string>((resolve) => {
      const req = request(`${sim.baseUrl}/2/campaigns/1/contributions.json`, () =>
        resolve('answered'),
      )
      req.on('error', () => resolve('error'))
      req.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const start = performance.now()
    await sim.close()
    expect(performance.now() - start).toBeLessThan(1000)
    expect(await stuck).toBe('error')
    await expect(fetch(`${sim.baseUrl}/__sim/stats`)).rejects.toThrow()
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import {
  ApiError,
  Cancelled,
  isAbortError,
  SignInRequired,
} from '../../../../src/main/core/system/perkpack-errors'
import { backoffDelay, parseRetryAfter } from '../../../../src/main/core/api/http'
import { USER_AGENT, VERSION } from '../../../../src/main/core/system/version'
import {
  accountContributionsPageSchema,
  batchStatusSchema,
  campaignContributionsPageSchema,
  signupsPageSchema,
} from '../../../../src/shared/api/schemas'
import type { Simulator } from '../../../../src/simulator'
import {
  cleanup,
  makeClient,
  makeSession,
  recordingFetch,
  recordingSleep,
  servedRows,
  startSim,
} from '../../../helpers/harness'

afterEach(cleanup)

async function setup(
  options: Parameters<typeof makeClient>[2] = {},
  simOptions: Parameters<typeof startSim>[0] = {},
) {
  const sim = await startSim({ contributions: 90, ...simOptions })
  const { session } = await makeSession(sim)
  // Sign in before anything counts, so the request counters below hold API calls only.
  await session.accessToken()
  sim.resetStats()
  const client = makeClient(sim, session, options)
  return { sim, session, client, campaignId: sim.campaignIds[0] as number }
}

function listingReads(sim: Simulator): number {
  return sim.stats().byEndpoint.contributions
}

describe('ApiClient: the four operations', () => {
  it('return schema-valid data equal to what the simulator holds', async () => {
    const { sim, client, campaignId } = await setup()

    const page = await client.campaignContributions(campaignId, 2)
    expect(campaignContributionsPageSchema.safeParse(page).success).toBe(true)
    expect(page.pagination).toMatchObject({ current: 2, per_page: 30, count: 90, pages: 3 })
    expect(page.response).toEqual(servedRows(sim, campaignId, true).slice(30, 60))

    const accountId = sim.accounts.withSeveral[0] as number
    const account = await client.accountContributions(accountId, 1)
    expect(accountContributionsPageSchema.safeParse(account).success).toBe(true)
    expect(account.pagination.count).toBeGreaterThan(1)

    const job = await client.batchStatus(campaignId, sim.jobIds[0] as string)
    expect(batchStatusSchema.safeParse(job).success).toBe(true)
    expect(job).toMatchObject({ status: 'queued', number_processed: 0, total: 250 })

    const signups = await client.signups(campaignId, 1)
    expect(signupsPageSchema.safeParse(signups).success).toBe(true)
    expect(signups.response).toEqual(sim.dataset.signups.get(campaignId)?.slice(0, 30))
  })

  it('sends the filters email, status and perk_id', async () => {
    const { sim, client, campaignId } = await setup()
    const rows = servedRows(sim, campaignId, true)
    const sample = rows.find((row) => row.order.perks.length > 0 && row.email)!
    const perkId = sample.order.perks[0]!.id

    const byEmail = await client.campaignContributions(campaignId, 1, { email: sample.email! })
    expect(byEmail.response.map((r) => (r as { id: number }).id)).toEqual(
      rows.filter((r) => r.email?.toLowerCase() === sample.email!.toLowerCase()).map((r) => r.id),
    )
    const byStatus = await client.campaignContributions(campaignId, 1, { status: 'captured' })
    expect(byStatus.pagination.count).toBe(rows.filter((r) => r.order.status === 'captured').length)
    expect(
      byStatus.response.every(
        (r) => (r as { order: { status: string } }).order.status === 'captured',
      ),
    ).toBe(true)
    const byPerk = await client.campaignContributions(campaignId, 1, { perkId })
    expect(byPerk.pagination.count).toBe(
      rows.filter((r) => r.order.perks.some((p) => p.id === perkId)).length,
    )
  })

  it('sends a PerkPack/<version> User-Agent and both tokens as query parameters', async () => {
    const recorder = recordingFetch()
    const { sim, session, client, campaignId } = await setup({ fetch: recorder.fetch })
    await client.campaignContributions(campaignId, 1)
    const accessToken = await session.accessToken()

    expect(USER_AGENT).toBe(`PerkPack/${VERSION}`)
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/)
    expect(recorder.requests).toHaveLength(1)
    const [request] = recorder.requests
    expect(request!.headers['user-agent']).toBe(`PerkPack/${VERSION}`)
    expect(request!.headers.authorization).toBeUndefined()
    const url = new URL(request!.url)
    expect(url.pathname).toBe(`/2/campaigns/${campaignId}/contributions.json`)
    expect(url.searchParams.get('api_token')).toBe(sim.credentials.apiToken)
    expect(url.searchParams.get('access_token')).toBe(accessToken)
    expect(url.searchParams.get('page')).toBe('1')
  })
})

describe('ApiClient: retries', () => {
  it.each(['500', '502', '503'] as const)('retries a %s and then succeeds', async (kind) => {
    const retries: Array<{ attempt: number; reason: string }> = []
    const { sim, client, campaignId } = await setup({ onRetry: (info) => retries.push(info) })
    sim.failNext(2, kind)
    const page = await client.campaignContributions(campaignId, 1)
    expect(page.response).toHaveLength(30)
    expect(listingReads(sim)).toBe(3)
    expect(sim.stats().byStatus[Number(kind)]).toBe(2)
    expect(retries.map((r) => r.attempt)).toEqual([1, 2])
    expect(retries[0]!.reason).toContain(kind)
  })

  it('honours Retry-After on a 429, and caps a huge one', async () => {
    const recorder = recordingSleep()
    const { sim, client, campaignId } = await setup({
      sleep: recorder.sleep,
      retry: { maxRetryAfterMs: 5_000, maxDelayMs: 40 },
    })
    sim.setFaults({ retryAfterSeconds: 2 })
    sim.failNext(1, '429')
    await client.campaignContributions(campaignId, 1)
    expect(recorder.delays).toHaveLength(1)
    expect(recorder.delays[0]).toBeGreaterThanOrEqual(2_000)
    expect(recorder.delays[0]).toBeLessThanOrEqual(5_000)

    sim.setFaults({ retryAfterSeconds: 3_600 })
    sim.failNext(2, '429')
    await client.campaignContributions(campaignId, 2)
    expect(recorder.delays.slice(1)).toEqual([5_000, 5_000])
    expect(listingReads(sim)).toBe(5)
    expect(sim.stats().faultsInjected.rateLimit).toBe(3)
  })

  it('retries a connection reset in the middle of the body', async () => {
    const { sim, client, campaignId } = await setup()
    sim.failNext(2, 'reset')
    const page = await client.campaignContributions(campaignId, 3)
    expect(page.response).toEqual(servedRows(sim, campaignId, true).slice(60, 90))
    expect(listingReads(sim)).toBe(3)
    expect(sim.stats().faultsInjected.reset).toBe(2)
  })

  it('retries a truncated JSON body that came with a 200', async () => {
    const reasons: string[] = []
    const { sim, client, campaignId } = await setup({ onRetry: (i) => reasons.push(i.reason) })
    sim.failNext(1, 'truncate')
    const signupsBefore = sim.stats().byEndpoint.signups
    const page = await client.signups(campaignId, 1)
    expect(page.response).toHaveLength(30)
    expect(sim.stats().byEndpoint.signups - signupsBefore).toBe(2)
    expect(sim.stats().faultsInjected.truncate).toBe(1)
    expect(reasons[0]).toMatch(/incomplete answer/)
  })

  it('says how many attempts it made when they are all used up', async () => {
    const { sim, client, campaignId } = await setup({ retry: { attempts: 3 } })
    sim.failNext(3, '503')
    const error = await client.campaignContributions(campaignId, 1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'server', status: 503, retryable: true })
    expect((error as ApiError).message).toMatch(/Gave up after 3 attempts/)
    expect((error as ApiError).message).toContain(`/2/campaigns/${campaignId}/contributions.json`)
    expect(listingReads(sim)).toBe(3)
  })
})

describe('ApiClient: failures that are not retried', () => {
  it('refuses the reads that need a team member, naming what was read, before any request', async () => {
    const sim = await startSim({ contributions: 30 })
    const { session } = await makeSession(sim, { email: null })
    const client = makeClient(sim, session)
    const campaignId = sim.campaignIds[0] as number
    sim.resetStats()

    const job = await client.batchStatus(campaignId, 'job-7').catch((e: unknown) => e)
    expect(job).toBeInstanceOf(SignInRequired)
    expect((job as Error).message).toBe(
      `Reading job job-7 of campaign ${campaignId} needs a team member's sign-in (e-mail and password), not only an API token.`,
    )
    const signups = await client.signups(campaignId, 1).catch((e: unknown) => e)
    expect((signups as Error).message).toContain(
      `Reading the pre-launch page of campaign ${campaignId} needs`,
    )
    expect(sim.stats().byEndpoint).toMatchObject({ batchStatus: 0, signups: 0 })
    // The campaign's own listing needs only the API token.
    expect((await client.campaignContributions(campaignId, 1)).pagination.count).toBe(30)
  })

  it('a 403 fails at once with a typed error naming the endpoint', async () => {
    const { sim, client } = await setup()
    const foreign = sim.campaignIds[3] as number
    const job = sim.dataset.jobs.find((j) => j.campaignId === foreign)!
    const error = await client.batchStatus(foreign, job.jobId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, retryable: false })
    expect((error as ApiError).message).toContain(
      `/2/campaigns/${foreign}/orders/batch_status.json`,
    )
    expect(sim.stats().byEndpoint.batchStatus).toBe(1)
  })

  it('a 404 fails at once with a typed error naming the endpoint', async () => {
    const { sim, client } = await setup()
    const error = await client.campaignContributions(424242, 1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'not_found', status: 404 })
    expect((error as ApiError).message).toContain('/2/campaigns/424242/contributions.json')
    expect((error as ApiError).endpoint).toBe('GET /2/campaigns/424242/contributions.json?page=1')
    expect(listingReads(sim)).toBe(1)
  })

  it('a wrong API token is an auth error that says which token', async () => {
    const sim = await startSim({ contributions: 30 })
    const { session } = await makeSession(sim, { email: null, apiToken: 'not-the-token' })
    const client = makeClient(sim, session)
    const error = await client.campaignContributions(sim.campaignIds[0]!, 1).catch((e) => e)
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect((error as Error).message).toMatch(/API token was rejected/)
    expect((error as Error).message).not.toContain('not-the-token')
    expect(sim.stats().byEndpoint.contributions).toBe(1)
  })
})

describe('ApiClient: time limits', () => {
  it('gives up an attempt after the per-attempt timeout', async () => {
    const { sim, client, campaignId } = await setup({
      retry: { attempts: 2, attemptTimeoutMs: 150 },
    })
    sim.setFaults({ latencyMs: 10_000 })
    const started = Date.now()
    const error = await client.campaignContributions(campaignId, 1).catch((e: unknown) => e)
    const elapsed = Date.now() - started
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'network' })
    expect((error as Error).message).toMatch(/no complete answer within 150 ms/)
    expect((error as Error).message).toMatch(/Gave up after 2 attempts/)
    // Two attempts of 150 ms and a short pause, far less than one answer's latency.
    expect(elapsed).toBeLessThan(4_000)
    expect(listingReads(sim)).toBe(2)
  })

  it('stops quickly with Cancelled when the caller aborts', async () => {
    const { sim, client, campaignId } = await setup()
    sim.setFaults({ latencyMs: 10_000 })
    const controller = new AbortController()
    // Abort once the request is at the server, however long a loaded machine takes to send it.
    const abortWhenArrived = async () => {
      while (listingReads(sim) < 1) await new Promise((resolve) => setTimeout(resolve, 10))
      controller.abort()
    }
    void abortWhenArrived()
    const started = Date.now()
    const error = await client
      .campaignContributions(campaignId, 1, {}, { signal: controller.signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Cancelled)
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(listingReads(sim)).toBe(1)
  })

  it('stops at the overall deadline, whatever the attempts and pauses left', async () => {
    const { sim, client, campaignId } = await setup({
      retry: { attempts: 6, baseDelayMs: 5_000, maxDelayMs: 5_000 },
      random: () => 0.99,
    })
    sim.failNext(6, '503')
    const started = Date.now()
    const error = await client
      .campaignContributions(campaignId, 1, {}, { deadlineMs: 300 })
      .catch((e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
    // Six attempts with pauses of about 5 s would take half a minute.
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(listingReads(sim)).toBe(1)
  })

  it('stops a retry pause as soon as the caller aborts', async () => {
    const { sim, client, campaignId } = await setup({
      retry: { baseDelayMs: 10_000, maxDelayMs: 10_000 },
      random: () => 0.99,
    })
    sim.failNext(5, '503')
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 150)
    const started = Date.now()
    const error = await client
      .campaignContributions(campaignId, 1, {}, { signal: controller.signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Cancelled)
    // The pause asked for was about 10 s.
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(listingReads(sim)).toBe(1)
  })
})

describe('backoffDelay', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1_500 }

  it('is full jitter in [0, min(cap, base * 2^(n-1))]', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const ceiling = Math.min(1_500, 100 * 2 ** (attempt - 1))
      expect(backoffDelay(attempt, policy, () => 0)).toBe(0)
      const top = backoffDelay(attempt, policy, () => 0.999_999)
      expect(top).toBeLessThanOrEqual(ceiling)
      expect(top).toBeGreaterThanOrEqual(ceiling - 1)
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(attempt, policy)
        expect(delay).toBeGreaterThanOrEqual(0)
        expect(delay).toBeLessThanOrEqual(ceiling)
      }
    }
    expect(backoffDelay(3, policy, () => 0.5)).toBe(200)
    expect(backoffDelay(30, policy, () => 0.5)).toBe(750)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0)

  it('reads seconds', () => {
    expect(parseRetryAfter('5', now)).toBe(5_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('1.5', now)).toBe(1_500)
  })

  it('reads an HTTP date, in the past meaning now', () => {
    expect(parseRetryAfter(new Date(now + 42_000).toUTCString(), now)).toBe(42_000)
    expect(parseRetryAfter('Thu, 15 Jan 2026 12:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(0)
  })

  it('answers null for nothing or garbage', () => {
    expect(parseRetryAfter(null, now)).toBeNull()
    expect(parseRetryAfter('', now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter('5s', now)).toBeNull()
    expect(parseRetryAfter('1e3', now)).toBeNull()
  })
})

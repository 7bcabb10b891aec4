import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  batchStatusResponseSchema,
  signupsPageSchema,
  tokenResponseSchema,
} from '../../src/shared/api'
import type { BatchStatus } from '../../src/shared/api'
import { PAGE_SIZE } from '../../src/shared/config'
import { BACKER_CREDENTIALS, DEFAULT_TOKEN_TTL_SECONDS, startSimulator } from '../../src/simulator'
import type { SimJobPlan, Simulator } from '../../src/simulator'

type Params = Record<string, string | number | undefined>

async function get(sim: Simulator, path: string, params: Params = {}) {
  const u = new URL(`${sim.baseUrl}${path}`)
  u.searchParams.set('api_token', sim.credentials.apiToken)
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) u.searchParams.set(key, String(value))
  }
  const res = await fetch(u)
  return { status: res.status, body: (await res.json()) as unknown }
}

function postToken(sim: Simulator, body: Record<string, string>, json = false) {
  return fetch(`${sim.authUrl}/oauth/token`, {
    method: 'POST',
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
  })
}

function passwordGrant(email: string, password: string): Record<string, string> {
  return { grant_type: 'password', credential_type: 'email', email, password }
}

async function signIn(sim: Simulator, email: string, password: string): Promise<string> {
  const res = await postToken(sim, passwordGrant(email, password))
  expect(res.status).toBe(200)
  return tokenResponseSchema.parse(await res.json()).access_token
}

describe('token endpoint', () => {
  let sim: Simulator
  let now = Date.UTC(2026, 5, 1)

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 10, clock: () => now })
  })
  afterAll(() => sim.close())

  it('grants a token for a form-encoded request (e-mail case-insensitive)', async () => {
    const before = sim.stats().tokenGrants
    const { email, password } = sim.credentials
    const res = await postToken(sim, passwordGrant(email.toUpperCase(), password))
    expect(res.status).toBe(200)
    const body = tokenResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: DEFAULT_TOKEN_TTL_SECONDS })
    expect(body.created_at).toBe(Math.floor(now / 1000))
    expect(body.refresh_token).toEqual(expect.any(String))
    expect(sim.stats().tokenGrants).toBe(before + 1)
  })

  it('grants a token for a JSON request', async () => {
    const { email, password } = sim.credentials
    const res = await postToken(sim, passwordGrant(email, password), true)
    expect(res.status).toBe(200)
    expect(tokenResponseSchema.parse(await res.json()).access_token.length).toBeGreaterThan(10)
  })

  it('answers 401 invalid_grant for a wrong password or unknown e-mail, without counting', async () => {
    const before = sim.stats().tokenGrants
    for (const grant of [
      passwordGrant(sim.credentials.email, 'wrong-password'),
      passwordGrant('nobody@example.test', sim.credentials.password),
    ]) {
      const res = await postToken(sim, grant)
      expect(res.status).toBe(401)
      const body = (await res.json()) as Record<string, unknown>
      expect(body).toMatchObject({ error: 'invalid_grant', message: expect.any(String) })
      expect(JSON.stringify(body)).not.toContain('wrong-password')
    }
    expect(sim.stats().tokenGrants).toBe(before)
  })

  it('answers 400 for missing fields and other grant types', async () => {
    const missing = await postToken(sim, { grant_type: 'password', credential_type: 'email' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' })
    const other = await postToken(sim, { grant_type: 'client_credentials' })
    expect(other.status).toBe(400)
    expect(await other.json()).toMatchObject({ error: 'unsupported_grant_type' })
    const get = await fetch(`${sim.authUrl}/oauth/token`)
    expect(get.status).toBe(405)
  })

  it('renews with a refresh token once (rotated), refuses an unknown one, and can act as a server without the grant', async () => {
    const granted = tokenResponseSchema.parse(
      await (
        await postToken(sim, passwordGrant(sim.credentials.email, sim.credentials.password))
      ).json(),
    )
    const refresh = { grant_type: 'refresh_token', refresh_token: granted.refresh_token ?? '' }
    const renewed = await postToken(sim, refresh)
    expect(renewed.status).toBe(200)
    const next = tokenResponseSchema.parse(await renewed.json())
    expect(next.access_token).not.toBe(granted.access_token)
    expect(next.refresh_token).not.toBe(granted.refresh_token)
    const path = `/2/campaigns/${sim.campaignIds[0]}/contributions.json`
    expect((await get(sim, path, { access_token: next.access_token })).status).toBe(200)
    const reused = await postToken(sim, refresh)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
    sim.setFaults({ refreshGrant: false })
    try {
      const off = await postToken(sim, { ...refresh, refresh_token: next.refresh_token ?? '' })
      expect(await off.json()).toMatchObject({ error: 'unsupported_grant_type' })
    } finally {
      sim.setFaults({ refreshGrant: true })
    }
  })

  it('tokens expire after tokenTtlSeconds (401 invalid_access_token, never a silent downgrade)', async () => {
    const short = await startSimulator({ contributions: 5, clock: () => now, tokenTtlSeconds: 60 })
    try {
      const res = await postToken(
        short,
        passwordGrant(short.credentials.email, short.credentials.password),
      )
      const { access_token: token, expires_in } = tokenResponseSchema.parse(await res.json())
      expect(expires_in).toBe(60)
      const path = `/2/campaigns/${short.campaignIds[0]}/contributions.json`
      expect((await get(short, path, { access_token: token })).status).toBe(200)
      now += 61_000
      const expired = await get(short, path, { access_token: token })
      expect(expired.status).toBe(401)
      expect(expired.body).toMatchObject({ error: 'invalid_access_token' })
    } finally {
      await short.close()
    }
  })

  it('expireAllTokens revokes every token issued', async () => {
    const token = await signIn(sim, sim.credentials.email, sim.credentials.password)
    const path = `/2/campaigns/${sim.campaignIds[0]}/contributions.json`
    expect((await get(sim, path, { access_token: token })).status).toBe(200)
    expect(sim.expireAllTokens()).toBeGreaterThan(0)
    expect((await get(sim, path, { access_token: token })).status).toBe(401)
  })
})

describe('batch status', () => {
  let sim: Simulator
  let demoToken: string
  let backerToken: string

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 20, seed: 2 })
    demoToken = await signIn(sim, sim.credentials.email, sim.credentials.password)
    backerToken = await signIn(sim, BACKER_CREDENTIALS.email, BACKER_CREDENTIALS.password)
  })
  afterAll(() => sim.close())

  const path = (plan: SimJobPlan) => `/2/campaigns/${plan.campaignId}/orders/batch_status.json`

  function plan(outcome: SimJobPlan['outcome']): SimJobPlan {
    const found = sim.dataset.jobs.find((job) => job.outcome === outcome)
    if (!found) throw new Error(`the dataset has no ${outcome} job`)
    return found
  }

  async function pollUntilDone(job: SimJobPlan): Promise<BatchStatus[]> {
    const seen: BatchStatus[] = []
    for (let i = 0; i < 1000; i++) {
      const res = await get(sim, path(job), { job_id: job.jobId, access_token: demoToken })
      expect(res.status).toBe(200)
      const status = batchStatusResponseSchema.parse(res.body).response
      seen.push(status)
      if (!['queued', 'working'].includes(status.status)) return seen
    }
    throw new Error('job never finished')
  }

  it('401 access_token_required without a token, 403 with a non-team token', async () => {
    const job = plan('completed')
    const anonymous = await get(sim, path(job), { job_id: job.jobId })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ error: 'access_token_required' })
    const outsider = await get(sim, path(job), { job_id: job.jobId, access_token: backerToken })
    expect(outsider.status).toBe(403)
    expect(outsider.body).toMatchObject({ error: 'forbidden' })
  })

  it('404 for an unknown job id, 400 without one', async () => {
    const job = plan('completed')
    const unknown = await get(sim, path(job), { job_id: 'no-such-job', access_token: demoToken })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error: 'not_found' })
    const missing = await get(sim, path(job), { access_token: demoToken })
    expect(missing.status).toBe(400)
  })

  it('walks queued -> working (rising) -> completed', async () => {
    sim.resetJobs()
    const job = plan('completed')
    const seen = await pollUntilDone(job)
    const queued = seen.filter((s) => s.status === 'queued')
    expect(queued).toHaveLength(job.queuedPolls)
    expect(queued.every((s) => s.number_processed === 0)).toBe(true)
    const working = seen.filter((s) => s.status === 'working').map((s) => s.number_processed)
    expect(working.length).toBeGreaterThan(0)
    working.forEach((n, i) => expect(n).toBe((i + 1) * job.perPoll))
    expect(seen.at(-1)).toMatchObject({ status: 'completed', number_processed: job.total })
    expect(seen.every((s) => s.total === job.total && (s.message ?? '').length > 0)).toBe(true)
    const again = await get(sim, path(job), { job_id: job.jobId, access_token: demoToken })
    expect(batchStatusResponseSchema.parse(again.body).response.status).toBe('completed')
  })

  it.each(['failed', 'killed'] as const)('a %s job stops at stopAt', async (outcome) => {
    const job = plan(outcome)
    const seen = await pollUntilDone(job)
    expect(seen.at(-1)).toMatchObject({ status: outcome, number_processed: job.stopAt })
    expect(seen.at(-1)?.message).toMatch(new RegExp(outcome, 'i'))
  })

  it('a failed job names the orders it could not update, real orders of its campaign', async () => {
    sim.resetJobs()
    const job = plan('failed')
    const last = (await pollUntilDone(job)).at(-1) as Record<string, unknown>
    const errors = last.errors as { order_id: number; message: string }[]
    expect(errors).toHaveLength(3)
    const orders = new Set(sim.dataset.contributions.get(job.campaignId)?.map((c) => c.order.id))
    for (const error of errors) {
      expect(orders.has(error.order_id)).toBe(true)
      expect(error.message.length).toBeGreaterThan(0)
    }
    expect(last.message).toMatch(/3 orders could not be updated/)
    // Completed and killed jobs name none.
    sim.resetJobs()
    expect((await pollUntilDone(plan('completed'))).at(-1)).not.toHaveProperty('errors')
  })

  it('resetJobs starts every job over', async () => {
    const job = plan('completed')
    sim.resetJobs()
    const first = await get(sim, path(job), { job_id: job.jobId, access_token: demoToken })
    const expected = job.queuedPolls > 0 ? 'queued' : 'working'
    expect(batchStatusResponseSchema.parse(first.body).response.status).toBe(expected)
  })
})

describe('pre-launch sign-ups', () => {
  let sim: Simulator
  let demoToken: string

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 20, seed: 4 })
    demoToken = await signIn(sim, sim.credentials.email, sim.credentials.password)
  })
  afterAll(() => sim.close())

  it('pages through every sign-up, 30 at a time, ending on a short or empty page', async () => {
    const demo = sim.accounts.demo
    const [campaignId, signups] =
      [...sim.dataset.signups]
        .filter(([id]) => sim.dataset.teams.get(id)?.has(demo))
        .sort((a, b) => b[1].length - a[1].length)[0] ?? []
    expect(signups?.length ?? 0).toBeGreaterThan(PAGE_SIZE)
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const res = await get(sim, `/2/pre_launch_pages/${campaignId}/signups.json`, {
        page,
        access_token: demoToken,
      })
      expect(res.status).toBe(200)
      const body = signupsPageSchema.parse(res.body)
      expect(Object.keys(body).sort()).toEqual(['count', 'response'])
      expect(body.count).toBe(body.response.length)
      seen.push(...body.response.map((s) => (s as { email: string }).email))
      if ((body.count ?? 0) < PAGE_SIZE) break
    }
    expect(seen).toEqual(signups?.map((s) => s.email))
  })

  it('needs a team member token', async () => {
    const campaignId = sim.campaignIds[0]
    const res = await get(sim, `/2/pre_launch_pages/${campaignId}/signups.json`)
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ error: 'access_token_required' })
    const backer = await signIn(sim, BACKER_CREDENTIALS.email, BACKER_CREDENTIALS.password)
    const forbidden = await get(sim, `/2/pre_launch_pages/${campaignId}/signups.json`, {
      access_token: backer,
    })
    expect(forbidden.status).toBe(403)
  })
})

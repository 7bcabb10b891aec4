import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountContributionsPageSchema,
  campaignContributionsPageSchema,
  ORDER_STATUSES,
  readCampaignContribution,
  tokenResponseSchema,
} from '../../src/shared/api'
import type {
  WireAccountContribution,
  WireCampaignContribution,
  WirePagination,
} from '../../src/simulator/wire'
import { PAGE_SIZE } from '../../src/shared/config'
import { BACKER_CREDENTIALS, startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import { generateDataset } from '../../src/simulator/data'

type Params = Record<string, string | number | undefined>

function url(sim: Simulator, path: string, params: Params = {}): string {
  const u = new URL(`${sim.baseUrl}${path}`)
  u.searchParams.set('api_token', sim.credentials.apiToken)
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) u.searchParams.delete(key)
    else u.searchParams.set(key, String(value))
  }
  return u.toString()
}

async function get(sim: Simulator, path: string, params: Params = {}) {
  const res = await fetch(url(sim, path, params))
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown }
}

async function signIn(sim: Simulator, email: string, password: string): Promise<string> {
  const res = await fetch(`${sim.authUrl}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      credential_type: 'email',
      email,
      password,
    }),
  })
  expect(res.status).toBe(200)
  return tokenResponseSchema.parse(await res.json()).access_token
}

const contributionsPath = (id: number) => `/2/campaigns/${id}/contributions.json`
const accountPath = (id: number) => `/2/accounts/${id}/contributions.json`

async function campaignPage(sim: Simulator, campaignId: number, params: Params = {}) {
  const { status, body } = await get(sim, contributionsPath(campaignId), params)
  expect(status).toBe(200)
  // The app's envelope reads it and its model reads every row; the test then checks the wire shape.
  const page = campaignContributionsPageSchema.parse(body)
  expect(page.response.filter((row) => !readCampaignContribution(row).ok)).toEqual([])
  return body as WirePage<WireCampaignContribution>
}

interface WirePage<T> {
  response: T[]
  count: number
  pagination: WirePagination
}

function primary(sim: Simulator): number {
  const id = sim.campaignIds[0]
  if (id === undefined) throw new Error('no campaign')
  return id
}

describe.each([0, 1, 30, 31, 61])('pagination of a campaign with %i contributions', (total) => {
  let sim: Simulator
  const pages = Math.ceil(total / PAGE_SIZE)

  beforeAll(async () => {
    sim = await startSimulator({ contributions: total, seed: 3 })
  })
  afterAll(() => sim.close())

  it('page 1 reports the totals and links', async () => {
    expect(sim.dataset.contributions.get(primary(sim))).toHaveLength(total)
    const page = await campaignPage(sim, primary(sim))
    expect(page.pagination).toEqual({
      previous: null,
      next: pages > 1 ? 2 : null,
      current: 1,
      per_page: PAGE_SIZE,
      count: total,
      pages,
    })
    expect(page.count).toBe(Math.min(total, PAGE_SIZE))
    expect(page.response).toHaveLength(page.count)
  })

  it('the last page holds the remainder and has no next', async () => {
    if (pages === 0) return expect(total).toBe(0)
    const page = await campaignPage(sim, primary(sim), { page: pages })
    expect(page.count).toBe(total - PAGE_SIZE * (pages - 1))
    expect(page.pagination.next).toBeNull()
    expect(page.pagination.previous).toBe(pages > 1 ? pages - 1 : null)
  })

  it('a page past the end is empty, with previous = page - 1 and next null', async () => {
    const past = pages + 1
    const page = await campaignPage(sim, primary(sim), { page: past })
    expect(page.response).toEqual([])
    expect(page.count).toBe(0)
    expect(page.pagination).toMatchObject({
      current: past,
      next: null,
      previous: past > 1 ? past - 1 : null,
      count: total,
    })
  })

  it('walking every page yields every id exactly once, newest first', async () => {
    const seen: number[] = []
    for (let p = 1; p <= pages; p++) {
      const page = await campaignPage(sim, primary(sim), { page: p })
      seen.push(...page.response.map((row) => row.id))
    }
    const expected = (sim.dataset.contributions.get(primary(sim)) ?? []).map((row) => row.id)
    expect(seen).toEqual(expected)
    expect(new Set(seen).size).toBe(total)
  })
})

describe('campaign listing', () => {
  let sim: Simulator
  let all: WireCampaignContribution[]
  let demoToken: string

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 200, seed: 11 })
    all = sim.dataset.contributions.get(primary(sim)) ?? []
    demoToken = await signIn(sim, sim.credentials.email, sim.credentials.password)
  })
  afterAll(() => sim.close())

  async function walk(params: Params): Promise<WireCampaignContribution[]> {
    const rows: WireCampaignContribution[] = []
    let count = -1
    for (let p = 1; count < 0; p++) {
      const page = await campaignPage(sim, primary(sim), { ...params, page: p })
      rows.push(...page.response)
      if (page.pagination.next === null) count = page.pagination.count
    }
    // The last page's count is the whole listing's: the pages together hold exactly that many.
    expect(rows).toHaveLength(count)
    return rows
  }

  it.each(['invalid_page', 'x', '0', '-1', '1.5', ''])('page=%s is a 400', async (raw) => {
    const { status, body } = await get(sim, contributionsPath(primary(sim)), { page: raw })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_page', message: expect.any(String) })
  })

  it('filters by status (pagination applies after filtering)', async () => {
    const status = all[0]?.order.status ?? 'captured'
    const expected = all.filter((row) => row.order.status === status).map((row) => row.id)
    const rows = await walk({ status })
    expect(rows.map((row) => row.id)).toEqual(expected)
    expect(rows.every((row) => row.order.status === status)).toBe(true)
  })

  it('every status value is accepted and the counts add up to the total', async () => {
    let sum = 0
    for (const status of ORDER_STATUSES) {
      sum += (await campaignPage(sim, primary(sim), { status })).pagination.count
    }
    expect(sum).toBe(all.length)
  })

  it('filters by e-mail, case-insensitively and exactly', async () => {
    const email = all[5]?.email ?? ''
    expect(email).not.toBe('')
    const expected = all.filter((row) => row.email?.toLowerCase() === email.toLowerCase())
    const page = await campaignPage(sim, primary(sim), { email: email.toUpperCase() })
    expect(page.response.map((row) => row.id)).toEqual(expected.map((row) => row.id))
    const partial = await campaignPage(sim, primary(sim), { email: email.slice(1) })
    expect(partial.pagination.count).toBe(0)
  })

  it('filters by perk_id and combines filters', async () => {
    const perkId = all.find((row) => row.order.perks.length > 0)?.order.perks[0]?.id
    expect(perkId).toBeDefined()
    const hasPerk = (row: WireCampaignContribution) => row.order.perks.some((p) => p.id === perkId)
    const byPerk = await walk({ perk_id: perkId })
    expect(byPerk.map((row) => row.id)).toEqual(all.filter(hasPerk).map((row) => row.id))
    const status = byPerk[0]?.order.status
    const combined = await walk({ perk_id: perkId, status })
    const expected = all.filter((row) => hasPerk(row) && row.order.status === status)
    expect(combined.map((row) => row.id)).toEqual(expected.map((row) => row.id))
    expect(combined.length).toBeGreaterThan(0)
  })

  it('rejects an unknown status naming the allowed values, and a non-integer perk_id', async () => {
    const bad = await get(sim, contributionsPath(primary(sim)), { status: 'shipped' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: 'invalid_status' })
    expect((bad.body as { message: string }).message).toContain('in_fulfillment')
    const perk = await get(sim, contributionsPath(primary(sim)), { perk_id: '12abc' })
    expect(perk.status).toBe(400)
    expect(perk.body).toMatchObject({ error: 'invalid_perk_id' })
  })

  it('hides e-mail and shipping without an access token', async () => {
    const page = await campaignPage(sim, primary(sim))
    for (const row of page.response) {
      expect(row).not.toHaveProperty('email')
      expect(row.order).not.toHaveProperty('shipping')
    }
    expect(all.some((row) => row.order.shipping)).toBe(true)
  })

  it('hides them with the token of an account not on the team', async () => {
    const backerToken = await signIn(sim, BACKER_CREDENTIALS.email, BACKER_CREDENTIALS.password)
    const page = await campaignPage(sim, primary(sim), { access_token: backerToken })
    expect(page.response.some((row) => 'email' in row || 'shipping' in row.order)).toBe(false)
  })

  it('shows them with a team member token', async () => {
    const page = await campaignPage(sim, primary(sim), { access_token: demoToken })
    expect(page.response.every((row) => typeof row.email === 'string')).toBe(true)
    const withShipping = all.slice(0, PAGE_SIZE).filter((row) => row.order.shipping).length
    expect(page.response.filter((row) => row.order.shipping)).toHaveLength(withShipping)
    expect(withShipping).toBeGreaterThan(0)
  })

  it('answers 401 invalid_api_token without echoing the token', async () => {
    const missing = await get(sim, contributionsPath(primary(sim)), { api_token: undefined })
    expect(missing.status).toBe(401)
    expect(missing.body).toMatchObject({ error: 'invalid_api_token' })
    const wrong = await get(sim, contributionsPath(primary(sim)), { api_token: 'secret-wrong-xyz' })
    expect(wrong.status).toBe(401)
    expect(JSON.stringify(wrong.body)).not.toContain('secret-wrong-xyz')
  })

  it('answers 401 invalid_access_token for an unknown access token', async () => {
    const res = await get(sim, contributionsPath(primary(sim)), { access_token: 'nope-token-123' })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ error: 'invalid_access_token' })
    expect(JSON.stringify(res.body)).not.toContain('nope-token-123')
  })

  it('answers 404 for unknown and non-numeric ids and unknown paths, 405 for POST', async () => {
    for (const path of [
      contributionsPath(999_999_999),
      '/2/campaigns/abc/contributions.json',
      '/2/nothing.json',
      '/elsewhere',
    ]) {
      const res = await get(sim, path)
      expect(res.status, path).toBe(404)
      expect(res.body).toMatchObject({ error: 'not_found', message: expect.any(String) })
    }
    const post = await fetch(url(sim, contributionsPath(primary(sim))), { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET')
    expect(await post.json()).toMatchObject({ error: 'method_not_allowed' })
  })
})

describe('account listing', () => {
  let sim: Simulator
  let tokens: { demo: string; backer: string }

  beforeAll(async () => {
    sim = await startSimulator({ contributions: 300, seed: 5 })
    tokens = {
      demo: await signIn(sim, sim.credentials.email, sim.credentials.password),
      backer: await signIn(sim, BACKER_CREDENTIALS.email, BACKER_CREDENTIALS.password),
    }
  })
  afterAll(() => sim.close())

  function madeBy(accountId: number): WireCampaignContribution[] {
    const rows = [...sim.dataset.contributions.values()].flat()
    return rows.filter((row) => row.account_id === accountId)
  }

  async function accountPage(accountId: number, params: Params) {
    const { status, body } = await get(sim, accountPath(accountId), params)
    expect(status).toBe(200)
    accountContributionsPageSchema.parse(body)
    return body as WirePage<WireAccountContribution | Record<string, never>>
  }

  it('rule 1: the account itself sees its contributions, newest first, in the account shape', async () => {
    const backer = sim.accounts.backer ?? -1
    const expected = madeBy(backer)
    expect(expected.length).toBeGreaterThan(0)
    const page = await accountPage(backer, { access_token: tokens.backer })
    expect(page.pagination.count).toBe(expected.length)
    const times = page.response.map((row) => Date.parse((row as { created_at: string }).created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const first = page.response[0] as Record<string, unknown>
    expect(Object.keys(first).sort()).toEqual(
      ['amount', 'appearance', 'avatar_url', 'by', 'campaign', 'created_at', 'id', 'order'].sort(),
    )
    expect(Object.keys(first.order as object).sort()).toEqual(['id', 'perks'])
    const campaignIds = new Set(sim.campaignIds)
    expect(campaignIds.has((first.campaign as { id: number }).id)).toBe(true)
  })

  it('rule 2: without a token, or with another account, rows are {} but the count is true', async () => {
    const busiest = sim.accounts.withSeveral[0] ?? -1
    const total = madeBy(busiest).length
    expect(total).toBeGreaterThan(1)
    for (const params of [{}, { access_token: tokens.demo }]) {
      const page = await accountPage(busiest, params)
      expect(page.pagination.count).toBe(total)
      expect(page.response).toHaveLength(Math.min(total, PAGE_SIZE))
      expect(page.response.every((row) => Object.keys(row).length === 0)).toBe(true)
      expect(page.count).toBe(page.response.length)
    }
  })

  it('rule 2 pages hold as many {} as the real page would', async () => {
    const demo = sim.accounts.demo
    const total = madeBy(demo).length
    const pages = Math.ceil(total / PAGE_SIZE)
    const last = await accountPage(demo, { page: Math.max(pages, 1) })
    expect(last.response).toHaveLength(total - PAGE_SIZE * Math.max(pages - 1, 0))
    const past = await accountPage(demo, { page: pages + 1 })
    expect(past.response).toEqual([])
    expect(past.pagination.count).toBe(total)
  })

  it('an account that exists but made no contribution gets an empty listing', async () => {
    const contributors = new Set(
      [...sim.dataset.contributions.values()].flat().map((r) => r.account_id),
    )
    const idle = sim.dataset.users.find((user) => !contributors.has(user.accountId))
    expect(idle).toBeDefined()
    const page = await accountPage(idle?.accountId ?? -1, {})
    expect(page.response).toEqual([])
    expect(page.pagination).toMatchObject({ count: 0, pages: 0, next: null, previous: null })
  })

  it('404 for a never-seen account id', async () => {
    const res = await get(sim, accountPath(987_654_321))
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ error: 'not_found' })
  })
})

describe('account listing over several pages (rule 1)', () => {
  it('walks every contribution of an account exactly once, newest first', async () => {
    const dataset = generateDataset({ seed: 8, contributions: 120 })
    const backer = dataset.users.find((u) => u.email === BACKER_CREDENTIALS.email)?.accountId ?? 0
    // Hand 40 primary-campaign rows to the backer so the account listing spans two pages.
    const primaryRows = dataset.contributions.get(dataset.campaigns[0]?.id ?? 0) ?? []
    for (const row of primaryRows.slice(10, 50)) row.account_id = backer
    const sim = await startSimulator({ dataset })
    try {
      const expected = [...dataset.contributions.values()]
        .flat()
        .filter((row) => row.account_id === backer)
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
        .map((row) => row.id)
      expect(expected.length).toBeGreaterThan(PAGE_SIZE)
      const token = await signIn(sim, BACKER_CREDENTIALS.email, BACKER_CREDENTIALS.password)
      const seen: number[] = []
      for (let page = 1; page <= 2; page++) {
        const { body } = await get(sim, accountPath(backer), { page, access_token: token })
        const parsed = accountContributionsPageSchema.parse(body)
        expect(parsed.pagination).toMatchObject({ count: expected.length, pages: 2, current: page })
        seen.push(...parsed.response.map((row) => (row as { id: number }).id))
      }
      expect(seen).toEqual(expected)
    } finally {
      await sim.close()
    }
  })
})

import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUSES, tokenResponseSchema } from '../../src/shared/api'
import { PAGE_SIZE } from '../../src/shared/config'
import { DEFAULT_FAULTS, startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import { parseCliArgs, UsageError } from '../../src/simulator/server-cli-options'
import { isRec, itemProblems, minimalProblems, servedId } from './drift-helpers'

interface Page {
  text: string
  response: unknown[]
  count: number
  pagination: { count: number; pages: number }
}

type Params = Record<string, string | number>

async function signIn(sim: Simulator): Promise<string> {
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

async function read(sim: Simulator, path: string, params: Params = {}): Promise<Page> {
  const url = new URL(`${sim.baseUrl}${path}`)
  url.searchParams.set('api_token', sim.credentials.apiToken)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value))
  const res = await fetch(url)
  expect(res.status).toBe(200)
  const text = await res.text()
  return { text, ...(JSON.parse(text) as Omit<Page, 'text'>) }
}

const listing = (sim: Simulator) => `/2/campaigns/${sim.campaignIds[0]}/contributions.json`

async function walk(sim: Simulator, params: Params = {}): Promise<Page[]> {
  const first = await read(sim, listing(sim), { ...params, page: 1 })
  const rest = []
  for (let page = 2; page <= first.pagination.pages; page++) {
    rest.push(await read(sim, listing(sim), { ...params, page }))
  }
  return [first, ...rest]
}

const SEED = 5
const ROWS = 1500

describe('drift over HTTP', () => {
  let sim: Simulator
  let clean: Simulator
  let token: string
  let cleanToken: string

  beforeAll(async () => {
    ;[sim, clean] = await Promise.all([
      startSimulator({ contributions: ROWS, seed: SEED, drift: 0.3 }),
      startSimulator({ contributions: ROWS, seed: SEED }),
    ])
    ;[token, cleanToken] = await Promise.all([signIn(sim), signIn(clean)])
  })
  afterAll(() => Promise.all([sim.close(), clean.close()]))
  afterEach(() => {
    sim.setFaults({ ...DEFAULT_FAULTS, drift: 0.3 })
    sim.resetStats()
  })

  it('drift 0 answers byte for byte what a simulator without the option answers', async () => {
    sim.setFaults({ drift: 0 })
    const account = `/2/accounts/${sim.accounts.demo}/contributions.json`
    const cases: [string, Params, Params][] = [
      [listing(sim), { page: 2, access_token: token }, { page: 2, access_token: cleanToken }],
      [listing(sim), { page: 3 }, { page: 3 }],
      [listing(sim), { status: 'refunded' }, { status: 'refunded' }],
      [account, { access_token: token }, { access_token: cleanToken }],
    ]
    for (const [path, mine, theirs] of cases) {
      expect((await read(sim, path, mine)).text).toBe((await read(clean, path, theirs)).text)
    }
    expect(sim.stats().faultsInjected.drifted).toBe(0)
  })

  it.each([
    ['privileged', true, {}],
    ['public', false, {}],
    ['filtered by status', true, { status: 'captured' }],
  ] as const)(
    '%s pages keep the clean ids, order, count and pagination',
    async (_, priv, filter) => {
      const drifted = await walk(sim, priv ? { ...filter, access_token: token } : filter)
      const plain = await walk(clean, priv ? { ...filter, access_token: cleanToken } : filter)
      expect(drifted.map((p) => [p.count, p.pagination])).toEqual(
        plain.map((p) => [p.count, p.pagination]),
      )
      const ids = (pages: Page[]) => pages.flatMap((p) => p.response.map(servedId))
      expect(ids(drifted)).toEqual(ids(plain))
      // Some rows really were served differently on this walk.
      const texts = (pages: Page[]) =>
        pages.flatMap((p) => p.response.map((r) => JSON.stringify(r)))
      const plainTexts = texts(plain)
      const changed = texts(drifted).filter((text, i) => text !== plainTexts[i]).length
      expect(changed).toBeGreaterThan(ids(plain).length * 0.1)
    },
  )

  it('serves exactly the planned rows drifted, about the configured share of them', async () => {
    const plan = sim.driftPlan()
    expect(plan.total).toBe(ROWS)
    // Binomial(1500, 0.3): four standard deviations are about 71 rows.
    expect(Math.abs(plan.drifted.length - 0.3 * ROWS)).toBeLessThan(71)
    const served = (await walk(sim, { access_token: token })).flatMap((p) => p.response)
    const rows = clean.dataset.contributions.get(clean.campaignIds[0] as number) ?? []
    const differing = served
      .filter((row, i) => JSON.stringify(row) !== JSON.stringify(rows[i]))
      .map(servedId)
    expect(differing).toEqual(plan.drifted)
    expect(sim.stats().faultsInjected.drifted).toBe(plan.drifted.length)
  })

  it('breaks exactly the planned problem rows, and flags items exactly where planned', async () => {
    const plan = sim.driftPlan()
    expect(plan.broken.length).toBeGreaterThan(plan.drifted.length * 0.05)
    expect(plan.broken.length).toBeLessThan(plan.drifted.length * 0.15)
    expect(plan.flagged.length).toBeGreaterThan(plan.drifted.length * 0.05)
    const privileged: Params = { access_token: token }
    for (const params of [privileged, {}]) {
      const served = (await walk(sim, params)).flatMap((p) => p.response)
      const failing = served.filter((row) => minimalProblems(row).length > 0)
      expect(failing.map(servedId)).toEqual(plan.broken)
      // An item the client cannot read leaves the row readable: not a problem row.
      const odd = served.filter((row) => !minimalProblems(row).length && itemProblems(row).length)
      expect(odd.map(servedId)).toEqual(plan.flagged)
      const ids = served.map((row) => (isRec(row) ? row.id : undefined))
      const notDigits = served.filter((_, i) => !/^[0-9]+$/.test(String(ids[i])))
      expect(notDigits.map(servedId)).toEqual(plan.nonNumericIds)
    }
  })

  it('serves the same bytes on every re-read and after a restart with the same seed', async () => {
    const first = await read(sim, listing(sim), { page: 4, access_token: token })
    const again = await read(sim, listing(sim), { page: 4, access_token: token })
    expect(again.text).toBe(first.text)
    const restarted = await startSimulator({ contributions: ROWS, seed: SEED, drift: 0.3 })
    try {
      const other = await read(restarted, listing(restarted), {
        page: 4,
        access_token: await signIn(restarted),
      })
      expect(other.text).toBe(first.text)
      expect(restarted.driftPlan()).toEqual(sim.driftPlan())
    } finally {
      await restarted.close()
    }
    expect(sim.driftPlan(undefined, 0.1).drifted.length).toBeLessThan(
      sim.driftPlan().drifted.length,
    )
  })

  it('is set at runtime from code and over /__sim, and refuses rates outside 0..1', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${sim.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) })
    expect(sim.setFaults({ drift: 0.05 }).drift).toBe(0.05)
    const res = await post('/__sim/faults', { drift: 0.2 })
    expect(((await res.json()) as { drift: number }).drift).toBe(0.2)
    expect(sim.faults().drift).toBe(0.2)
    const bad = await post('/__sim/faults', { drift: 1.5 })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'invalid_faults', message: /drift/ })
    expect(() => sim.setFaults({ drift: -0.1 })).toThrow(/drift must be a number between 0 and 1/)
    const plan = await fetch(`${sim.baseUrl}/__sim/drift-plan`)
    const body = (await plan.json()) as { rate: number; broken: number[]; rows: object }
    expect(body.rate).toBe(0.2)
    expect(body.broken).toEqual(sim.driftPlan().broken)
    // Integer-like keys come back in ascending order; `drifted` keeps the listing's order.
    const keyed = Object.keys(body.rows).map(Number)
    expect(keyed).toEqual(sim.driftPlan().drifted.sort((a, b) => a - b))
    const other = await fetch(`${sim.baseUrl}/__sim/drift-plan?campaign=1&rate=0.1`)
    expect(other.status).toBe(404)
    const badRate = await fetch(`${sim.baseUrl}/__sim/drift-plan?rate=2`)
    expect(badRate.status).toBe(400)
    expect(() => sim.driftPlan(undefined, 2)).toThrow(/between 0 and 1/)
    expect(() => sim.driftPlan(1)).toThrow(/no campaign 1/)
  })

  it('keeps insertDuringWalk working: every page holds the ids of the dataset as it is then', async () => {
    const growing = await startSimulator({
      contributions: 300,
      seed: SEED,
      drift: 0.3,
      faults: { insertDuringWalk: { everyRequests: 2, count: 3 } },
    })
    try {
      const rows = growing.dataset.contributions.get(growing.campaignIds[0] as number) ?? []
      for (let page = 1; page <= 6; page++) {
        const served = await read(growing, listing(growing), { page })
        const expected = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.id)
        expect(served.response.map(servedId)).toEqual(expected)
        expect(served.pagination.count).toBe(rows.length)
      }
      expect(rows.length).toBe(300 + 9)
      expect(growing.driftPlan().total).toBe(300 + 9)
    } finally {
      await growing.close()
    }
  })

  it('drifts the account listing: same ids and totals, the embedded campaign in older shapes', async () => {
    sim.setFaults({ drift: 1 })
    const path = `/2/accounts/${sim.accounts.demo}/contributions.json`
    const drifted = await read(sim, path, { access_token: token })
    const plain = await read(clean, path, { access_token: cleanToken })
    expect(drifted.pagination).toEqual(plain.pagination)
    expect(drifted.response.map(servedId)).toEqual(plain.response.map(servedId))
    expect(drifted.response.length).toBeGreaterThan(1)
    const campaigns = drifted.response.map((row) => (isRec(row) ? row.campaign : undefined))
    const cleanCampaigns = plain.response.map((row) => (isRec(row) ? row.campaign : undefined))
    campaigns.forEach((campaign, i) => expect(campaign).not.toEqual(cleanCampaigns[i]))
    expect(drifted.response.filter((row) => minimalProblems(row, 'account').length)).toEqual([])
    // Rule 2 (someone else's account) still answers only empty objects.
    const hidden = await read(sim, path, {})
    expect(hidden.response.every((row) => isRec(row) && Object.keys(row).length === 0)).toBe(true)
  })

  it('filters on the canonical status, so an odd status value stays in its filtered listing', async () => {
    sim.setFaults({ drift: 1 })
    const served = (await walk(sim, { status: 'captured' })).flatMap((p) => p.response)
    const statuses = new Set(
      served.map((row) => (isRec(row) && isRec(row.order) ? row.order.status : undefined)),
    )
    expect(statuses.has('captured')).toBe(true)
    expect([...statuses].some((s) => !(ORDER_STATUSES as readonly unknown[]).includes(s))).toBe(
      true,
    )
  })
})

describe('--drift on the command line', () => {
  it('parses a share and leaves drift off by default', () => {
    expect(parseCliArgs(['--drift', '0.05']).options.drift).toBe(0.05)
    expect(parseCliArgs([]).options.drift).toBeUndefined()
  })

  it.each(['1.5', '-0.1', 'abc', ''])('refuses %j with a message naming the option', (value) => {
    // `--drift=-0.1`: parseArgs reads a separate '-0.1' as an option, not as the value.
    expect(() => parseCliArgs([`--drift=${value}`])).toThrow(UsageError)
    expect(() => parseCliArgs([`--drift=${value}`])).toThrow(
      `--drift: expected a number from 0 to 1, got '${value}'`,
    )
  })

  it('runs a drifting simulator process', async () => {
    const root = resolve(__dirname, '../..')
    const args = ['src/simulator/cli.ts', '--port', '0', '--print-json', '--contributions', '90']
    // One process, node with tsx's loader: the tsx command runs the script in a child of its
    // own, which the SIGKILL below left running after every test run.
    const child = spawn(process.execPath, ['--import', 'tsx', ...args, '--drift', '0.5'], {
      cwd: root,
    })
    try {
      const line = await new Promise<string>((done, fail) => {
        let buffer = ''
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString()
          if (buffer.includes('\n')) done(buffer.slice(0, buffer.indexOf('\n')))
        })
        child.on('exit', (code) => fail(new Error(`exited with ${code} before printing`)))
      })
      const { baseUrl } = JSON.parse(line) as { baseUrl: string }
      const faults = (await (await fetch(`${baseUrl}/__sim/faults`)).json()) as { drift: number }
      expect(faults.drift).toBe(0.5)
      const plan = (await (await fetch(`${baseUrl}/__sim/drift-plan`)).json()) as {
        drifted: number[]
      }
      expect(plan.drifted.length).toBeGreaterThan(20)
    } finally {
      child.kill('SIGKILL')
    }
  })
})

import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hasCurrentView, loadWorkspace } from '../../src/main/core/orders/view-store'
import { cacheFilePath } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type { Simulator } from '../../src/simulator'
import {
  cleanEnv,
  collect,
  perkpack,
  simEnv,
  spawnCli,
  STACK_LINE,
  TEST_CACHE_KEY,
} from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import type { CliResult } from '../helpers/cli'
import { cleanup, freePort, openTestCache, servedRows, startSim, tempDir } from '../helpers/harness'

const COMMANDS = [
  'login',
  'logout',
  'sync',
  'orders',
  'picklist',
  'job',
  'signups',
  'contributions',
  'pack',
  'unpack',
  'fulfillment',
  'tracking',
]

afterAll(cleanup)

// Most runs are in this process: a spawned one starts Node and compiles the sources, seconds on a
// busy machine. `--help`, the first sync, a closed pipe and an unreachable API are spawned: they
// prove the program itself starts, syncs, exits quietly and prints no stack trace. They run the
// shipped bin/perkpack.js (the other CLI test files spawn the run's bundle of src/cli).
const SHIPPED = 'bin'
const cli = perkpackHere
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

function expectClean(result: Pick<CliResult, 'code' | 'stderr'>, code: number) {
  expect(result.code, `exit code; stderr: ${result.stderr}`).toBe(code)
  expect(result.stderr).not.toMatch(STACK_LINE)
}

interface PickRow {
  sku_code: string
  item_name: string
  choices: Array<{ name: string; value: string }>
  quantity: number
  order_count: number
  perks: Array<{ perk_id: number; perk_label: string; quantity: number }>
}

/** The pick list computed here, independently of src/shared/fulfillment. */
function referencePickList(rows: readonly CampaignContribution[]): Map<string, PickRow> {
  const acc = new Map<
    string,
    { row: PickRow; orders: Set<number>; perks: Map<number, { label: string; quantity: number }> }
  >()
  for (const contribution of rows) {
    const { order } = contribution
    if (order.status !== 'captured' && order.status !== 'in_fulfillment') continue
    for (const perk of order.perks) {
      for (const item of perk.items) {
        const choices = item.sku.choices.map(({ name, value }) => ({ name, value }))
        const key = variantKey(item.sku.code, choices)
        let entry = acc.get(key)
        if (!entry) {
          entry = {
            row: {
              sku_code: item.sku.code,
              item_name: item.name ?? item.sku.code,
              choices,
              quantity: 0,
              order_count: 0,
              perks: [],
            },
            orders: new Set(),
            perks: new Map(),
          }
          acc.set(key, entry)
        }
        entry.row.quantity += item.quantity
        entry.orders.add(order.id)
        const line = entry.perks.get(perk.id) ?? { label: perk.label, quantity: 0 }
        line.quantity += item.quantity
        entry.perks.set(perk.id, line)
      }
    }
  }
  const out = new Map<string, PickRow>()
  for (const [key, { row, orders, perks }] of acc) {
    out.set(key, {
      ...row,
      order_count: orders.size,
      perks: [...perks]
        .sort((a, b) => a[0] - b[0])
        .map(([perk_id, line]) => ({ perk_id, perk_label: line.label, quantity: line.quantity })),
    })
  }
  return out
}

/** Choices and perks in a fixed order, so rows compare as sets. */
function normalized(row: PickRow): PickRow {
  return {
    ...row,
    choices: [...row.choices].sort((a, b) =>
      `${a.name}=${a.value}`.localeCompare(`${b.name}=${b.value}`),
    ),
    perks: [...row.perks].sort((a, b) => a.perk_id - b.perk_id),
  }
}

function variantKey(code: string, choices: Array<{ name: string; value: string }>): string {
  const sorted = choices.map((c) => `${c.name}=${c.value}`).sort()
  return `${code}\u0000${sorted.join('\u0001')}`
}

describe('perkpack: usage', () => {
  it('--help exits 0 and lists every command', async () => {
    const result = await perkpack(['--help'], cleanEnv({ PERKPACK_DATA_DIR: tempDir() }), SHIPPED)
    expectClean(result, 0)
    for (const name of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'))
    expect(result.stdout).toMatch(/PERKPACK_API_TOKEN/)
  })

  it('a bad flag, an unknown command and --concurrency 99 exit 2 with a message', async () => {
    const sim = await startSim({ contributions: 30 })
    const env = simEnv(sim, tempDir())
    const [badFlag, unknown, concurrency] = await Promise.all([
      cli(['orders', '1', '--bogus'], env),
      cli(['frobnicate'], env),
      cli(['sync', String(sim.campaignIds[0]), '--concurrency', '99'], env),
    ])
    expectClean(badFlag, 2)
    expect(badFlag.stderr).toMatch(/--bogus/)
    expectClean(unknown, 2)
    expect(unknown.stderr).toMatch(/Unknown command "frobnicate"/)
    expectClean(concurrency, 2)
    expect(concurrency.stderr).toMatch(/concurrency must be a whole number from 1 to 16 \(got 99\)/)
    expect(sim.stats().requests).toBe(0)
  })
})

describe('perkpack: sync', () => {
  let sim: Simulator

  beforeAll(async () => {
    sim = await startSim({ contributions: 150 })
  })
  afterAll(() => sim.close())

  it('sync <id> exits 0 and says what it stored', async () => {
    const dataDir = tempDir()
    const campaignId = sim.campaignIds[0]!
    const result = await perkpack(['sync', String(campaignId)], simEnv(sim, dataDir), SHIPPED)
    expectClean(result, 0)
    expect(result.stdout).toMatch(new RegExp(`Synced 150 contributions of campaign ${campaignId}`))
    expect(result.stderr).not.toMatch(/hidden/)
    // The desktop app's orders view of this snapshot is saved too: its first open is quick.
    const cache = openTestCache(dataDir, cacheProfile(sim.baseUrl), TEST_CACHE_KEY)
    expect(hasCurrentView(cache, campaignId)).toBe(true)
    const workspace = loadWorkspace(cache, campaignId)
    const served = servedRows(sim, campaignId, true)
    expect(workspace?.rows.map((row) => row.id)).toEqual(served.map((row) => row.id))
    cache.close()
  })

  it('logout removes the cache file', async () => {
    const dataDir = tempDir()
    const env = simEnv(sim, dataDir)
    const campaignId = sim.campaignIds[0]!
    expectClean(await cli(['sync', String(campaignId)], env), 0)
    const file = cacheFilePath(dataDir, cacheProfile(sim.baseUrl))
    expect(fs.existsSync(file)).toBe(true)
    const result = await cli(['logout'], env)
    expectClean(result, 0)
    expect(result.stdout).toMatch(/Signed out/)
    for (const suffix of ['', '-wal', '-shm']) expect(fs.existsSync(file + suffix)).toBe(false)
    const after = await cli(['orders', String(campaignId)], env)
    expectClean(after, 2)
    expect(after.stderr).toMatch(/no offline copy/)
  })
})

// Every test here reads the copy synced once before them, with the simulator gone: offline.
describe('perkpack: work offline', () => {
  let env: NodeJS.ProcessEnv
  let campaignId: number
  let served: CampaignContribution[]

  beforeAll(async () => {
    const sim = await startSim({ contributions: 150 })
    env = simEnv(sim, tempDir())
    campaignId = sim.campaignIds[0]!
    served = servedRows(sim, campaignId, true)
    expectClean(await cli(['sync', String(campaignId)], env), 0)
    await sim.close()
  })

  it('orders <id> --json prints exactly the contributions the API served', async () => {
    const result = await cli(['orders', String(campaignId), '--json'], env)
    expectClean(result, 0)
    expect(JSON.parse(result.stdout)).toEqual(served)
  })

  it('orders --status captured,in_fulfillment --perk ID --json filters', async () => {
    const counts = new Map<number, number>()
    for (const row of served) {
      for (const perk of row.order.perks) counts.set(perk.id, (counts.get(perk.id) ?? 0) + 1)
    }
    const perkId = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
    const expected = served.filter(
      (row) =>
        (row.order.status === 'captured' || row.order.status === 'in_fulfillment') &&
        row.order.perks.some((perk) => perk.id === perkId),
    )
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(served.length)
    const result = await cli(
      [
        'orders',
        String(campaignId),
        '--status',
        'captured,in_fulfillment',
        '--perk',
        String(perkId),
        '--json',
      ],
      env,
    )
    expectClean(result, 0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it('picklist <id> --json equals a pick list computed independently', async () => {
    const result = await cli(['picklist', String(campaignId), '--json'], env)
    expectClean(result, 0)
    const rows = JSON.parse(result.stdout) as PickRow[]
    const expected = referencePickList(served)
    expect(rows.length).toBe(expected.size)
    expect(rows.length).toBeGreaterThan(3)
    for (const row of rows) {
      expect(Object.keys(row)).toEqual([
        'sku_code',
        'item_name',
        'choices',
        'quantity',
        'order_count',
        'perks',
      ])
      const want = expected.get(variantKey(row.sku_code, row.choices))
      expect(want, `${row.sku_code} ${JSON.stringify(row.choices)}`).toBeDefined()
      expect(normalized(row)).toEqual(normalized(want!))
    }
  })

  it('orders for a never-synced campaign says to sync first', async () => {
    const result = await cli(['orders', '999', '--json'], env)
    expectClean(result, 2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/no offline copy of campaign 999/)
    expect(result.stderr).toMatch(/perkpack sync 999/)
  })

  it('orders into a pipe closed early prints no EPIPE error', async () => {
    const child = spawnCli(['orders', String(campaignId)], env, SHIPPED)
    child.stdout!.destroy()
    const result = await collect(child)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})

describe('perkpack: against a live simulator', () => {
  let sim: Simulator

  beforeAll(async () => {
    sim = await startSim({ contributions: 60 })
  })

  it('job <c> <j> --watch --json ends completed', async () => {
    const plan = sim.dataset.jobs.find(
      (j) => j.campaignId === sim.campaignIds[0] && j.outcome === 'completed' && j.total === 10,
    )!
    const result = await cli(
      ['job', String(plan.campaignId), plan.jobId, '--watch', '--json'],
      simEnv(sim, tempDir()),
    )
    expectClean(result, 0)
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'completed',
      number_processed: 10,
      total: 10,
    })
  })

  it('signups <id> --json lists all 75', async () => {
    const campaignId = sim.campaignIds[0]!
    const result = await cli(['signups', String(campaignId), '--json'], simEnv(sim, tempDir()))
    expectClean(result, 0)
    const signups = JSON.parse(result.stdout) as unknown[]
    expect(signups).toHaveLength(75)
    expect(signups).toEqual(sim.dataset.signups.get(campaignId))
  })

  it('signups <id> --out: CSV or Excel by the extension, a dated name in a folder', async () => {
    const campaignId = sim.campaignIds[0]!
    const folder = tempDir()
    const env = simEnv(sim, tempDir())
    const csv = await cli(['signups', String(campaignId), '--out', `${folder}/list.csv`], env)
    expectClean(csv, 0)
    expect(csv.stdout).toBe(`Wrote ${folder}/list.csv (75 sign-ups)\n`)
    const text = fs.readFileSync(`${folder}/list.csv`, 'utf8')
    expect(text.startsWith('\uFEFF"email","signed_up"\r\n')).toBe(true)
    expect(text.split('\r\n').filter((line) => line !== '')).toHaveLength(76)

    const xlsx = await cli(
      ['signups', String(campaignId), '--out', folder, '--format', 'xlsx'],
      env,
    )
    expectClean(xlsx, 0)
    const made = fs.readdirSync(folder).find((name) => name.endsWith('.xlsx'))
    expect(made).toMatch(/-signups-\d{4}-\d\d-\d\d-\d{4}\.xlsx$/)
    expect(fs.readFileSync(`${folder}/${made}`).subarray(0, 2).toString('latin1')).toBe('PK')

    const pdf = await cli(['signups', String(campaignId), '--out', `${folder}/list.pdf`], env)
    expect(pdf.code).toBe(2)
    expect(pdf.stderr).toContain(`--out ${folder}/list.pdf ends in neither .csv nor .xlsx`)
  })

  it('contributions --account <id> --json for an account that is not ours: hidden, true count', async () => {
    const account = sim.accounts.withSeveral[0]!
    const count = [...sim.dataset.contributions.values()]
      .flat()
      .filter((c) => c.account_id === account).length
    const result = await cli(
      ['contributions', '--account', String(account), '--json'],
      simEnv(sim, tempDir()),
    )
    expectClean(result, 0)
    expect(JSON.parse(result.stdout)).toEqual({
      account_id: account,
      hidden: true,
      count,
      message: expect.stringContaining(`${count} contributions hidden: sign in as this account`),
      contributions: [],
    })
  })

  it('with only an API token: syncs, says e-mails and addresses are hidden, stores none', async () => {
    // A simulator of its own: the token grant counter must not see the other runs.
    const sim = await startSim({ contributions: 60 })
    const dataDir = tempDir()
    const campaignId = sim.campaignIds[0]!
    const result = await cli(
      ['sync', String(campaignId)],
      simEnv(sim, dataDir, { PERKPACK_EMAIL: undefined, PERKPACK_PASSWORD: undefined }),
    )
    expectClean(result, 0)
    expect(result.stderr).toMatch(/e-mails and (shipping )?addresses are hidden/)
    expect(sim.stats().tokenGrants).toBe(0)
    const cache = openTestCache(dataDir, cacheProfile(sim.baseUrl), TEST_CACHE_KEY)
    const rows = cache.contributions(campaignId)
    expect(rows).toHaveLength(60)
    expect(rows.some((row) => row.email !== undefined || row.order.shipping !== undefined)).toBe(
      false,
    )
    expect(rows).toEqual(servedRows(sim, campaignId, false))
    expect(cache.campaign(campaignId)?.privileged).toBe(false)
  })

  it('no credentials and no terminal: exit 2 naming PERKPACK_API_TOKEN', async () => {
    const result = await cli(
      ['sync', String(sim.campaignIds[0])],
      simEnv(sim, tempDir(), {
        PERKPACK_API_TOKEN: undefined,
        PERKPACK_EMAIL: undefined,
        PERKPACK_PASSWORD: undefined,
      }),
    )
    expectClean(result, 2)
    expect(result.stderr).toMatch(/PERKPACK_API_TOKEN/)
  })

  it('a wrong password: exit 2 with a clear message', async () => {
    const result = await cli(
      ['sync', String(sim.campaignIds[0])],
      simEnv(sim, tempDir(), { PERKPACK_PASSWORD: 'not-the-password' }),
    )
    expectClean(result, 2)
    expect(result.stderr).toMatch(/e-mail or password was not accepted/)
    expect(result.stderr).not.toContain('not-the-password')
  })

  it('the simulator down: exit 1 with a human message and no stack trace', async () => {
    const port = await freePort()
    const dataDir = tempDir()
    const result = await perkpack(
      ['sync', String(sim.campaignIds[0])],
      simEnv(sim, dataDir, {
        PERKPACK_BASE_URL: `http://127.0.0.1:${port}`,
        PERKPACK_AUTH_URL: `http://127.0.0.1:${port}`,
      }),
      SHIPPED,
    )
    expectClean(result, 1)
    expect(result.stderr).toMatch(
      new RegExp(
        `^perkpack: Could not reach 127\\.0\\.0\\.1:${port} \\(connection refused\\)`,
        'm',
      ),
    )
    expect(result.stderr).not.toMatch(/TypeError|fetch failed/)
  })
})

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Simulator } from '../../src/simulator'
import { cleanEnv, perkpack, simEnv, STACK_LINE } from '../helpers/cli'
import type { CliResult } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import type { InProcessResult } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

afterAll(cleanup)

// In this process: a spawned run starts Node and compiles the sources, seconds on a busy machine.
// `problems` is spawned once (as text) to prove the command works as a program.
const cli = perkpackHere
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

function expectClean(result: Pick<CliResult, 'code' | 'stderr'>, code: number) {
  expect(result.code, `exit code; stderr: ${result.stderr}`).toBe(code)
  expect(result.stderr).not.toMatch(STACK_LINE)
}

interface ProblemJson {
  id: number | null
  rank: number
  problems: { path: string; message: string }[]
  raw: { id: unknown }
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '')

describe('perkpack sync with rows it cannot read', () => {
  let sim: Simulator
  let env: NodeJS.ProcessEnv
  let campaignId: number
  let plan: ReturnType<Simulator['driftPlan']>
  let first: InProcessResult

  beforeAll(async () => {
    // Every row drifted: a tenth broken, a few of those without a usable id.
    sim = await startSim({ contributions: 700, drift: 1 })
    env = simEnv(sim, tempDir())
    campaignId = sim.campaignIds[0]!
    plan = sim.driftPlan()
    first = await cli(['sync', String(campaignId)], env)
  })

  it('completes, exits 0 and prints one warning line with the count', () => {
    expect(plan.broken.length).toBeGreaterThan(10)
    expect(plan.nonNumericIds.length).toBeGreaterThan(0)
    expectClean(first, 0)
    const good = plan.total - plan.broken.length
    expect(first.stdout).toMatch(new RegExp(`^Synced ${good} contributions of campaign`))
    const warnings = lines(first.stderr).filter((line) => /could not be read/.test(line))
    expect(warnings).toEqual([
      `warning: ${plan.broken.length} contributions could not be read; see perkpack problems ${campaignId}`,
    ])
  })

  it('`problems --json` lists exactly the broken rows: id, rank, paths, messages, raw', async () => {
    const result = await cli(['problems', String(campaignId), '--json'], env)
    expectClean(result, 0)
    const rows = JSON.parse(result.stdout) as ProblemJson[]
    const idless = new Set(plan.nonNumericIds)
    expect(new Set(rows.filter((r) => r.id !== null).map((r) => r.id))).toEqual(
      new Set(plan.broken.filter((id) => !idless.has(id))),
    )
    expect(new Set(rows.filter((r) => r.id === null).map((r) => r.raw.id))).toEqual(
      new Set([...idless].map((id) => `pledge-${id}`)),
    )
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['id', 'rank', 'problems', 'raw'])
      expect(row.rank).toBeGreaterThanOrEqual(0)
      expect(row.rank).toBeLessThan(plan.total)
      expect(row.problems.length).toBeGreaterThan(0)
      for (const problem of row.problems) {
        expect(Object.keys(problem)).toEqual(['path', 'message'])
        expect(problem.message).not.toMatch(/received undefined/)
      }
    }
  })

  it('`problems` as text: each row by order and backer in words, each field with its message', async () => {
    const [text, json] = await Promise.all([
      perkpack(['problems', String(campaignId)], env),
      cli(['problems', String(campaignId), '--json'], env),
    ])
    expectClean(text, 0)
    const rows = JSON.parse(json.stdout) as ProblemJson[]
    const out = lines(text.stdout)
    expect(out[0]).toMatch(
      new RegExp(`^${plan.broken.length} contributions of ${plan.total} in the sync of `),
    )
    for (const row of rows) {
      // The order number as served (drift may have dropped it, or sent it as text).
      const raw = row.raw as { order?: { sequence_number?: unknown } | null }
      const sequence = Number(raw.order?.sequence_number ?? NaN)
      const name = Number.isInteger(sequence)
        ? `Order #${sequence}`
        : row.id === null
          ? `Row ${row.rank + 1} (no usable id)`
          : `Contribution ${row.id}`
      const at = out.findIndex(
        (line) => line.startsWith(name) && /^[,: (]/.test(line.slice(name.length)),
      )
      expect(at, name).toBeGreaterThan(0)
      // Words, not paths, on the row's line; the paths follow for support and scripts.
      expect(out[at]).not.toMatch(/order\.perks\[/)
      expect(out.slice(at + 1, at + 1 + row.problems.length)).toEqual(
        row.problems.map((p) => `  ${p.path}: ${p.message}`),
      )
    }
    const perkWithoutId = rows.find((row) =>
      row.problems.some((p) => /\.id$/.test(p.path) && p.path.startsWith('order.perks')),
    )
    expect(perkWithoutId).toBeDefined()
    const title = out.find(
      (line) =>
        line.includes(`(contribution ${perkWithoutId!.id})`) ||
        line.startsWith(`Contribution ${perkWithoutId!.id}`),
    )
    expect(title).toMatch(/: (perk|perk \d+) without an id/)
  })

  it('`sync --strict` stores the sync and exits 1, naming the count', async () => {
    const result = await cli(['sync', String(campaignId), '--strict'], env)
    expectClean(result, 1)
    expect(result.stderr).toContain(
      `--strict: ${plan.broken.length} contributions of campaign ${campaignId} could not be read.`,
    )
    const listed = await cli(['problems', String(campaignId), '--json'], env)
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(plan.broken.length)
  })
})

describe('perkpack sync on clean data', () => {
  it('prints no warning, --strict exits 0, and `problems` says every row was read', async () => {
    const sim = await startSim({ contributions: 60 })
    const env = simEnv(sim, tempDir())
    const id = String(sim.campaignIds[0])
    const sync = await cli(['sync', id, '--strict'], env)
    expectClean(sync, 0)
    expect(sync.stderr).not.toMatch(/could not be read/)
    const problems = await cli(['problems', id], env)
    expectClean(problems, 0)
    expect(problems.stdout).toMatch(/^Every contribution of campaign \d+ was read \(60 in the sync/)
    expect(JSON.parse((await cli(['problems', id, '--json'], env)).stdout)).toEqual([])
  })

  it('`problems` without an offline copy exits 2 and says to sync first', async () => {
    const result = await cli(['problems', '123'], cleanEnv({ PERKPACK_DATA_DIR: tempDir() }))
    expectClean(result, 2)
    expect(result.stderr).toMatch(/no offline copy of campaign 123.*perkpack sync 123/)
  })
})

describe('perkpack sync that would shrink the campaign', () => {
  it('exits 3 with both counts and keeps the copy; --accept-shrink replaces it', async () => {
    const sim = await startSim({ contributions: 300 })
    const env = simEnv(sim, tempDir())
    const campaignId = sim.campaignIds[0]!
    expectClean(await cli(['sync', String(campaignId)], env), 0)

    const rows = sim.dataset.contributions.get(campaignId)!
    sim.dataset.contributions.set(campaignId, rows.slice(0, 120))
    const held = await cli(['sync', String(campaignId)], env)
    expectClean(held, 3)
    expect(held.stdout).toBe('')
    expect(held.stderr).toContain('found 120 orders, the offline copy holds 300 (40 %)')
    expect(held.stderr).toContain(`perkpack sync ${campaignId} --accept-shrink`)
    const kept = await cli(['orders', String(campaignId), '--json'], env)
    expect((JSON.parse(kept.stdout) as unknown[]).length).toBe(300)

    const accepted = await cli(['sync', String(campaignId), '--accept-shrink'], env)
    expectClean(accepted, 0)
    expect(accepted.stdout).toMatch(/^Synced 120 contributions/)
    const now = await cli(['orders', String(campaignId), '--json'], env)
    expect((JSON.parse(now.stdout) as unknown[]).length).toBe(120)
  })

  it('--help documents problems, --strict, --accept-shrink and exit code 3', async () => {
    const env = cleanEnv({ PERKPACK_DATA_DIR: tempDir() })
    const [main, sync] = await Promise.all([cli(['--help'], env), cli(['sync', '--help'], env)])
    expect(main.stdout).toMatch(/^ {2}problems <campaign-id> \[--json\]$/m)
    expect(main.stdout).toMatch(/3 sync held back/)
    expect(sync.stdout).toMatch(/--strict {9}exit 1 when any contribution could not be read/)
    expect(sync.stdout).toMatch(/--accept-shrink {2}replace the offline copy/)
  })
})

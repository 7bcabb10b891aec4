import { afterAll, describe, expect, it, vi } from 'vitest'
import { driftedCampaignRow } from '../../src/simulator/drift'
import { simEnv, STACK_LINE } from '../helpers/cli'
import { perkpackHere as perkpack } from '../helpers/cli-in-process'
import { cleanup, startSim, tempDir } from '../helpers/harness'

const DRIFT = 0.2

afterAll(cleanup)

// In this process: sync, orders and problems are spawned in cli.test.ts and problems-cli.test.ts.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

describe('perkpack orders --json with drifted rows', () => {
  it('prints every readable row exactly as the API served it, and the others with problems', async () => {
    const sim = await startSim({ contributions: 90, drift: DRIFT })
    const env = simEnv(sim, tempDir())
    const campaignId = sim.campaignIds[0]!
    const sync = await perkpack(['sync', String(campaignId)], env)
    expect(sync.code, sync.stderr).toBe(0)

    const broken = new Set(sim.driftPlan(campaignId, DRIFT).broken)
    const served = new Map<number, string>()
    const servedBroken: string[] = []
    for (const row of sim.dataset.contributions.get(campaignId) ?? []) {
      const text = JSON.stringify(driftedCampaignRow(sim.dataset.seed, DRIFT, row) ?? row)
      if (broken.has(row.id)) servedBroken.push(text)
      else served.set(row.id, text)
    }
    const result = await perkpack(['orders', String(campaignId), '--json'], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).not.toMatch(STACK_LINE)
    const printed = JSON.parse(result.stdout) as Array<{ id: unknown }>
    expect(printed).toHaveLength(served.size)
    for (const row of printed) expect(JSON.stringify(row)).toBe(served.get(Number(row.id)))
    // Rows whose id came as a numeric string print it so: the raw row, not the model's reading.
    expect(printed.some((row) => typeof row.id === 'string')).toBe(true)

    // The rows it could not read are kept as sent too: `problems --json` prints the rest of the
    // campaign, byte for byte, so the two lists together are what the API served.
    const problems = await perkpack(['problems', String(campaignId), '--json'], env)
    expect(problems.code, problems.stderr).toBe(0)
    const raws = (JSON.parse(problems.stdout) as Array<{ raw: unknown }>).map((row) =>
      JSON.stringify(row.raw),
    )
    expect(servedBroken.length).toBeGreaterThan(0)
    expect(raws.sort()).toEqual(servedBroken.sort())
  })
})

import { afterAll, describe, expect, it, vi } from 'vitest'
import { driftedCampaignRow } from '../../src/simulator/drift'
import { perkpack, simEnv, STACK_LINE } from '../helpers/cli'
import { cleanup, startSim, tempDir } from '../helpers/harness'

const DRIFT = 0.2

afterAll(cleanup)

// Each run starts Node and compiles the sources: on a busy machine that alone can take seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

describe('perkpack orders --json with drifted rows', () => {
  it('prints every readable row exactly as the API served it', async () => {
    const sim = await startSim({ contributions: 90, drift: DRIFT })
    const env = simEnv(sim, tempDir())
    const campaignId = sim.campaignIds[0]!
    const sync = await perkpack(['sync', String(campaignId)], env)
    expect(sync.code, sync.stderr).toBe(0)

    const broken = new Set(sim.driftPlan(campaignId, DRIFT).broken)
    const served = new Map<number, string>()
    for (const row of sim.dataset.contributions.get(campaignId) ?? []) {
      if (broken.has(row.id)) continue
      served.set(row.id, JSON.stringify(driftedCampaignRow(sim.dataset.seed, DRIFT, row) ?? row))
    }
    const result = await perkpack(['orders', String(campaignId), '--json'], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).not.toMatch(STACK_LINE)
    const printed = JSON.parse(result.stdout) as Array<{ id: unknown }>
    expect(printed).toHaveLength(served.size)
    for (const row of printed) expect(JSON.stringify(row)).toBe(served.get(Number(row.id)))
    // Rows whose id came as a numeric string print it so: the raw row, not the model's reading.
    expect(printed.some((row) => typeof row.id === 'string')).toBe(true)
  })
})

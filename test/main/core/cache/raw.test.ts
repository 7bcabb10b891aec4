import { afterEach, describe, expect, it } from 'vitest'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import { readCampaignContribution } from '../../../../src/shared/api/schemas'
import { driftedCampaignRow } from '../../../../src/simulator/drift'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  startSim,
  tempDir,
} from '../../../helpers/harness'

const DRIFT = 0.2

afterEach(cleanup)

type Rec = Record<string, unknown>

/** Every row the simulator serves at DRIFT, as it is on the wire, by contribution id. */
async function syncDrifted() {
  const sim = await startSim({ contributions: 400, drift: DRIFT })
  const campaignId = sim.campaignIds[0]!
  const { session } = await makeSession(sim)
  const cache = openTestCache(tempDir())
  const result = await syncCampaign({
    client: makeClient(sim, session),
    cache,
    campaignId,
    privileged: true,
  })
  const plan = sim.driftPlan(campaignId, DRIFT)
  const broken = new Set(plan.broken)
  const served = new Map<number, unknown>()
  for (const row of sim.dataset.contributions.get(campaignId) ?? []) {
    if (broken.has(row.id)) continue
    served.set(row.id, driftedCampaignRow(sim.dataset.seed, DRIFT, row) ?? row)
  }
  return { cache, campaignId, plan, served, result }
}

/** The numeric id of a raw row (drift may send it as a numeric string). */
const rawId = (raw: unknown) => Number((raw as Rec).id)

describe('offline cache: raw rows kept as the API sent them', () => {
  it('gives back every drifted row byte for byte, and the model as the model reads it', async () => {
    const { cache, campaignId, plan, served, result } = await syncDrifted()
    // The test means something only if rows drifted, and some so far the model reads them
    // differently from what was sent.
    expect(plan.drifted.length).toBeGreaterThan(40)
    expect(result.snapshot.count).toBe(served.size)

    const raws = cache.rawContributions(campaignId)
    const models = cache.contributions(campaignId)
    expect(raws).toHaveLength(served.size)
    // Same rows in the same order on both read paths.
    expect(raws.map(rawId)).toEqual(models.map((row) => row.id))

    let differing = 0
    for (const [index, raw] of raws.entries()) {
      const sent = served.get(rawId(raw))
      expect(sent, `row ${rawId(raw)} was served`).toBeDefined()
      // Same text: same keys in the same order, numeric strings still strings, nulls still null.
      expect(JSON.stringify(raw)).toBe(JSON.stringify(sent))
      const read = readCampaignContribution(sent)
      expect(read.ok).toBe(true)
      const model = read.ok ? read.value : null
      expect(JSON.stringify(models[index])).toBe(JSON.stringify(model))
      if (JSON.stringify(model) !== JSON.stringify(sent)) differing++
    }
    expect(differing).toBeGreaterThan(10)
  })

  it('reads one raw row by id, and null for an id the snapshot does not hold', async () => {
    const { cache, campaignId, served } = await syncDrifted()
    const [id, sent] = [...served].find(([, row]) => typeof (row as Rec).id === 'string') ?? []
    expect(id, 'a row whose id drifted to a numeric string').toBeDefined()
    expect(JSON.stringify(cache.rawContribution(campaignId, id!))).toBe(JSON.stringify(sent))
    expect(cache.rawContribution(campaignId, 1)).toBeNull()
    expect(cache.rawContribution(campaignId + 1, id!)).toBeNull()
  })

  it('filters the raw rows through the same indexes as the model rows', async () => {
    const { cache, campaignId } = await syncDrifted()
    const models = cache.contributions(campaignId)
    const perkId = models[0]!.order.perks[0]!.id
    const query = { statuses: ['captured', 'in_fulfillment'], perkId }
    const expected = models
      .filter((row) => query.statuses.includes(row.order.status))
      .filter((row) => row.order.perks.some((perk) => perk.id === perkId))
      .map((row) => row.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(models.length)
    expect(cache.rawContributions(campaignId, query).map(rawId)).toEqual(expected)
  })
})

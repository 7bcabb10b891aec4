/**
 * What a snapshot must hold after a sync against the simulator, drift on or off: the rows the
 * listing serves (drifted ones as served, privileged fields stripped off the team), split into
 * the orders and the problem rows the simulator's drift plan predicts. The plan, not the app's
 * reader, decides which rows are broken, so a reader that wrongly accepts or rejects a row fails.
 */
import { expect } from 'vitest'
import type { CampaignSnapshotInfo, OfflineCache, ProblemRow } from '../../src/main/core/cache'
import { readCampaignContribution } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type { DriftPlan, Simulator } from '../../src/simulator'
import { driftedCampaignRow, stripPrivileged } from '../../src/simulator/drift'
import { cacheOrder } from './model'

type Rec = Record<string, unknown>

export interface ServedListing {
  plan: DriftPlan
  /** The readable rows by id, exactly as the listing serves them. */
  good: Map<number, unknown>
  /** The broken rows by their canonical id, exactly as served. */
  broken: Map<number, unknown>
}

/** The campaign listing as the simulator serves it now, at its current drift rate. */
export function servedListing(
  sim: Simulator,
  campaignId: number,
  privileged: boolean,
): ServedListing {
  const plan = sim.driftPlan(campaignId)
  const broken = new Set(plan.broken)
  const served: ServedListing = { plan, good: new Map(), broken: new Map() }
  for (const row of sim.dataset.contributions.get(campaignId) ?? []) {
    const clean = JSON.parse(JSON.stringify(row)) as Rec
    const drifted = driftedCampaignRow(plan.seed, plan.rate, row)
    const raw = privileged ? (drifted ?? clean) : stripPrivileged(drifted ?? clean)
    ;(broken.has(row.id) ? served.broken : served.good).set(row.id, raw)
  }
  return served
}

/** The readable rows as the app's model reads them, in the order the cache keeps them. */
export function servedModels(served: ServedListing): CampaignContribution[] {
  return [...served.good.values()]
    .map((raw) => {
      const read = readCampaignContribution(raw)
      if (!read.ok) throw new Error(`served row ${String(read.id)} does not read`)
      return read.value
    })
    .sort(cacheOrder)
}

/**
 * The problem rows a sync must have kept: one per broken row of the plan, with the raw row as
 * served, field paths and messages; a row without a usable id is named by its served id.
 */
export function expectProblemRows(problems: readonly ProblemRow[], served: ServedListing): void {
  const { plan } = served
  const withoutId = new Set(plan.nonNumericIds)
  const withId = plan.broken.filter((id) => !withoutId.has(id))
  expect(new Set(problems.filter((p) => p.id !== null).map((p) => p.id))).toEqual(new Set(withId))
  const idless = problems.filter((p) => p.id === null)
  expect(idless).toHaveLength(withoutId.size)
  expect(new Set(idless.map((p) => (p.raw as { id: unknown }).id))).toEqual(
    new Set([...withoutId].map((id) => `pledge-${id}`)),
  )
  expect(problems).toHaveLength(plan.broken.length)
  expect(new Set(problems.map((p) => p.rank)).size).toBe(problems.length)
  for (const problem of problems) {
    expect(problem.problems.length).toBeGreaterThan(0)
    for (const { path, message } of problem.problems) {
      expect(path).toMatch(/^(\(root\)|id|order)/)
      expect(message).not.toMatch(/received undefined|expected \w+, received/)
    }
  }
  const rawById = new Map(
    problems.map((p) => [Number(String((p.raw as Rec).id).replace(/^pledge-/, '')), p.raw]),
  )
  expect(rawById).toEqual(served.broken)
}

/** The snapshot's counts: orders plus problem rows make `pagination.count`. */
export function expectCounts(info: CampaignSnapshotInfo | null, plan: DriftPlan): void {
  expect(info).toMatchObject({
    count: plan.total - plan.broken.length,
    problemCount: plan.broken.length,
    expectedCount: plan.total,
  })
}

/**
 * The snapshot is exactly the listing: every readable row once (raw as served, the model as the
 * reader reads it, in the cache's order), every broken row once as a problem row, counts equal.
 * With drift on, the listing must really hold drifted and broken rows, or the run proves nothing.
 */
export function expectSnapshotOfListing(
  cache: OfflineCache,
  sim: Simulator,
  campaignId: number,
  privileged = true,
): ServedListing {
  const served = servedListing(sim, campaignId, privileged)
  const { plan } = served
  expect(plan.broken.length > 0).toBe(plan.rate > 0)
  expect(plan.drifted.length > plan.broken.length).toBe(plan.rate > 0)

  const models = servedModels(served)
  const cached = cache.contributions(campaignId)
  expect(cached.map((row) => row.id)).toEqual(models.map((row) => row.id))
  expect(cached).toEqual(models)
  expect(cache.rawContributions(campaignId)).toEqual(models.map((row) => served.good.get(row.id)))

  expectProblemRows(cache.problemRows(campaignId), served)
  expectCounts(cache.campaign(campaignId), plan)
  expect(cache.campaign(campaignId)?.privileged).toBe(privileged)
  return served
}

import { afterEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../src/main/core/api/api-client'
import { SnapshotShrank } from '../../../../src/main/core/sync/shrink'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import type { SyncResult } from '../../../../src/main/core/sync/sync-engine'
import type { CampaignContributionsPage } from '../../../../src/shared/api/schemas'
import type { Simulator } from '../../../../src/simulator'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  stagingCounts,
  startSim,
  tempDir,
} from '../../../helpers/harness'
import { expectCounts, expectProblemRows, servedListing } from '../../../helpers/served-snapshot'

afterEach(cleanup)

async function prepare(sim: Simulator) {
  const { session } = await makeSession(sim)
  return {
    cache: openTestCache(tempDir()),
    client: makeClient(sim, session),
    campaignId: sim.campaignIds[0]!,
  }
}

describe('syncCampaign with drift: every broken row is a problem row, kept and counted', () => {
  it('at 5 % drift', async () => {
    const sim = await startSim({ contributions: 1500, drift: 0.05 })
    const { cache, client, campaignId } = await prepare(sim)
    const served = servedListing(sim, campaignId, true)
    const { plan } = served
    expect(plan.broken.length).toBeGreaterThan(0)

    const result = await syncCampaign({ client, cache, campaignId, privileged: true })
    expectProblemRows(result.problemRows, served)
    expectCounts(result.snapshot, plan)
    expect(cache.problemRows(campaignId)).toEqual(result.problemRows)
    // Every readable row is an order, and no problem row is.
    const ids = new Set(cache.contributions(campaignId).map((row) => row.id))
    expect(ids.size).toBe(plan.total - plan.broken.length)
    for (const id of plan.broken) expect(ids.has(id)).toBe(false)
  })

  it('at 100 % drift, rows without a usable id included', async () => {
    const sim = await startSim({ contributions: 1200, drift: 1 })
    const { cache, client, campaignId } = await prepare(sim)
    const served = servedListing(sim, campaignId, true)
    expect(served.plan.nonNumericIds.length).toBeGreaterThan(0)

    const result = await syncCampaign({ client, cache, campaignId, privileged: true })
    expectProblemRows(cache.problemRows(campaignId), served)
    expectCounts(result.snapshot, served.plan)
  })

  it('with faults and pages shifting under inserts: 0 lost, 0 duplicated', async () => {
    const sim = await startSim({
      contributions: 900,
      drift: 0.05,
      faults: {
        seed: 7,
        errorRate: 0.1,
        rateLimitRate: 0.05,
        retryAfterSeconds: 0,
        resetRate: 0.03,
        truncateRate: 0.03,
        insertDuringWalk: { everyRequests: 6, count: 2 },
      },
    })
    const { session } = await makeSession(sim)
    const cache = openTestCache(tempDir())
    const client = makeClient(sim, session, { retry: { attempts: 12 } })
    const campaignId = sim.campaignIds[0]!
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency: 4,
    })
    // Inserted rows drift too: the plan of the dataset as it is now.
    const served = servedListing(sim, campaignId, true)
    expect(served.plan.total).toBeGreaterThan(900)
    expectProblemRows(result.problemRows, served)
    expectCounts(result.snapshot, served.plan)
  })
})

/** A client serving scripted pages: page number → answers in the order they are asked. */
function scriptedClient(pages: Record<number, CampaignContributionsPage[]>): ApiClient {
  const asked = new Map<number, number>()
  return {
    campaignContributions: async (_campaignId: number, page: number) => {
      const n = asked.get(page) ?? 0
      asked.set(page, n + 1)
      const answers = pages[page] ?? []
      const answer = answers[Math.min(n, answers.length - 1)]
      if (!answer) throw new Error(`page ${page} was not scripted`)
      return answer
    },
  } as unknown as ApiClient
}

const good = (id: number) => ({
  id,
  order: { id: id + 100, status: 'captured', perks: [{ id: 5, label: 'Perk', items: [] }] },
})
const broken = (id: number) => ({ id, order: { id: id + 100, status: 'captured' } })
const page = (count: number, response: unknown[]): CampaignContributionsPage => ({
  response,
  pagination: { count, pages: Math.ceil(count / 2), per_page: 2 },
})

describe('syncCampaign: a row read twice counts as its later copy', () => {
  // Three rows, two a page; a contribution (4) arrives during the walk and shifts row 2 onto
  // page 2, where it is read a second time; page 1 is then read again to catch row 4.
  it('read fine, then broken: a problem row, not an order', async () => {
    const cache = openTestCache(tempDir())
    const client = scriptedClient({
      1: [page(3, [good(3), good(2)]), page(4, [good(4), good(3)])],
      2: [page(4, [broken(2), good(1)])],
    })
    const result = await syncCampaign({ client, cache, campaignId: 9, privileged: true })
    expect(result.snapshot).toMatchObject({ count: 3, problemCount: 1, expectedCount: 4 })
    expect(cache.contributions(9).map((row) => row.id)).toEqual(expect.arrayContaining([1, 3, 4]))
    expect(cache.contributions(9).map((row) => row.id)).not.toContain(2)
    expect(cache.problemRows(9)).toEqual([
      expect.objectContaining({ id: 2, rank: 1, raw: broken(2) }),
    ])
  })

  it('broken, then read fine: an order, no longer a problem', async () => {
    const cache = openTestCache(tempDir())
    const client = scriptedClient({
      1: [page(3, [good(3), broken(2)]), page(4, [good(4), good(3)])],
      2: [page(4, [good(2), good(1)])],
    })
    const result = await syncCampaign({ client, cache, campaignId: 9, privileged: true })
    expect(result.snapshot).toMatchObject({ count: 4, problemCount: 0, expectedCount: 4 })
    expect(cache.problemRows(9)).toEqual([])
    expect(result.problemRows).toEqual([])
  })
})

/** Serve only the newest `n` contributions of the campaign from now on. */
function shrinkTo(sim: Simulator, campaignId: number, n: number) {
  const rows = sim.dataset.contributions.get(campaignId)!
  sim.dataset.contributions.set(campaignId, rows.slice(0, n))
}

async function shrank(promise: Promise<SyncResult>): Promise<SnapshotShrank<SyncResult>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SnapshotShrank)
  return error as SnapshotShrank<SyncResult>
}

describe('syncCampaign: a much smaller result never silently replaces the offline copy', () => {
  it('holds the smaller result until accepted; declining keeps the copy as it was', async () => {
    const sim = await startSim({ contributions: 300 })
    const { cache, client, campaignId } = await prepare(sim)
    await syncCampaign({ client, cache, campaignId, privileged: true })
    const before = cache.campaign(campaignId)
    const rowsBefore = cache.contributions(campaignId)

    shrinkTo(sim, campaignId, 200)
    const first = await shrank(syncCampaign({ client, cache, campaignId, privileged: true }))
    expect(first.counts).toEqual({
      campaignId,
      currentCount: 300,
      incomingCount: 200,
      incomingProblemCount: 0,
      fewerOrders: true,
      addressesLost: null,
    })
    expect(first.code).toBe('sync_shrank')
    expect(first.message).toMatch(/200 orders, the offline copy holds 300 \(66 %\)/)
    // Nothing stored changed while the choice is open.
    expect(cache.campaign(campaignId)).toEqual(before)
    expect(cache.contributions(campaignId)).toEqual(rowsBefore)
    // The smaller result waits, staged, for the choice.
    expect(stagingCounts(cache.path)).toEqual({ syncs: 1, rows: 200 })
    first.decline()
    first.decline()
    expect(cache.campaign(campaignId)).toEqual(before)
    expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
    expect(() => first.accept()).toThrow(/already aborted/)

    const second = await shrank(syncCampaign({ client, cache, campaignId, privileged: true }))
    const result = second.accept()
    expect(result.snapshot).toMatchObject({ count: 200, expectedCount: 200 })
    expect(cache.contributionCount(campaignId)).toBe(200)
    expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
  })

  it('a choice never made leaves nothing behind once the cache is closed', async () => {
    const sim = await startSim({ contributions: 300 })
    const { cache, client, campaignId } = await prepare(sim)
    await syncCampaign({ client, cache, campaignId, privileged: true })
    shrinkTo(sim, campaignId, 100)
    await shrank(syncCampaign({ client, cache, campaignId, privileged: true }))
    const file = cache.path
    cache.close()
    expect(stagingCounts(file)).toEqual({ syncs: 0, rows: 0 })
  })

  it('commits at once with acceptShrink, and never asks at 90 % or on a first sync', async () => {
    const sim = await startSim({ contributions: 300 })
    const { cache, client, campaignId } = await prepare(sim)
    shrinkTo(sim, campaignId, 10)
    // First sync: nothing to shrink from.
    expect(
      (await syncCampaign({ client, cache, campaignId, privileged: true })).snapshot.count,
    ).toBe(10)
    sim.dataset.contributions.set(campaignId, [])
    const empty = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      acceptShrink: true,
    })
    expect(empty.snapshot.count).toBe(0)
  })

  it('90 % exactly is not a shrink, one row fewer is', async () => {
    const sim = await startSim({ contributions: 300 })
    const { cache, client, campaignId } = await prepare(sim)
    await syncCampaign({ client, cache, campaignId, privileged: true })
    shrinkTo(sim, campaignId, 270)
    expect(
      (await syncCampaign({ client, cache, campaignId, privileged: true })).snapshot.count,
    ).toBe(270)
    shrinkTo(sim, campaignId, 242)
    const error = await shrank(syncCampaign({ client, cache, campaignId, privileged: true }))
    expect(error.counts).toMatchObject({ currentCount: 270, incomingCount: 242 })
    error.decline()
  })

  it('counts readable rows only: problem rows do not hide a shrink', async () => {
    const cache = openTestCache(tempDir())
    const rows = [5, 4, 3, 2, 1]
    const first = scriptedClient({
      1: [page(5, rows.slice(0, 2).map(good))],
      2: [page(5, rows.slice(2, 4).map(good))],
      3: [page(5, rows.slice(4).map(good))],
    })
    await syncCampaign({ client: first, cache, campaignId: 9, privileged: true })
    const before = cache.campaign(9)
    // As many rows as before, two of them broken: 3 orders of 5.
    const second = scriptedClient({
      1: [page(5, [good(5), broken(4)])],
      2: [page(5, [broken(3), good(2)])],
      3: [page(5, [good(1)])],
    })
    const error = await shrank(
      syncCampaign({ client: second, cache, campaignId: 9, privileged: true }),
    )
    expect(error.counts).toEqual({
      campaignId: 9,
      currentCount: 5,
      incomingCount: 3,
      incomingProblemCount: 2,
      fewerOrders: true,
      addressesLost: null,
    })
    error.decline()
    expect(cache.campaign(9)).toEqual(before)
    expect(cache.problemRows(9)).toEqual([])
  })
})

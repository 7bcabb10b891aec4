import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/main/core/system/perkpack-errors'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import type { SyncProgress } from '../../../../src/shared/ipc'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  stagingCounts,
  startSim,
  tempDir,
} from '../../../helpers/harness'
import { DRIFT_RATES, expectExact, prepare, stored } from '../../../helpers/sync-scene'
import { childArgs } from '../../../helpers/child-script'

const CHILD = fileURLToPath(new URL('../../../helpers/sync-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

const children: ChildProcess[] = []

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  await cleanup()
})

function expectMonotonic(events: SyncProgress[], total: number) {
  expect(events.length).toBeGreaterThan(1)
  for (let i = 1; i < events.length; i++) {
    expect(events[i]!.pagesDone).toBeGreaterThanOrEqual(events[i - 1]!.pagesDone)
    expect(events[i]!.records).toBeGreaterThanOrEqual(events[i - 1]!.records)
  }
  for (const event of events) expect(event.pagesDone).toBeLessThanOrEqual(event.pagesTotal)
  const last = events.at(-1)!
  expect(last.phase).toBe('done')
  expect(last.pagesDone).toBe(last.pagesTotal)
  expect(last.records).toBe(total)
  expect(last.expected).toBe(total)
}

describe.each(DRIFT_RATES)('syncCampaign at drift %s: the cache equals the simulator', (drift) => {
  it.each([1, 4, 16])('no faults, concurrency %i', async (concurrency) => {
    const sim = await startSim({ contributions: 250, drift })
    const { cache, client, campaignId } = await prepare(sim)
    const events: SyncProgress[] = []
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency,
      onProgress: (p) => events.push(p),
    })
    expect(result).toMatchObject({ pagesFetched: 9, walks: 1 })
    expect(sim.stats().byEndpoint.contributions).toBe(9)
    expectExact(cache, sim, campaignId)
    expectMonotonic(events, 250)
    expect(events.filter((e) => e.phase === 'walking').map((e) => e.pagesDone)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
    expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
    expect(cache.campaign(campaignId)?.title).toBe(
      sim.dataset.campaigns.find((c) => c.id === campaignId)?.slug,
    )
  })

  it('with 5xx, 429, resets and truncated bodies (fixed fault seed)', async () => {
    const sim = await startSim({
      contributions: 600,
      drift,
      faults: {
        errorRate: 0.2,
        rateLimitRate: 0.1,
        retryAfterSeconds: 0,
        resetRate: 0.05,
        truncateRate: 0.05,
        seed: 7,
      },
    })
    const { cache, session, campaignId } = await prepare(sim)
    // Which page meets which fault depends on timing: enough attempts that none runs out.
    const client = makeClient(sim, session, { retry: { attempts: 12 } })
    // One of each kind for sure (page 1 meets them in turn), then the random ones.
    for (const kind of ['503', '429', 'reset', 'truncate'] as const) sim.failNext(1, kind)
    const events: SyncProgress[] = []
    await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency: 6,
      onProgress: (p) => events.push(p),
    })
    const { faultsInjected } = sim.stats()
    expect(faultsInjected.error).toBeGreaterThan(0)
    expect(faultsInjected.rateLimit).toBeGreaterThan(0)
    expect(faultsInjected.reset).toBeGreaterThan(0)
    expect(faultsInjected.truncate).toBeGreaterThan(0)
    expectExact(cache, sim, campaignId)
    expectMonotonic(events, 600)
  })

  it('inserts during the walk: the grown set, no duplicates, count matches', async () => {
    const sim = await startSim({
      contributions: 450,
      drift,
      faults: { insertDuringWalk: { everyRequests: 4, count: 2 }, latencyMs: 5, jitterMs: 10 },
    })
    const { cache, client, campaignId } = await prepare(sim)
    const events: SyncProgress[] = []
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency: 4,
      onProgress: (p) => events.push(p),
    })
    const inserted = sim.stats().faultsInjected.inserted
    expect(inserted).toBeGreaterThanOrEqual(6)
    expect(sim.dataset.contributions.get(campaignId)).toHaveLength(450 + inserted)
    expect(result.snapshot.expectedCount).toBe(450 + inserted)
    expectExact(cache, sim, campaignId)
    expectMonotonic(events, 450 + inserted)
    expect(events.some((e) => e.phase === 'catching-up')).toBe(true)
  })

  it('inserts during a one-page-at-a-time walk are caught up too', async () => {
    const sim = await startSim({
      contributions: 200,
      drift,
      faults: { insertDuringWalk: { everyRequests: 3, count: 1 } },
    })
    const { cache, client, campaignId } = await prepare(sim)
    await syncCampaign({ client, cache, campaignId, privileged: true, concurrency: 1 })
    expect(sim.stats().faultsInjected.inserted).toBeGreaterThan(0)
    expectExact(cache, sim, campaignId)
  })

  it('rows vanishing upstream during the walk: walks again, then exact', async () => {
    const sim = await startSim({ contributions: 300, drift })
    const { cache, client, campaignId } = await prepare(sim)
    const listing = sim.dataset.contributions.get(campaignId)!
    const events: SyncProgress[] = []
    let removed = 0
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      concurrency: 1,
      onProgress: (p) => {
        events.push(p)
        // Two rows of page 1, already received, disappear from the listing.
        if (p.pagesDone === 5 && removed === 0) removed = listing.splice(10, 2).length
      },
    })
    expect(removed).toBe(2)
    expect(result.walks).toBe(2)
    expect(result.snapshot.expectedCount).toBe(298)
    expectExact(cache, sim, campaignId)
    expect(events.some((e) => e.phase === 'rewalking')).toBe(true)
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.pagesDone).toBeGreaterThanOrEqual(events[i - 1]!.pagesDone)
    }
    expect(events.at(-1)).toMatchObject({ phase: 'done', records: 298 })
    expect(events.at(-1)!.pagesDone).toBe(events.at(-1)!.pagesTotal)
  })

  it('unprivileged (API token only): rows without e-mail and shipping', async () => {
    const sim = await startSim({ contributions: 100, drift })
    const { cache, client, campaignId } = await prepare(sim, false)
    const result = await syncCampaign({ client, cache, campaignId, privileged: false })
    expect(result.snapshot.privileged).toBe(false)
    const cached = cache.contributions(campaignId)
    expect(cached.some((c) => 'email' in c || 'shipping' in c.order)).toBe(false)
    expectExact(cache, sim, campaignId, false)
    expect(sim.stats().tokenGrants).toBe(0)
  })
})

describe.each(DRIFT_RATES)(
  'syncCampaign at drift %s: failures keep the previous snapshot',
  (drift) => {
    it('a sync whose retries run out: typed error, previous snapshot intact', async () => {
      const sim = await startSim({ contributions: 200, drift })
      const { cache, session, campaignId } = await prepare(sim)
      const client = makeClient(sim, session, { retry: { attempts: 2 } })
      await syncCampaign({ client, cache, campaignId, privileged: true })
      expectExact(cache, sim, campaignId)
      const before = stored(cache, campaignId)

      sim.setFaults({ errorRate: 1 })
      const error = await syncCampaign({ client, cache, campaignId, privileged: true }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).message).toMatch(/Gave up after 2 attempts/)
      expect(stored(cache, campaignId)).toEqual(before)
      expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
    })

    it('a failure after page 1 (retries exhausted on a later page) also keeps it', async () => {
      const sim = await startSim({ contributions: 200, drift, faults: { latencyMs: 5 } })
      const { cache, session, campaignId } = await prepare(sim)
      const client = makeClient(sim, session, { retry: { attempts: 2 } })
      await syncCampaign({ client, cache, campaignId, privileged: true })
      expectExact(cache, sim, campaignId)
      const before = stored(cache, campaignId)

      let failed = false
      const error = await syncCampaign({
        client,
        cache,
        campaignId,
        privileged: true,
        concurrency: 1,
        onProgress: (p) => {
          if (p.pagesDone === 3 && !failed) {
            failed = true
            sim.failNext(2, '502')
          }
        },
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status: 502 })
      expect(stored(cache, campaignId)).toEqual(before)
      expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
    })
  },
)

describe('syncCampaign: nothing to read, or nothing to start', () => {
  it('an empty campaign: an empty snapshot, progress complete', async () => {
    const sim = await startSim({ contributions: 0 })
    const { cache, client, campaignId } = await prepare(sim)
    const events: SyncProgress[] = []
    const result = await syncCampaign({
      client,
      cache,
      campaignId,
      privileged: true,
      onProgress: (p) => events.push(p),
    })
    expect(result.snapshot).toMatchObject({ count: 0, expectedCount: 0 })
    expect(cache.contributions(campaignId)).toEqual([])
    expectMonotonic(events, 0)
  })

  it('rejects a concurrency outside 1..16 with a clear message', async () => {
    const sim = await startSim({ contributions: 30 })
    const { cache, client, campaignId } = await prepare(sim)
    for (const concurrency of [0, 17, 2.5, -1]) {
      await expect(
        syncCampaign({ client, cache, campaignId, privileged: true, concurrency }),
      ).rejects.toThrow(
        `Sync concurrency must be a whole number from 1 to 16 (got ${concurrency}).`,
      )
    }
    expect(sim.stats().byEndpoint.contributions).toBe(0)
    expect(cache.campaign(campaignId)).toBeNull()
  })
})

describe.each(DRIFT_RATES)(
  'syncCampaign at drift %s: a sync process killed with SIGKILL',
  (drift) => {
    it('leaves the previous snapshot intact, and the next sync is exact', async () => {
      const sim = await startSim({ contributions: 600, drift })
      const dataDir = tempDir()
      const profile = 'killed'
      const campaignId = sim.campaignIds[0]!

      // The previous snapshot: unprivileged, so the killed privileged sync differs from it.
      let cache = openTestCache(dataDir, profile)
      const unprivileged = await makeSession(sim, { email: null })
      await syncCampaign({
        client: makeClient(sim, unprivileged.session),
        cache,
        campaignId,
        privileged: false,
      })
      expectExact(cache, sim, campaignId, false)
      const before = stored(cache, campaignId)
      const file = cache.path
      cache.close()

      sim.setFaults({ latencyMs: 250 })
      const child = spawn(process.execPath, childArgs(CHILD), {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          SYNC_CHILD_BASE_URL: sim.baseUrl,
          SYNC_CHILD_API_TOKEN: sim.credentials.apiToken,
          SYNC_CHILD_EMAIL: sim.credentials.email,
          SYNC_CHILD_PASSWORD: sim.credentials.password,
          SYNC_CHILD_DATA_DIR: dataDir,
          SYNC_CHILD_PROFILE: profile,
          SYNC_CHILD_CAMPAIGN: String(campaignId),
          SYNC_CHILD_CONCURRENCY: '2',
        },
      })
      children.push(child)
      let stderr = ''
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const seen: string[] = []
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          seen.push(line)
          const match = /^PROGRESS walking (\d+) (\d+)/.exec(line)
          if (match && Number(match[1]) >= 5) resolve()
        })
        child.on('exit', (code) => reject(new Error(`child exited ${code}: ${seen}\n${stderr}`)))
      })
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      const [code, signal] = (await exited) as [number | null, string | null]
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' })
      expect(seen.some((line) => line.startsWith('DONE'))).toBe(false)

      // Mid-way for real: the dead process left staged rows behind.
      const staged = stagingCounts(file)
      expect(staged.syncs).toBe(1)
      expect(staged.rows).toBeGreaterThanOrEqual(150)
      expect(staged.rows).toBeLessThan(600)

      cache = openTestCache(dataDir, profile)
      expect(stagingCounts(file)).toEqual({ syncs: 0, rows: 0 })
      expect(stored(cache, campaignId)).toEqual(before)

      sim.setFaults({ latencyMs: 0 })
      const { session } = await makeSession(sim)
      await syncCampaign({ client: makeClient(sim, session), cache, campaignId, privileged: true })
      expectExact(cache, sim, campaignId)
    }, 60_000)
  },
)

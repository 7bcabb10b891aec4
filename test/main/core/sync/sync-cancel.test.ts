import { afterEach, describe, expect, it } from 'vitest'
import { Cancelled } from '../../../../src/main/core/system/perkpack-errors'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import { cleanup, stagingCounts, startSim } from '../../../helpers/harness'
import { DRIFT_RATES, expectExact, prepare, stored } from '../../../helpers/sync-scene'

/**
 * A cancel mid-sync, on its own file: it holds the engine to a time on the wall clock (the
 * requests in flight dropped at once), so it runs in the `timed` project, alone; the rest of
 * the engine's tests (sync-engine.test.ts) run beside others.
 */

afterEach(cleanup)

describe.each(DRIFT_RATES)(
  'syncCampaign at drift %s: a cancel keeps the previous snapshot',
  (drift) => {
    it('cancelled mid-sync: Cancelled, previous snapshot intact, staging empty, next sync exact', async () => {
      const sim = await startSim({ contributions: 300, drift })
      const { cache, client, campaignId } = await prepare(sim)
      // First snapshot: unprivileged, so it differs from what the later syncs would store.
      const unprivileged = await prepare(sim, false)
      await syncCampaign({
        client: unprivileged.client,
        cache,
        campaignId,
        privileged: false,
      })
      expectExact(cache, sim, campaignId, false)
      const before = stored(cache, campaignId)

      sim.setFaults({ latencyMs: 400 })
      sim.resetStats()
      const controller = new AbortController()
      let events = 0
      let staged = { syncs: 0, rows: 0 }
      let requestsAtAbort = 0
      let abortedAt = 0
      // The pages asked for, counted where they are asked: one asked just before the abort may
      // reach the simulator after it (and is dropped there), so its count cannot tell.
      let asked = 0
      const counting = Object.create(client) as typeof client
      counting.campaignContributions = (...args) => {
        asked++
        return client.campaignContributions(...args)
      }
      const error = await syncCampaign({
        client: counting,
        cache,
        campaignId,
        privileged: true,
        concurrency: 2,
        signal: controller.signal,
        onProgress: () => {
          if (++events === 2) {
            staged = stagingCounts(cache.path)
            requestsAtAbort = asked
            abortedAt = Date.now()
            controller.abort()
          }
        },
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Cancelled)
      // At once: the requests in flight were dropped (they would answer only after 400 ms)...
      expect(Date.now() - abortedAt).toBeLessThan(400)
      await new Promise((resolve) => setTimeout(resolve, 100))
      // ...and no page was asked for after the abort.
      expect(asked).toBe(requestsAtAbort)
      expect(sim.stats().byEndpoint.contributions).toBeLessThanOrEqual(requestsAtAbort)
      // It really was mid-way: rows were staged when it was cancelled.
      expect(staged.rows).toBeGreaterThan(0)
      expect(staged.rows).toBeLessThan(300)
      expect(stored(cache, campaignId)).toEqual(before)
      expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })

      sim.setFaults({ latencyMs: 0 })
      await syncCampaign({ client, cache, campaignId, privileged: true })
      expectExact(cache, sim, campaignId)
    })
  },
)

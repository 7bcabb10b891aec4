import type { Simulator } from '../../src/simulator'
import { makeClient, makeSession, openTestCache, tempDir } from './harness'
import { expectSnapshotOfListing } from './served-snapshot'

/**
 * What the sync engine's tests share (sync-engine.test.ts, and sync-cancel.test.ts, which holds
 * the one test timed on the wall clock and runs alone in the `timed` project).
 */

/**
 * Every fault scenario runs against clean rows and against a listing where a fifth of the rows
 * drift the way real payloads do, a tenth of those broken beyond the minimal schema (a rate
 * high enough that even the small listings here hold problem rows).
 */
export const DRIFT_RATES = [0, 0.2]

/** A signed-in client of `sim`, a fresh offline copy, and the campaign to sync. */
export async function prepare(sim: Simulator, privileged = true) {
  const { session } = await makeSession(sim, privileged ? {} : { email: null })
  const cache = openTestCache(tempDir())
  const client = makeClient(sim, session)
  return { session, cache, client, campaignId: sim.campaignIds[0]! }
}

/**
 * The cache holds exactly what the simulator serves: every readable row once, as sent and as
 * read, every broken row once as a problem row, and orders + problem rows = `pagination.count`.
 */
export const expectExact = expectSnapshotOfListing

/** Everything the offline copy of a campaign holds, to prove a failed sync changed none of it. */
export function stored(cache: ReturnType<typeof openTestCache>, campaignId: number) {
  return {
    info: cache.campaign(campaignId),
    raw: cache.rawContributions(campaignId),
    models: cache.contributions(campaignId),
    problems: cache.problemRows(campaignId),
  }
}

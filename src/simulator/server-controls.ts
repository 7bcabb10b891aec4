import { driftPlan } from './drift'
import type { DriftPlan } from './drift'
import type { FailKind, FaultConfig } from './faults'
import type { HandlerDeps } from './server-handlers'
import { emptyStats, snapshotStats } from './server-stats'
import type { SimStats } from './server-stats'

/**
 * What a test may change in a running simulator: faults, tokens, jobs, counters. Tests in the
 * same process call these on the `Simulator`; tests in another process reach the same functions
 * through the /__sim endpoints.
 */
export interface SimControls {
  faults(): FaultConfig
  /** Merge a partial update; throws FaultConfigError on a bad value. */
  setFaults(partial: Partial<FaultConfig>): FaultConfig
  /** The next `count` API requests fail with `kind`, before any random fault. */
  failNext(count: number, kind: FailKind): void
  /**
   * Which rows of a campaign (default the primary) are served drifted or broken at the current
   * drift rate, or at `rate` when given.
   */
  driftPlan(campaignId?: number, rate?: number): DriftPlan
  expireAllTokens(): number
  resetJobs(): void
  stats(): SimStats
  resetStats(): void
}

export type ControlledParts = Pick<HandlerDeps, 'dataset' | 'faults' | 'tokens' | 'jobs' | 'stats'>

export function simControls(parts: ControlledParts): SimControls {
  const { dataset, faults, tokens, jobs, stats } = parts
  return {
    faults: () => ({ ...faults.config }),
    setFaults: (partial) => faults.update(partial),
    failNext: (count, kind) => faults.failNext(count, kind),
    driftPlan: (campaignId, rate) =>
      driftPlan(dataset, rate ?? faults.config.drift, campaignId ?? dataset.campaigns[0]?.id),
    expireAllTokens: () => tokens.expireAll(),
    resetJobs: () => jobs.reset(),
    stats: () => snapshotStats(stats),
    resetStats: () => {
      Object.assign(stats, emptyStats())
    },
  }
}

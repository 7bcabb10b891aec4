import { emptyFaultCounters } from './faults'
import type { FaultCounters } from './faults'

export type Endpoint =
  'contributions' | 'accountContributions' | 'batchStatus' | 'signups' | 'token'

export interface SimStats {
  /** Requests to the API and the token endpoint (the /__sim test endpoints are not counted). */
  requests: number
  byEndpoint: Record<Endpoint, number>
  /** Status codes of complete responses; a reset connection has none and is not counted. */
  byStatus: Record<number, number>
  tokenGrants: number
  /** Access tokens renewed with the refresh grant (not counted in tokenGrants). */
  tokenRefreshes: number
  faultsInjected: FaultCounters
}

export function emptyStats(): SimStats {
  return {
    requests: 0,
    byEndpoint: { contributions: 0, accountContributions: 0, batchStatus: 0, signups: 0, token: 0 },
    byStatus: {},
    tokenGrants: 0,
    tokenRefreshes: 0,
    faultsInjected: emptyFaultCounters(),
  }
}

export function snapshotStats(stats: SimStats): SimStats {
  return {
    ...stats,
    byEndpoint: { ...stats.byEndpoint },
    byStatus: { ...stats.byStatus },
    faultsInjected: { ...stats.faultsInjected },
  }
}

export function countStatus(stats: SimStats, status: number): void {
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1
}

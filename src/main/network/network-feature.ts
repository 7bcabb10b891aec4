import type { AppBasics } from '../feature-deps'
import { NetworkMonitor } from './network-monitor'

export type NetworkFeatureDeps = Pick<AppBasics, 'emit' | 'now'>

/** Online or not: every request's fetch goes through the monitor. Needs no other feature. */
export function createNetworkFeature({ emit, now }: NetworkFeatureDeps): NetworkMonitor {
  return new NetworkMonitor((status) => emit('network:status', status), now)
}

import { defineHandlers } from '../ipc/define-handlers'
import type { NetworkMonitor } from './network-monitor'

export function networkHandlers(network: NetworkMonitor) {
  return defineHandlers({
    'network:status': () => network.current,
  })
}

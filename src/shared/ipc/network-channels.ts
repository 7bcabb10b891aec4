import type { NetworkStatus } from './results'
import { returns } from './returns'
import { noArgs } from './channel-args'

export const NETWORK_CHANNELS = {
  'network:status': { method: 'networkStatus', args: noArgs, result: returns<NetworkStatus>() },
} as const

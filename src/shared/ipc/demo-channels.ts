import type { DemoStarted } from './results'
import type { DemoCampaign } from './campaign-names'
import { returns } from './returns'
import { noArgs } from './channel-args'

export const DEMO_CHANNELS = {
  /** Starts the bundled simulator in the main process and signs in to it. */
  'demo:start': { method: 'startDemo', args: noArgs, result: returns<DemoStarted>() },
  /** The demo's campaigns to pick from; empty outside the demo. */
  'demo:campaigns': { method: 'demoCampaigns', args: noArgs, result: returns<DemoCampaign[]>() },
} as const

import type { SimulatorOptions } from '../../simulator'
import type { AppBasics } from '../feature-deps'
import type { SessionFeature } from '../session/session-feature'
import { DemoDesk } from './demo'

export interface DemoFeatureDeps extends Pick<AppBasics, 'dataDir'> {
  /** The demo signs the session in to the simulator it starts. */
  session: Pick<SessionFeature, 'connection'>
  /** Tests shrink the demo; the app uses 5,000 contributions, 25 ms of latency, 3 % drift. */
  simulator?: Partial<SimulatorOptions>
}

/** The simulator started in process for the demo. Needs the session. */
export function createDemoFeature({ dataDir, session, simulator }: DemoFeatureDeps): DemoDesk {
  return new DemoDesk(session.connection, dataDir, simulator)
}

import type { CampaignDesk } from '../campaigns/campaign-open'
import { defineHandlers } from '../ipc/define-handlers'
import type { DemoDesk } from './demo'

/** The demo: the simulator started in process, and its campaigns. */
export function demoHandlers(demo: DemoDesk, campaigns: CampaignDesk) {
  return defineHandlers({
    'demo:start': async () => {
      const started = await demo.start()
      // The simulator's titles name its campaigns from the first screen on.
      campaigns.demo()
      return started
    },
    'demo:campaigns': () => campaigns.demo(),
  })
}

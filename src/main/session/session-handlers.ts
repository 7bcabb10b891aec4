import { defineHandlers } from '../ipc/define-handlers'
import type { CampaignDesk } from './campaign-open'
import type { Connection } from './connection'
import type { DemoDesk } from './demo'
import type { SettingsDesk } from './settings-desk'
import type { SignInDesk } from './sign-in'

export function sessionHandlers(session: {
  connection: Connection
  settings: SettingsDesk
  signIn: SignInDesk
  demo: DemoDesk
  campaigns: CampaignDesk
}) {
  const { connection, settings, signIn, demo, campaigns } = session
  return defineHandlers({
    'app:info': () => connection.appInfo(),
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
    'session:status': () => connection.sessionInfo(),
    'session:signIn': (input) => signIn.signIn(input),
    'session:reauthenticate': ({ password }) => signIn.reauthenticate(password),
    'session:signOut': () => signIn.signOut(),
    'demo:start': async () => {
      const started = await demo.start()
      // The simulator's titles name its campaigns from the first screen on.
      campaigns.demo()
      return started
    },
    'demo:campaigns': () => campaigns.demo(),
    'campaigns:open': ({ campaignId }) => campaigns.open(campaignId),
    'campaigns:rename': ({ campaignId, name }) => campaigns.rename(campaignId, name),
  })
}

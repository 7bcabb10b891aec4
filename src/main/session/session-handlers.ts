import { defineHandlers } from '../ipc/define-handlers'
import type { Connection } from './connection'
import type { DemoDesk } from './demo'
import type { SettingsDesk } from './settings-desk'
import type { SignInDesk } from './sign-in'

export function sessionHandlers(session: {
  connection: Connection
  settings: SettingsDesk
  signIn: SignInDesk
  demo: DemoDesk
}) {
  const { connection, settings, signIn, demo } = session
  return defineHandlers({
    'app:info': () => connection.appInfo(),
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
    'session:status': () => connection.sessionInfo(),
    'session:signIn': (input) => signIn.signIn(input),
    'session:reauthenticate': ({ password }) => signIn.reauthenticate(password),
    'session:signOut': () => signIn.signOut(),
    'demo:start': () => demo.start(),
  })
}

import { defineHandlers } from '../ipc/define-handlers'
import type { Connection } from './connection'
import type { SignInDesk } from './sign-in'

/** Who is signed in, and signing in and out. */
export function sessionHandlers(connection: Connection, signIn: SignInDesk) {
  return defineHandlers({
    'session:status': () => connection.sessionInfo(),
    'session:signIn': (input) => signIn.signIn(input),
    'session:reauthenticate': ({ password }) => signIn.reauthenticate(password),
    'session:signOut': () => signIn.signOut(),
  })
}

import { z } from 'zod'
import { signInSchema } from './session-schemas'
import { reauthPasswordSchema } from './field-schemas'
import type { SessionInfo } from './results'
import { returns } from './returns'
import { noArgs } from './channel-args'

export const SESSION_CHANNELS = {
  'session:status': { method: 'sessionStatus', args: noArgs, result: returns<SessionInfo>() },
  'session:signIn': {
    method: 'signIn',
    args: z.tuple([signInSchema]),
    result: returns<SessionInfo>(),
  },
  /** After a SignInRequired: the password again, without leaving the screen. */
  'session:reauthenticate': {
    method: 'reauthenticate',
    args: z.tuple([z.strictObject({ password: reauthPasswordSchema })]),
    result: returns<SessionInfo>(),
  },
  /** Removes every secret of the account and wipes its cached data. */
  'session:signOut': { method: 'signOut', args: noArgs, result: returns<SessionInfo>() },
} as const

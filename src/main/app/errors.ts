import type { IpcError } from '../../shared/ipc/contract'
import { PerkPackError } from '../services/errors'
import { describeError, redact } from '../services/redact'

export const INTERNAL_MESSAGE =
  'Something went wrong inside PerkPack. Try again; if it happens again, restart PerkPack and ' +
  'report the problem with the log.'

/** A message fit for a person: our own errors speak for themselves, anything else does not. */
export function userMessage(error: unknown): string {
  return error instanceof PerkPackError ? redact(error.message) : INTERNAL_MESSAGE
}

/**
 * An error as it crosses to the renderer. Errors we raised keep their stable code and message
 * (redacted once more: a message built from a server's words may hold a token we learned late);
 * anything unexpected is a bug, so the renderer gets a generic sentence and the log the details.
 */
export function toIpcError(error: unknown, log: (line: string) => void): IpcError {
  if (error instanceof PerkPackError) return { code: error.code, message: redact(error.message) }
  log(describeError(error, true))
  return { code: 'internal', message: INTERNAL_MESSAGE }
}

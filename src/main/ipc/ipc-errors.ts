import type { IpcError } from '../../shared/ipc'
import { ApiError, PerkPackError } from '../core/system/perkpack-errors'
import { describeError, redact } from '../core/system/redact'

const INTERNAL_MESSAGE =
  'Something went wrong inside PerkPack. Try again; if it happens again, restart PerkPack and ' +
  'report the problem with the log.'

/**
 * An API error as the app shows it. The message names the request for the CLI and the log; on
 * screen a path like `/2/campaigns/123/contributions.json?page=7` means nothing to the person
 * shipping, so it goes; the next step (a failure to reach the API: which address to check) stays.
 */
function apiMessage(error: ApiError): string {
  const path = error.endpoint
  // The window's next step names its Settings fields, not the command line's flags.
  let text = redact(
    error.appStep === undefined ? error.message : `${error.reason} ${error.appStep}`,
  )
  if (path) {
    text = text
      .split(` for ${path}`)
      .join('')
      .split(` (${path})`)
      .join('')
      .split(path)
      .join('the request')
  }
  return text
}

/** A message fit for a person: our own errors speak for themselves, anything else does not. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) return apiMessage(error)
  return error instanceof PerkPackError ? redact(error.message) : INTERNAL_MESSAGE
}

/**
 * An error as it crosses to the renderer. Errors we raised keep their stable code and message
 * (redacted once more: a message built from a server's words may hold a token we learned late);
 * anything unexpected is a bug, so the renderer gets a generic sentence and the log the details.
 */
export function toIpcError(error: unknown, log: (line: string) => void): IpcError {
  if (error instanceof ApiError) {
    // The request it was about stays in the log, for whoever looks into it.
    log(`${error.code}: ${redact(error.message)}`)
    return { code: error.code, message: apiMessage(error) }
  }
  if (error instanceof PerkPackError) return { code: error.code, message: redact(error.message) }
  log(describeError(error, true))
  return { code: 'internal', message: INTERNAL_MESSAGE }
}

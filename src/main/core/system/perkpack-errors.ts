import type { ApiErrorKind, IpcErrorCode } from '../../../shared/ipc'
import { nothingToPrintText } from '../../../shared/fulfillment/shipping'
import { redact } from './redact'

/**
 * Errors a person may read. Every message is redacted at construction, so no path that
 * prints an error (CLI, IPC, log) can leak a token even if it forgets to redact.
 */
export class PerkPackError extends Error {
  override name = 'PerkPackError'
  /** Stable code for the UI and for IPC replies. */
  readonly code: IpcErrorCode
  constructor(code: IpcErrorCode, message: string, options?: { cause?: unknown }) {
    super(redact(message), options)
    this.code = code
  }
}

export class ApiError extends PerkPackError {
  override name = 'ApiError'
  /** Worth another attempt: network trouble, 408, 429, 5xx, a truncated body. */
  readonly retryable: boolean
  /** What went wrong: the message without its next step. */
  readonly reason: string
  /**
   * What the person can do, the message's last sentence; kept apart so that a retry loop's
   * "Gave up after 6 attempts." goes before it.
   */
  readonly nextStep: string | undefined
  /** The next step as the window words it, where the CLI's names a flag; else `nextStep`. */
  readonly appStep: string | undefined
  constructor(
    readonly kind: ApiErrorKind,
    /** Redacted path of the request, e.g. `/2/campaigns/123/contributions.json?page=2`. */
    readonly endpoint: string,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; retryable?: boolean; nextStep?: string; appStep?: string },
  ) {
    const nextStep = options?.nextStep
    super(`api_${kind}`, nextStep === undefined ? message : `${message} ${nextStep}`, options)
    this.endpoint = redact(endpoint)
    this.retryable = options?.retryable ?? false
    this.reason = redact(message)
    this.nextStep = nextStep === undefined ? undefined : redact(nextStep)
    this.appStep = options?.appStep === undefined ? this.nextStep : redact(options.appStep)
  }
}

/** The app's answer for a campaign with no offline copy: the fix is the Sync button. */
export function campaignNotSynced(campaignId: number): PerkPackError {
  return new PerkPackError(
    'campaign_not_synced',
    `Campaign ${campaignId} has no offline copy yet. Choose "Sync now" to download its orders.`,
  )
}

/**
 * A document with nothing in it, refused: `nothing_selected` when the selection is empty (other
 * filters are the fix), `nothing_to_print` when none of it ships (the pre-print checks say why).
 */
export function nothingToPrint(
  document: string,
  selected: number,
  verb: 'print' | 'write' = 'print',
): PerkPackError {
  return new PerkPackError(
    selected === 0 ? 'nothing_selected' : 'nothing_to_print',
    nothingToPrintText(document, selected, verb),
  )
}

/**
 * A PerkPackError class for one code whose message people read when the thrower gives none.
 * Callers tell these apart with `instanceof` (the CLI words each), so each stays its own class.
 */
function errorWithCode(name: string, code: IpcErrorCode, defaultMessage: string) {
  return class extends PerkPackError {
    override name = name
    constructor(message = defaultMessage) {
      super(code, message)
    }
  }
}

/** No usable access token and no password in this process to get one. */
export class SignInRequired extends errorWithCode(
  'SignInRequired',
  'sign_in_required',
  'Your session has expired. Sign in again with your e-mail and password.',
) {}

/** The e-mail or password was refused by the token endpoint. */
export class InvalidCredentials extends errorWithCode(
  'InvalidCredentials',
  'invalid_credentials',
  'The e-mail or password was not accepted. Check both and try again.',
) {}

export class Cancelled extends errorWithCode('Cancelled', 'cancelled', 'Cancelled.') {}

/** Bad input from a person (a flag, a field): the message says what is wrong and the fix. */
export class UsageError extends PerkPackError {
  override name = 'UsageError'
  constructor(message: string) {
    super('usage', message)
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Cancelled ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  )
}

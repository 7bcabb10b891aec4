import { ApiError, Cancelled } from '../system/perkpack-errors'

export type FetchLike = typeof globalThis.fetch

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** A server asking for a longer pause than this is not waited for longer. */
  maxRetryAfterMs: number
  /** Per attempt: headers and body must arrive within this. */
  attemptTimeoutMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  attemptTimeoutMs: 30_000,
}

/** Exponential backoff with full jitter (AWS architecture blog): spreads retries of many clients. */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return Math.floor(random() * ceiling)
}

/** `Retry-After` as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return null
  return Math.max(0, date - nowMs)
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Cancelled())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new Cancelled())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** What one attempt came to: the answer, or a failure worth another attempt. */
export type Attempt<T> =
  | { ok: true; value: T }
  /** `waitAtLeastMs`: the pause the server asked for (a 429's Retry-After), already capped. */
  | { ok: false; error: ApiError; waitAtLeastMs?: number }

export interface RetryInfo {
  endpoint: string
  attempt: number
  delayMs: number
  reason: string
}

export interface RetryOptions {
  policy: RetryPolicy
  /** Redacted request line, for the final message and `onRetry`. */
  endpoint: string
  signal?: AbortSignal | undefined
  sleep?: Sleep | undefined
  random?: (() => number) | undefined
  /** Each retry, for logs and `--debug`. */
  onRetry?: ((info: RetryInfo) => void) | undefined
}

/**
 * Runs `attempt` up to `policy.attempts` times, pausing between attempts with full-jitter backoff
 * (never less than a server asked for). A retryable ApiError thrown by an attempt (network
 * trouble, a truncated body) counts as a failed attempt; any other error ends it at once. When
 * every attempt failed, the last failure is thrown with "Gave up after N attempts." before its
 * next step.
 */
export async function withRetries<T>(
  attempt: () => Promise<Attempt<T>>,
  options: RetryOptions,
): Promise<T> {
  const { policy, endpoint, signal } = options
  const pause = options.sleep ?? sleep
  let lastError: ApiError | undefined
  for (let n = 1; n <= policy.attempts; n++) {
    let waitAtLeastMs = 0
    try {
      const outcome = await attempt()
      if (outcome.ok) return outcome.value
      lastError = outcome.error
      waitAtLeastMs = outcome.waitAtLeastMs ?? 0
    } catch (error) {
      if (!(error instanceof ApiError) || !error.retryable) throw error
      lastError = error
    }
    if (n === policy.attempts) break
    const delayMs = Math.max(waitAtLeastMs, backoffDelay(n, policy, options.random))
    options.onRetry?.({ endpoint, attempt: n, delayMs, reason: lastError.message })
    await pause(delayMs, signal)
  }
  const final = lastError as ApiError
  throw new ApiError(
    final.kind,
    endpoint,
    `${final.reason} Gave up after ${policy.attempts} attempts.`,
    final.status,
    { cause: final, retryable: true, nextStep: final.nextStep, appStep: final.appStep },
  )
}

/**
 * One attempt: fetch and read the whole body under a per-attempt timeout tied to the caller's
 * signal. Reading the body is part of the attempt, because a connection reset mid-body is the
 * same failure as one before the headers.
 */
export async function fetchText(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  endpoint: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ status: number; headers: Headers; text: string }> {
  if (signal?.aborted) throw new Cancelled()
  const timeout = AbortSignal.timeout(timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
  try {
    const response = await fetchImpl(url, { ...init, signal: combined })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text }
  } catch (error) {
    if (signal?.aborted) throw new Cancelled()
    const timedOut = timeout.aborted
    const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`
    const detail = timedOut ? `no complete answer within ${limit}` : networkReason(error)
    throw new ApiError(
      'network',
      endpoint,
      `Could not reach ${hostOf(url)} (${detail}) for ${endpoint}.`,
      undefined,
      {
        cause: error,
        retryable: true,
        nextStep: unreachableNextStep(endpoint, true),
        appStep: unreachableNextStep(endpoint, false),
      },
    )
  }
}

/** "127.0.0.1:4010": the server as the settings name it (never the path, which holds tokens). */
function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the server'
  }
}

/**
 * Where the address is set: sign-in goes to the Auth URL, everything else to the API base URL;
 * the command line's words name its flag too, the window's only its Settings field.
 */
function unreachableNextStep(endpoint: string, cli: boolean): string {
  const [what, setting, option] = endpoint.includes('/oauth/')
    ? ['sign-in address', 'Auth URL', '--auth-url']
    : ['API address', 'API base URL', '--base-url']
  const where = cli ? `${setting} in Settings, or ${option} for perkpack` : `${setting} in Settings`
  return `Check the network or the ${what} (${where}), then try again.`
}

function networkReason(error: unknown): string {
  const cause =
    error instanceof Error
      ? (error.cause as { code?: string; message?: string } | undefined)
      : undefined
  if (cause?.code === 'ECONNREFUSED') return 'connection refused'
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'connection reset'
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'host not found'
  if (cause?.code) return cause.code
  return error instanceof Error ? error.message : String(error)
}

/**
 * The body of a 200 answer from `endpoint` read as JSON; if it is not JSON, an ApiError
 * 'bad_response' with the caller's own `message` (each service words it for its reader).
 */
export function parseJsonBody(
  text: string,
  endpoint: string,
  message: string,
  options: { retryable?: boolean } = {},
): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    throw new ApiError('bad_response', endpoint, message, 200, { cause, ...options })
  }
}

import type { Ref } from 'vue'
import type { IpcErrorCode } from '@shared/ipc'
import { errorCode, errorMessage } from '@renderer/api'

/** How a request to main ended: its answer, or main's code and message. */
export interface RequestFailure {
  ok: false
  code: IpcErrorCode | null
  message: string
}
export type RequestOutcome<T> = { ok: true; value: T } | RequestFailure

export interface TrackOptions<T> {
  /** True from the start until the request settles. */
  busy?: Ref<boolean>
  /** Cleared at the start; main's message (already worded for people) when the request fails. */
  error?: Ref<string | null>
  /** Codes the caller answers itself (a retry after sign-in): not put in `error`. */
  quiet?: readonly IpcErrorCode[]
  /** Takes the answer in before `busy` drops, so no frame shows the one without the other. */
  apply?: (value: T) => unknown
  /** Reacts to the failure (by its code) before `busy` drops. */
  failed?: (failure: RequestFailure) => unknown
}

/**
 * The skeleton every store request shares: the busy flag, the error cleared and set, and the
 * failure as an outcome with its code, so the store reacts to codes and the component words
 * what the person sees. `isCurrent` answers false once a newer request took over
 * (useLatestRequest): then nothing is touched and the answer is null.
 */
export async function settleRequest<T>(
  call: () => Promise<T>,
  options: TrackOptions<T>,
  isCurrent: () => boolean,
): Promise<RequestOutcome<T> | null> {
  const { busy, error, quiet = [], apply, failed } = options
  if (busy) busy.value = true
  if (error) error.value = null
  try {
    const value = await call()
    if (!isCurrent()) return null
    await apply?.(value)
    return { ok: true, value }
  } catch (e) {
    if (!isCurrent()) return null
    const failure: RequestFailure = { ok: false, code: errorCode(e), message: errorMessage(e) }
    const shown = failure.code === null || !quiet.includes(failure.code)
    if (error && shown) error.value = failure.message
    await failed?.(failure)
    return failure
  } finally {
    if (busy && isCurrent()) busy.value = false
  }
}

const always = () => true

/** `settleRequest` for a request nothing supersedes. */
export function trackRequest<T>(
  call: () => Promise<T>,
  options: TrackOptions<T> = {},
): Promise<RequestOutcome<T>> {
  return settleRequest(call, options, always) as Promise<RequestOutcome<T>>
}

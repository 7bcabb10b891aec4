import { settleRequest } from '@renderer/lib/track-request'
import type { RequestOutcome, TrackOptions } from '@renderer/lib/track-request'

/**
 * "Latest request wins": each request takes a number, and an answer whose number is no longer
 * the latest is dropped, so a slow query for "a" never overwrites the answer for "ab".
 *
 *     const queries = useLatestRequest()
 *     const outcome = await queries.run(() => api().queryOrders(request), {
 *       busy: querying,
 *       apply: (answer) => (result.value = answer),
 *     })
 *     // outcome: null when a newer request took over, else { ok, value } / { ok, code, message }
 *
 * `busy` drops only when the latest request settles; `drop()` makes every request in flight
 * stale (the campaign closed) without starting another.
 */
export function useLatestRequest() {
  let latest = 0

  function run<T>(
    call: () => Promise<T>,
    options: TrackOptions<T> = {},
  ): Promise<RequestOutcome<T> | null> {
    const seq = ++latest
    return settleRequest(call, options, () => seq === latest)
  }

  function drop(): void {
    latest++
  }

  return { run, drop }
}

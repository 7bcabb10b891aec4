import { setImmediate as afterIo } from 'node:timers/promises'

/**
 * Fetches every page in [from, to] with at most `limit` requests in flight and hands each
 * answer to `process`. A worker starts its next request before processing the answer it
 * holds, so storing a page (synchronous SQLite work) overlaps the next round trip instead of
 * adding to it. The first failure stops the others (their requests are aborted) and is rethrown.
 *
 * The answers of one round tend to arrive together. Processed at once, the first answer's
 * parsing and staging would hold back the other workers' next requests by that much, the last
 * one by three pages' work at concurrency 4, every round. So `process` waits for the event
 * loop's next check phase: every answer read by then has started its next request first.
 */
export async function runPool<T>(
  from: number,
  to: number,
  limit: number,
  signal: AbortSignal | undefined,
  fetchPage: (page: number, signal: AbortSignal) => Promise<T>,
  process: (result: T, page: number) => void,
): Promise<void> {
  if (to < from) return
  const stop = new AbortController()
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
  let next = from
  let failure: unknown = null
  const start = (): { page: number; result: Promise<T> } | null => {
    if (failure !== null || combined.aborted || next > to) return null
    const page = next++
    const result = fetchPage(page, combined)
    // Awaited below; this only keeps a failure during `process` from being reported as unhandled.
    result.catch(() => undefined)
    return { page, result }
  }
  const worker = async () => {
    let current = start()
    while (current) {
      try {
        const result = await current.result
        const upcoming = start()
        await afterIo()
        // Another worker failed meanwhile: its error is the one reported, this answer is dropped.
        if (failure !== null) return
        process(result, current.page)
        current = upcoming
      } catch (error) {
        if (failure === null) failure = error
        stop.abort()
        return
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, to - from + 1) }, worker))
  if (failure !== null) throw failure
}

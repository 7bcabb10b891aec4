import { describe, expect, it } from 'vitest'
import { runPool } from '../../../../src/main/core/api/page-pool'

/**
 * A fetch whose answers the test hands out: each page's request waits until `answer(page)` (or
 * rejects when aborted, as fetch does).
 */
function heldPages() {
  const log: string[] = []
  const waiting = new Map<number, { resolve: (v: string) => void; reject: (e: unknown) => void }>()
  const signals = new Map<number, AbortSignal>()
  let inFlight = 0
  let mostInFlight = 0
  const fetchPage = (page: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${page}`)
      signals.set(page, signal)
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      inFlight++
      mostInFlight = Math.max(mostInFlight, inFlight)
      waiting.set(page, {
        resolve: (value) => {
          inFlight--
          resolve(value)
        },
        reject,
      })
    })
  const answer = (...pages: number[]) => {
    for (const page of pages) waiting.get(page)?.resolve(`page ${page}`)
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
  return { log, fetchPage, answer, tick, signals, mostInFlight: () => mostInFlight }
}

describe('runPool', () => {
  it('starts every next request of a round before it processes any answer of that round', async () => {
    const pages = heldPages()
    const processed: string[] = []
    const run = runPool(1, 6, 3, undefined, pages.fetchPage, (body) => {
      pages.log.push(`process ${body.replace('page ', '')}`)
      processed.push(body)
    })
    await pages.tick()
    pages.answer(1, 2, 3)
    await pages.tick()
    // Processed one by one as they came, page 1's parsing and storing would hold back the
    // requests for pages 5 and 6 (the old order: start 4, process 1, start 5, process 2, …).
    expect(pages.log.slice(3, 9)).toEqual([
      'start 4',
      'start 5',
      'start 6',
      'process 1',
      'process 2',
      'process 3',
    ])
    pages.answer(4, 5, 6)
    await run
    expect(processed).toEqual(['page 1', 'page 2', 'page 3', 'page 4', 'page 5', 'page 6'])
    expect(pages.mostInFlight()).toBe(3)
  })

  it('stops at the first failure of a page being processed, aborts the others and rethrows it', async () => {
    const pages = heldPages()
    const processed: number[] = []
    const run = runPool(1, 5, 2, undefined, pages.fetchPage, (_body, page) => {
      if (page === 2) throw new Error('page 2 would not store')
      processed.push(page)
    })
    const settled = run.then(
      () => null,
      (error: unknown) => error,
    )
    await pages.tick()
    pages.answer(1, 2)
    const error = await settled
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('page 2 would not store')
    // Pages 3 and 4 were asked for before page 2 failed; their requests are aborted and
    // nothing after the failure is processed, even an answer already in.
    expect(processed).toEqual([1])
    expect(pages.signals.get(3)?.aborted).toBe(true)
    expect(pages.log).not.toContain('start 5')
  })
})

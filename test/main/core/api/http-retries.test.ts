import { describe, expect, it } from 'vitest'
import { sleep, withRetries } from '../../../../src/main/core/api/http'
import type { Attempt, RetryInfo, RetryPolicy } from '../../../../src/main/core/api/http'
import {
  ApiError,
  Cancelled,
  PerkPackError,
} from '../../../../src/main/core/system/perkpack-errors'

// The retry loop of the HTTP layer on its own: attempts scripted, pauses recorded, no server.
const POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 5_000,
  attemptTimeoutMs: 1_000,
}
const ENDPOINT = 'GET /2/campaigns/7/contributions.json?page=1'

function server503(): ApiError {
  return new ApiError('server', ENDPOINT, `The API answered 503 for ${ENDPOINT}.`, 503, {
    retryable: true,
  })
}

/** Runs `outcomes` in turn (a function throws), recording each pause and retry. */
async function run<T>(outcomes: Array<Attempt<T> | (() => never)>, policy = POLICY) {
  const pauses: number[] = []
  const retries: RetryInfo[] = []
  let calls = 0
  let value: T | undefined
  let error: unknown
  await withRetries(
    async () => {
      const next = outcomes[calls++]
      if (next === undefined) throw new Error('more attempts than scripted')
      return typeof next === 'function' ? next() : next
    },
    {
      policy,
      endpoint: ENDPOINT,
      sleep: async (ms) => void pauses.push(ms),
      random: () => 0.5,
      onRetry: (info) => retries.push(info),
    },
  ).then(
    (answer) => void (value = answer),
    (failure: unknown) => void (error = failure),
  )
  return { value, error, calls, pauses, retries }
}

describe('withRetries', () => {
  it('returns the first answer without pausing', async () => {
    const outcome = await run([{ ok: true, value: 'page' }])
    expect(outcome).toMatchObject({ value: 'page', calls: 1, pauses: [] })
  })

  it('retries failed attempts with full-jitter backoff, then returns the answer', async () => {
    const outcome = await run([
      { ok: false, error: server503() },
      { ok: false, error: server503() },
      { ok: true, value: 42 },
    ])
    expect(outcome.value).toBe(42)
    // random 0.5 of min(1000, 100 * 2^(n-1)): 50, then 100.
    expect(outcome.pauses).toEqual([50, 100])
    expect(outcome.retries.map((r) => [r.attempt, r.delayMs, r.endpoint])).toEqual([
      [1, 50, ENDPOINT],
      [2, 100, ENDPOINT],
    ])
    expect(outcome.retries[0]!.reason).toContain('503')
  })

  it('pauses at least as long as the server asked', async () => {
    const outcome = await run([
      { ok: false, error: server503(), waitAtLeastMs: 2_000 },
      { ok: false, error: server503(), waitAtLeastMs: 10 },
      { ok: true, value: 'page' },
    ])
    expect(outcome.pauses).toEqual([2_000, 100])
  })

  it('retries a retryable ApiError thrown by an attempt (network, truncated body)', async () => {
    const reset = new ApiError('network', ENDPOINT, 'Could not reach the server.', undefined, {
      retryable: true,
    })
    const outcome = await run([
      () => {
        throw reset
      },
      { ok: true, value: 'page' },
    ])
    expect(outcome).toMatchObject({ value: 'page', calls: 2, pauses: [50] })
  })

  it('ends at once on an error that is not worth another attempt', async () => {
    const forbidden = new ApiError('forbidden', ENDPOINT, 'Not on the team.', 403)
    const bug = new TypeError('not an API error')
    for (const error of [forbidden, bug, new PerkPackError('usage', 'x')]) {
      const outcome = await run([
        () => {
          throw error
        },
      ])
      expect(outcome).toMatchObject({ error, calls: 1, pauses: [] })
    }
  })

  it('gives up after the last attempt, saying how many, with the next step last', async () => {
    const unreachable = new ApiError(
      'network',
      ENDPOINT,
      'Could not reach the server.',
      undefined,
      {
        retryable: true,
        nextStep: 'Check the network, then try again.',
      },
    )
    const outcome = await run(
      Array.from({ length: 3 }, () => ({ ok: false as const, error: unreachable })),
      { ...POLICY, attempts: 3 },
    )
    expect(outcome.calls).toBe(3)
    expect(outcome.pauses).toHaveLength(2)
    expect(outcome.error).toBeInstanceOf(ApiError)
    expect(outcome.error).toMatchObject({
      kind: 'network',
      endpoint: ENDPOINT,
      retryable: true,
      cause: unreachable,
      message:
        'Could not reach the server. Gave up after 3 attempts. Check the network, then try again.',
    })
  })

  it('keeps the status of the last failure when it gives up', async () => {
    const outcome = await run([{ ok: false, error: server503() }], { ...POLICY, attempts: 1 })
    expect(outcome.pauses).toEqual([])
    expect(outcome.error).toMatchObject({ kind: 'server', status: 503 })
    expect((outcome.error as Error).message).toMatch(/Gave up after 1 attempts\.$/)
  })

  it('stops in a pause as soon as the caller aborts', async () => {
    const controller = new AbortController()
    let calls = 0
    const started = Date.now()
    setTimeout(() => controller.abort(), 50)
    const error = await withRetries(
      async () => {
        calls++
        return { ok: false as const, error: server503(), waitAtLeastMs: 60_000 }
      },
      { policy: POLICY, endpoint: ENDPOINT, signal: controller.signal, sleep },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Cancelled)
    expect(calls).toBe(1)
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

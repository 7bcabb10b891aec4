import { describe, expect, it } from 'vitest'
import { BridgeError } from '@shared/ipc'
import { useLatestAnswer } from './useLatestAnswer'

/** A call that settles when the test says so. */
function pending<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)))
  return { call: () => promise, resolve, reject }
}

describe('useLatestAnswer', () => {
  it('drops an answer that lands after a newer request, and loads until the latest settles', async () => {
    const answer = useLatestAnswer<string>()
    const seen: string[] = []
    const slow = pending<string>()
    const fast = pending<string>()
    const first = answer.load(slow.call, (v) => seen.push(v))
    const second = answer.load(fast.call, (v) => seen.push(v))
    slow.resolve('a')
    expect(await first).toBeNull()
    expect({ ...answer.state }).toEqual({ value: null, loading: true, error: null })
    fast.resolve('ab')
    expect(await second).toEqual({ ok: true, value: 'ab' })
    expect({ ...answer.state }).toEqual({ value: 'ab', loading: false, error: null })
    expect(seen).toEqual(['ab'])
  })

  it('keeps the last answer through a failure, and the next answer clears the error', async () => {
    const answer = useLatestAnswer<string>()
    await answer.load(() => Promise.resolve('a'))
    const refused = () => Promise.reject(new BridgeError('not_found', 'The campaign is gone.'))
    expect(await answer.load(refused)).toMatchObject({ ok: false, code: 'not_found' })
    expect({ ...answer.state }).toEqual({
      value: 'a',
      loading: false,
      error: 'The campaign is gone.',
    })

    const next = pending<string>()
    let stateInOnAnswer = {}
    const running = answer.load(next.call, () => (stateInOnAnswer = { ...answer.state }))
    // The error stays up until an answer replaces it, as the preview showed it before.
    expect({ ...answer.state }).toEqual({
      value: 'a',
      loading: true,
      error: 'The campaign is gone.',
    })
    next.resolve('b')
    await running
    // onAnswer sees the new answer in place, before loading drops.
    expect(stateInOnAnswer).toEqual({ value: 'b', loading: true, error: null })
    expect({ ...answer.state }).toEqual({ value: 'b', loading: false, error: null })
  })

  it('clear() empties the state and makes the requests in flight stale', async () => {
    const answer = useLatestAnswer<string>()
    await answer.load(() => Promise.reject(new BridgeError('not_found', 'Gone.')))
    const answering = pending<string>()
    const failing = pending<string>()
    let called = false
    const first = answer.load(answering.call, () => (called = true))
    const second = answer.load(failing.call)
    answer.clear()
    expect({ ...answer.state }).toEqual({ value: null, loading: false, error: null })
    failing.reject(new BridgeError('not_found', 'Gone again.'))
    answering.resolve('late')
    expect([await first, await second]).toEqual([null, null])
    expect({ ...answer.state }).toEqual({ value: null, loading: false, error: null })
    expect(called).toBe(false)
  })
})

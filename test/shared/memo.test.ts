import { describe, expect, it } from 'vitest'
import { memoized } from '../../src/shared/memo'

describe('memoized', () => {
  it('computes a key once and answers the kept value after', () => {
    const cache = new Map<string, string>()
    const asked: string[] = []
    const upper = (key: string) => {
      asked.push(key)
      return key.toUpperCase()
    }
    expect([memoized(cache, 'a', upper), memoized(cache, 'a', upper)]).toEqual(['A', 'A'])
    expect(memoized(cache, 'b', upper)).toBe('B')
    expect(asked).toEqual(['a', 'b'])
  })

  it('keeps values per object in a WeakMap', () => {
    const cache = new WeakMap<object, number>()
    const row = {}
    let computed = 0
    const count = () => ++computed
    memoized(cache, row, count)
    expect(memoized(cache, row, count)).toBe(1)
    expect(memoized(cache, {}, count)).toBe(2)
  })
})

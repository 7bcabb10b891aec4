import { describe, expect, it } from 'vitest'
import { useVirtualRowRange } from './useVirtualRowRange'

describe('useVirtualRowRange', () => {
  it('reports the rows on screen, and one more, as the list scrolls and resizes', () => {
    const reported: [number, number][] = []
    const range = useVirtualRowRange(37, (start, end) => reported.push([start, end]))
    range.resized(370)
    range.scrolled(37 * 100 + 20)
    expect(reported).toEqual([
      [0, 11],
      [100, 111],
    ])
    expect([range.first(), range.last(), range.pageRows(), range.atTop()]).toEqual([
      100,
      110,
      9,
      false,
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { restoreBounds } from '../../../src/main/shell/window-state'

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]
  it('restores saved bounds that are still on a display', () => {
    const state = { bounds: { x: 100, y: 80, width: 1400, height: 900 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual(state.bounds)
  })
  it('falls back to the default position when the display is gone', () => {
    const state = { bounds: { x: 2500, y: 100, width: 1200, height: 800 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual({ width: 1200, height: 800 })
    expect(restoreBounds(null, screen)).toEqual({ width: 1280, height: 820 })
  })
  it('never restores a window smaller than the minimum', () => {
    const state = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual({ x: 10, y: 10, width: 900, height: 600 })
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A stand-in for the audio output: counts how often it is opened. */
class FakeAudioContext {
  static opened = 0
  state = 'running'
  currentTime = 0
  destination = {}
  constructor() {
    FakeAudioContext.opened++
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: () => {},
      stop: () => {},
    }
  }
  createGain() {
    const param = { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }
    return { gain: param, connect: (next: unknown) => next }
  }
}

describe('station sound', () => {
  const idle: Array<() => void> = []
  const frames: Array<() => void> = []

  beforeEach(() => {
    vi.resetModules()
    vi.useFakeTimers()
    FakeAudioContext.opened = 0
    idle.length = 0
    frames.length = 0
    vi.stubGlobal('AudioContext', FakeAudioContext)
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('opens the audio output in idle time, before the first scan needs it', async () => {
    const { warmStationSound } = await import('./station-sound')
    warmStationSound()
    expect(FakeAudioContext.opened).toBe(0)
    idle.forEach((run) => run())
    expect(FakeAudioContext.opened).toBe(1)
  })

  it('plays on the warmed output without opening another', async () => {
    const { playStationSound, warmStationSound } = await import('./station-sound')
    warmStationSound()
    idle.forEach((run) => run())
    playStationSound('packed')
    frames.forEach((run) => run())
    vi.runAllTimers()
    expect(FakeAudioContext.opened).toBe(1)
  })

  it('holds the sound until after the next frame, so the order card shows first', async () => {
    const { playStationSound } = await import('./station-sound')
    playStationSound('tick')
    vi.runAllTimers()
    expect(FakeAudioContext.opened).toBe(0)
    frames.forEach((run) => run())
    vi.runAllTimers()
    expect(FakeAudioContext.opened).toBe(1)
  })
})

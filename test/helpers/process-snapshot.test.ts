import os from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { snapshotProcess } from './process-snapshot'

// The node project's files share a process (reset-between-files.ts): what one changes in it is
// put back before the next starts.

describe('snapshotProcess', () => {
  it('puts back the environment, the working folder, the timers, spies and stubs', () => {
    const cwd = process.cwd()
    process.env.PERKPACK_SNAPSHOT_KEPT = 'as it was'
    const restore = snapshotProcess()
    process.env.PERKPACK_SNAPSHOT_ADDED = 'added'
    process.env.PERKPACK_SNAPSHOT_KEPT = 'changed'
    delete process.env.PATH
    vi.stubEnv('TZ', 'Pacific/Kiritimati')
    process.chdir(os.tmpdir())
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2031-05-05T05:05:05Z'))
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const fetchStub = vi.fn()
    vi.stubGlobal('fetch', fetchStub)

    restore()
    expect(process.env.PERKPACK_SNAPSHOT_ADDED).toBeUndefined()
    expect(process.env.PERKPACK_SNAPSHOT_KEPT).toBe('as it was')
    expect(process.env.PATH).toBeTruthy()
    expect(process.env.TZ).not.toBe('Pacific/Kiritimati')
    expect(process.cwd()).toBe(cwd)
    expect(vi.isFakeTimers()).toBe(false)
    expect(new Date().getUTCFullYear()).toBeLessThan(2031)
    expect(vi.isMockFunction(Math.random)).toBe(false)
    expect(globalThis.fetch).not.toBe(fetchStub)
    delete process.env.PERKPACK_SNAPSHOT_KEPT
  })
})

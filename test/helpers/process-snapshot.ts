import { vi } from 'vitest'

/**
 * What a test file may change in its worker's process, as it is now; the function returned puts
 * it back: the environment (added, changed and removed variables), the working folder, real
 * timers, and vitest's spies, stubbed globals and stubbed variables.
 */
export function snapshotProcess(): () => void {
  const env = { ...process.env }
  const cwd = process.cwd()
  return () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
    for (const key of Object.keys(process.env)) {
      if (!(key in env)) delete process.env[key]
    }
    Object.assign(process.env, env)
    if (process.cwd() !== cwd) process.chdir(cwd)
  }
}

import { mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'

const LOCK_STALE_MS = 5 * 60_000
const LOCK_WAIT_MS = 10 * 60_000

/** Runs `run` holding a lock directory (mkdir is atomic), unless `done` turns true meanwhile. */
export function withLock(lock: string, done: () => boolean, run: () => void): void {
  mkdirSync(dirname(lock), { recursive: true })
  const giveUp = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (done()) return
    let age: number
    try {
      age = Date.now() - statSync(lock).mtimeMs
    } catch {
      continue
    }
    // A build that crashed leaves its lock behind.
    if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true })
    else if (Date.now() > giveUp) throw new Error(`Gave up waiting for the build holding ${lock}.`)
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
  }
  try {
    if (!done()) run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Starts test/helpers/team-desk-child.ts in a process of its own (team-mode tests, bench). */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export const DESK_CHILD = fileURLToPath(new URL('./team-desk-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface DeskChild {
  process: ChildProcess
  /** Resolves with the line once the child printed it. */
  line(predicate: (line: string) => boolean): Promise<string>
  /** The exit code (null when killed) and everything it wrote to stderr. */
  exited: Promise<{ code: number | null; stderr: string }>
}

/**
 * `start`: the node arguments that run the desk script; through tsx by default (the bench), its
 * bundle of the test run in the tests (`childArgs(DESK_CHILD)`, child-script.ts).
 */
export function spawnDesk(
  env: Record<string, string>,
  start: string[] = ['--import', 'tsx', DESK_CHILD],
): DeskChild {
  const child = spawn(process.execPath, start, {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines: string[] = []
  const waiters: { predicate: (line: string) => boolean; resolve: (line: string) => void }[] = []
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line)
    for (const waiter of waiters.splice(0)) {
      if (waiter.predicate(line)) waiter.resolve(line)
      else waiters.push(waiter)
    }
  })
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  )
  return {
    process: child,
    exited,
    line(predicate) {
      const seen = lines.find(predicate)
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve })
        void exited.then(({ code, stderr: err }) =>
          reject(new Error(`the desk exited (${code}) before the line: ${err}`)),
        )
      })
    },
  }
}

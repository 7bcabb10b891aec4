import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { ApiClient } from '../src/main/core/api/api-client'
import { MemorySecretStore } from '../src/main/core/session/secrets'
import { Session } from '../src/main/core/session/api-session'
import { USER_AGENT } from '../src/main/core/system/version'

export interface SimulatorProcess {
  baseUrl: string
  authUrl: string
  apiToken: string
  email: string
  password: string
  campaignIds: number[]
  stop(): Promise<void>
}

/**
 * The simulator in a process of its own, so serving pages does not compete with the client
 * under test for the same event loop (a same-process simulator would skew every ratio).
 */
export async function spawnSimulator(args: string[]): Promise<SimulatorProcess> {
  const root = join(__dirname, '..')
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/simulator/cli.ts'), '--port', '0', '--print-json', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! })
    rl.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)))
  })
  const info = JSON.parse(line) as Omit<SimulatorProcess, 'stop'>
  return {
    ...info,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** A privileged client of `sim`, signed in with its demo credentials, tokens kept in memory. */
export async function signedInClient(
  sim: Omit<SimulatorProcess, 'stop'>,
): Promise<{ session: Session; client: ApiClient }> {
  const session = new Session({
    fetch: globalThis.fetch,
    store: new MemorySecretStore(),
    baseUrl: sim.baseUrl,
    authUrl: sim.authUrl,
    email: sim.email,
    userAgent: USER_AGENT,
    password: sim.password,
  })
  await session.setApiToken(sim.apiToken)
  await session.signIn(sim.password)
  const client = new ApiClient({
    baseUrl: sim.baseUrl,
    session,
    fetch: globalThis.fetch,
    userAgent: USER_AGENT,
  })
  return { session, client }
}

/** Samples resident memory while `run` works; returns the peak above the level at the start. */
export async function withPeakRss<T>(
  run: () => Promise<T>,
): Promise<{ result: T; peakMb: number; baseMb: number }> {
  const base = process.memoryUsage().rss
  let peak = base
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    const result = await run()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { result, peakMb: (peak - base) / 2 ** 20, baseMb: base / 2 ** 20 }
  } finally {
    clearInterval(timer)
  }
}

/** Set in a child of measureInChild: the script it runs and the parent's input, as JSON. */
const CHILD_ENV = 'PERKPACK_BENCH_CHILD'

/**
 * Runs `script` again in a fresh Node process (with tsx and `nodeFlags`), where its
 * measureWhenChild measures `input`, and answers the JSON line it printed last, with its whole
 * stdout (a GC trace, say): one variant per process, so one run's heap cannot hide the next
 * one's peak. `name` words a failure.
 */
export function measureInChild<M>(
  script: string,
  nodeFlags: readonly string[],
  input: unknown,
  name: string,
): Promise<{ measure: M; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, [CHILD_ENV]: JSON.stringify({ script, input }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let stdout = ''
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      // The measure, not the last line: --trace-gc may log a collection after it.
      const line = stdout.split('\n').findLast((l) => l.startsWith('{')) ?? ''
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`${name} exited with ${code}`))
        return
      }
      resolve({ measure: JSON.parse(line) as M, stdout })
    })
  })
}

export function fmt(value: number, digits = 1): string {
  return value.toFixed(digits)
}

/** The middle of `values` (of an even count, the upper of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** Milliseconds `run` takes, the median of `repeat` runs after one warm-up run. */
export function medianMs(run: () => unknown, repeat: number): number {
  run()
  const samples: number[] = []
  for (let i = 0; i < repeat; i++) {
    const started = performance.now()
    run()
    samples.push(performance.now() - started)
  }
  return median(samples)
}

/** The value below which a share `p` (0 to 1) of `values` falls, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number
}

/**
 * Runs a bench when its file is the script Node was started with (`npx tsx bench/x.bench.ts`),
 * printing its section, and does nothing when `npm run bench` imports it.
 */
export function runWhenScript(fileName: string, bench: () => Promise<string>): void {
  if (!process.argv[1]?.endsWith(fileName)) return
  printLine(bench(), 'bench failed: ')
}

/**
 * The child's side of measureInChild, called at the top level of `script`: in a child started
 * for that script, measures the parent's input and prints the measure as JSON, the last line
 * of stdout; anywhere else does nothing.
 */
export function measureWhenChild<I, M>(script: string, measure: (input: I) => Promise<M>): void {
  const env = process.env[CHILD_ENV]
  if (env === undefined) return
  const child = JSON.parse(env) as { script: string; input: I }
  if (child.script !== script) return
  printLine(
    measure(child.input).then((result) => JSON.stringify(result)),
    '',
  )
}

/** What `work` answers as a line of stdout; a failure to stderr, with exit code 1. */
function printLine(work: Promise<string>, failurePrefix: string): void {
  work.then(
    (line) => process.stdout.write(`${line}\n`),
    (error: unknown) => {
      const why = error instanceof Error ? (error.stack ?? error.message) : String(error)
      process.stderr.write(`${failurePrefix}${why}\n`)
      process.exitCode = 1
    },
  )
}

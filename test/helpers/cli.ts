/**
 * Runs the `perkpack` command as a child process, stdin not a terminal: the test run's bundle of
 * src/cli (test/helpers/program-bundles.ts), or the shipped bin/perkpack.js.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Simulator } from '../../src/simulator'
import { bundled } from './child-script'

export const BIN = fileURLToPath(new URL('../../bin/perkpack.js', import.meta.url))
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export type CliEnv = Record<string, string | undefined>

/**
 * The offline copy's key for the test runs: the memory secret store lasts one run, and a test
 * syncs in one `perkpack` run and reads in the next, as a machine without a keychain would.
 */
export const TEST_CACHE_KEY = 'c0ffee'.padEnd(64, '0')

/** The test runner's environment without any PERKPACK_* setting, plus `extra`. */
export function cleanEnv(extra: CliEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PERKPACK_')) env[key] = value
  }
  env.PERKPACK_SECRET_STORE = 'memory'
  env.PERKPACK_CACHE_KEY = TEST_CACHE_KEY
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}

/** Everything a privileged run against `sim` needs; override or unset (undefined) as wanted. */
export function simEnv(sim: Simulator, dataDir: string, extra: CliEnv = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    PERKPACK_BASE_URL: sim.baseUrl,
    PERKPACK_AUTH_URL: sim.authUrl,
    PERKPACK_DATA_DIR: dataDir,
    PERKPACK_API_TOKEN: sim.credentials.apiToken,
    PERKPACK_EMAIL: sim.credentials.email,
    PERKPACK_PASSWORD: sim.credentials.password,
    ...extra,
  })
}

/**
 * Which program runs: `bundle`, src/cli bundled once a run by the node project's global setup
 * (the same code, started in under half the CPU time), or `bin`, the shipped bin/perkpack.js
 * (tsx compiling the sources at every start), which test/cli/cli.test.ts keeps testing.
 */
export type CliProgram = 'bundle' | 'bin'

function programFile(program: CliProgram): string {
  return program === 'bin' ? BIN : bundled('perkpackCliBundle')
}

export function spawnCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  program: CliProgram = 'bundle',
): ChildProcess {
  return spawn(process.execPath, [programFile(program), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export function collect(child: ChildProcess): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

export function perkpack(
  args: string[],
  env: NodeJS.ProcessEnv,
  program: CliProgram = 'bundle',
): Promise<CliResult> {
  return collect(spawnCli(args, env, program))
}

/** A stack frame line, as printed by Node for an uncaught error. */
export const STACK_LINE = /^\s+at .+[(:]\d+/m

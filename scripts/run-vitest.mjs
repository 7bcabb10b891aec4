#!/usr/bin/env node
// `npm run test:unit` (inside scripts/with-keyring.sh): every vitest project, in the order that
// keeps the two cores of the build machines busy without a timed test sharing them.
//
// 1. The e2e files (one Chromium at a time, one worker) and, beside them at a lower CPU
//    priority, the node and renderer files. Run one after the other, the e2e phase left about
//    one core idle for close to three minutes (CI, 2026-11-29: 15 files, 165 s, with the
//    browser and the harness waiting on each other); the node and renderer files fill it, and
//    the lower priority keeps the browser's turn when it wants both cores.
// 2. The `timed` project, alone: its files hold code to a wall-clock budget.
//
// Both steps run even when the first failed, so one run reports everything; the exit code is 1
// when either failed. Arguments go to every vitest run (`npm run test:unit -- test/cli`).

import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const vitestBin = join(root, 'node_modules', '.bin', 'vitest')

/** The projects of each run (test/run-vitest.test.ts holds them against vitest.config.mts). */
export const FIRST = ['e2e']
export const BESIDE = ['node', 'node-isolated', 'renderer']
export const ALONE = ['timed']

/** Below the e2e run's 0: the node and renderer files get what the browser leaves. */
export const BESIDE_NICENESS = 10

export const vitestArgs = (projects, extra) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  // A file filter in `extra` may leave a run without files: not a failure.
  '--passWithNoTests',
  ...extra,
]

/**
 * Runs vitest on `projects`; resolves with its exit code and, when `buffer`, its output (the
 * e2e run's, printed whole after the run beside it, so the two logs do not interleave).
 */
export function runVitest(
  projects,
  extra,
  { niceness = 0, buffer = false, command = vitestBin } = {},
) {
  const args = vitestArgs(projects, extra)
  const [program, argv] =
    niceness > 0 ? ['nice', ['-n', String(niceness), command, ...args]] : [command, args]
  return new Promise((resolve) => {
    const chunks = []
    const child = spawn(program, argv, {
      cwd: root,
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    child.once('error', (error) => {
      chunks.push(Buffer.from(`could not start vitest: ${error.message}\n`))
      resolve({ code: 1, output: Buffer.concat(chunks).toString() })
    })
    child.once('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }),
    )
  })
}

async function main(extra) {
  const started = Date.now()
  const failed = []
  const [first, beside] = await Promise.all([
    runVitest(FIRST, extra, { buffer: true }),
    runVitest(BESIDE, extra, { niceness: BESIDE_NICENESS }),
  ])
  process.stdout.write(`\n${first.output}`)
  if (beside.code !== 0) failed.push(BESIDE.join(', '))
  if (first.code !== 0) failed.push(FIRST.join(', '))
  const alone = await runVitest(ALONE, extra)
  if (alone.code !== 0) failed.push(ALONE.join(', '))
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  if (failed.length > 0) {
    process.stderr.write(`\nrun-vitest: failed after ${minutes} min: ${failed.join('; ')}\n`)
    return 1
  }
  process.stdout.write(`\nrun-vitest: every project passed in ${minutes} min\n`)
  return 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2))
}

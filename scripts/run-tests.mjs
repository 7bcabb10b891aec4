#!/usr/bin/env node
// `npm test` (run inside scripts/with-keyring.sh): every check and every vitest project, in the
// order that keeps the two cores of the build machines busy without a timed test sharing them.
//
// 1. The production build, alone: the web tests and the e2e files serve it, the security scan
//    reads it, and two builds into one `out/` would race.
// 2. Every vitest project but `timed`, beside the other checks (ESLint, Prettier, both
//    type-checks, the security scan) at the lowest CPU priority. The node and renderer files keep
//    both cores busy; the e2e files (one Chromium at a time) leave about one idle, and the checks
//    run on that. Run before vitest, as they were, they cost the whole run a minute and a half on
//    two cores while the e2e files left a core unused for three.
// 3. The `timed` project, alone: its files hold code to a wall-clock budget.
//
// Every step runs even when one before it failed, so one run reports everything; the exit code
// is 1 when any failed. Arguments go to both vitest runs (`npm test -- test/cli` runs the checks
// and the tests of that folder).

import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILD, CHECKS, SECURITY, bin, runChecks } from './run-checks.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The vitest projects of step 2, and of step 3 (test/run-tests.test.ts holds them against vitest.config.mts). */
export const BESIDE_CHECKS = ['node', 'node-isolated', 'renderer', 'e2e']
export const ALONE = ['timed']

/** The checks of step 2: all of run-checks' but the build, which runs first. */
export const BACKGROUND_CHECKS = {
  ...Object.fromEntries(Object.entries(CHECKS).filter(([name]) => name !== 'build+security')),
  security: [SECURITY],
}

/** The lowest priority there is: the checks get only what the tests leave. */
const IDLE_NICENESS = 19

const vitestArgs = (projects, extra) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  // A file filter in `extra` may leave one of the runs without files: not a failure.
  '--passWithNoTests',
  ...extra,
]

/** Runs vitest with the terminal as its output; resolves with its exit code. */
function vitest(args) {
  return new Promise((resolve) => {
    const child = spawn(bin('vitest'), args, { cwd: root, stdio: 'inherit' })
    child.once('error', (error) => {
      process.stderr.write(`could not start vitest: ${error.message}\n`)
      resolve(1)
    })
    child.once('close', (code) => resolve(code ?? 1))
  })
}

async function main(extra) {
  const started = Date.now()
  const failed = []
  const note = (step, ok) => {
    if (!ok) failed.push(step)
  }

  note('build', (await runChecks({ build: [BUILD] }, { parallel: 1 })).length === 0)

  const [checksFailed, besideCode] = await Promise.all([
    runChecks(BACKGROUND_CHECKS, {
      parallel: availableParallelism(),
      niceness: IDLE_NICENESS,
    }),
    vitest(vitestArgs(BESIDE_CHECKS, extra)),
  ])
  failed.push(...checksFailed)
  note(`vitest (${BESIDE_CHECKS.join(', ')})`, besideCode === 0)

  note(`vitest (${ALONE.join(', ')})`, (await vitest(vitestArgs(ALONE, extra))) === 0)

  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  if (failed.length) {
    process.stderr.write(`\nrun-tests: failed after ${minutes} min: ${failed.join('; ')}\n`)
    return 1
  }
  process.stdout.write(`\nrun-tests: every check and test passed in ${minutes} min\n`)
  return 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2))
}

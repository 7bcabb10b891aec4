#!/usr/bin/env node
// `npm test`'s first step: the checks that do not depend on each other (ESLint, Prettier, both
// type-checks, the production build and the security scan of what it built), run side by side,
// as many at a time as the machine has cores. Each is one single-threaded process, so one after
// the other they left a core idle for minutes on the two-core build machines. Each check's output
// is printed whole when it ends, so the log reads as if they ran in turn; the step fails when any
// check fails, after all have run.
//
// Usage: node scripts/run-checks.mjs [name...]   (no name: every check)

import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/**
 * Each check is one or more commands run in turn (the scan reads what the build wrote). Longest
 * first (CPU seconds on a two-core machine: 57, 44, 44, 36, 8 + 13), so the last to start is short.
 */
export const CHECKS = {
  'typecheck:web': [[bin('vue-tsc'), '--noEmit', '-p', 'tsconfig.web.json']],
  eslint: [[bin('eslint'), '--max-warnings', '0', '.']],
  prettier: [[bin('prettier'), '--check', '.']],
  'typecheck:node': [[bin('tsc'), '--noEmit', '-p', 'tsconfig.node.json']],
  'build+security': [
    [bin('electron-vite'), 'build'],
    [process.execPath, join(root, 'scripts', 'electronegativity.mjs')],
  ],
}

/** Runs one command; resolves with its exit code (1 when it could not start or was killed). */
function runCommand([command, ...args], output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.once('error', (error) => {
      output.push(Buffer.from(`could not start ${command}: ${error.message}\n`))
      resolve(1)
    })
    child.once('close', (code) => resolve(code ?? 1))
  })
}

/** Runs a check's commands in turn, up to the first that fails; writes its output whole. */
async function runCheck(name, commands, write) {
  const started = Date.now()
  const output = []
  let code = 0
  for (const command of commands) {
    code = await runCommand(command, output)
    if (code !== 0) break
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const outcome = code === 0 ? 'ok' : `failed, exit ${code}`
  write(`\n> ${name}: ${outcome} in ${seconds} s\n${Buffer.concat(output).toString()}`)
  return code === 0
}

/**
 * Runs `checks` (name: commands run in turn), `parallel` at a time, each output written whole
 * when its check ends; resolves with the names of those that failed, after all have run.
 */
export async function runChecks(checks, { parallel = availableParallelism(), write } = {}) {
  const out = write ?? ((text) => process.stdout.write(text))
  const queue = Object.keys(checks)
  const failed = []
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      if (!(await runCheck(name, checks[name], out))) failed.push(name)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker))
  return failed
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((name) => !(name in CHECKS))
  if (unknown.length) {
    process.stderr.write(
      `run-checks: no check named ${unknown.join(', ')} (${Object.keys(CHECKS).join(', ')})\n`,
    )
    process.exit(2)
  }
  const chosen = Object.fromEntries(
    Object.entries(CHECKS).filter(([name]) => !wanted.length || wanted.includes(name)),
  )
  const failed = await runChecks(chosen)
  if (failed.length) {
    process.stderr.write(`\nrun-checks: ${failed.join(', ')} failed\n`)
    process.exit(1)
  }
}

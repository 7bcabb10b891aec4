import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../vitest.config.mjs'
import { ALONE, BESIDE, BESIDE_NICENESS, FIRST, runVitest } from '../scripts/run-vitest.mjs'

// `npm run test:unit` (scripts/run-vitest.mjs): the e2e files with the node and renderer files
// beside them at a lower priority, then the timed files alone.
const projectNames = () =>
  (config.test?.projects ?? []).map((project) => {
    if (typeof project !== 'object' || project === null || !('test' in project))
      throw new Error('vitest.config.mts: every project is an inline object with a name')
    return project.test?.name
  })

describe('run-vitest', () => {
  it('runs every vitest project once: the timed one alone, last', () => {
    expect([...FIRST, ...BESIDE, ...ALONE].sort()).toEqual([...projectNames()].sort())
    expect(ALONE).toEqual(['timed'])
    expect(FIRST).toEqual(['e2e'])
  })

  it('starts the run beside the e2e files at the lower priority, the others at their own', async () => {
    // A stand-in for vitest that prints its priority and the arguments it was given.
    const probe = [
      process.execPath,
      '-e',
      "process.stdout.write('nice=' + require('os').getPriority() + ' ' + process.argv.slice(1).join(' '))",
    ]
    const script = `#!/bin/sh\nexec ${probe.map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ')} "$@"\n`
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-vitest-'))
    const command = path.join(dir, 'vitest')
    fs.writeFileSync(command, script, { mode: 0o755 })
    try {
      const own = os.getPriority()
      const beside = await runVitest(BESIDE, ['test/cli'], {
        niceness: BESIDE_NICENESS,
        buffer: true,
        command,
      })
      expect(beside.code).toBe(0)
      expect(beside.output).toBe(
        `nice=${Math.min(19, own + BESIDE_NICENESS)} run --project node --project node-isolated --project renderer --passWithNoTests test/cli`,
      )
      const first = await runVitest(FIRST, [], { buffer: true, command })
      expect(first.output).toBe(`nice=${own} run --project e2e --passWithNoTests`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

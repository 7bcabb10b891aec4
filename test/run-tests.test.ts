import { describe, expect, it } from 'vitest'
import config from '../vitest.config.mjs'
import { BUILD, CHECKS, runChecks } from '../scripts/run-checks.mjs'
import { ALONE, BACKGROUND_CHECKS, BESIDE_CHECKS } from '../scripts/run-tests.mjs'

// `npm test` (scripts/run-tests.mjs): the build, then the vitest projects beside the checks at
// the lowest priority, then the timed project alone.
const projectNames = () =>
  (config.test?.projects ?? []).map((project) => {
    if (typeof project !== 'object' || project === null || !('test' in project))
      throw new Error('vitest.config.mts: every project is an inline object with a name')
    return project.test?.name
  })

const commandLine = (command: readonly string[]) => command.join(' ')

describe('run-tests', () => {
  it('runs every vitest project once: the timed one alone, after the others', () => {
    expect([...BESIDE_CHECKS, ...ALONE].sort()).toEqual([...projectNames()].sort())
    expect(ALONE).toEqual(['timed'])
  })

  it('runs every command of the checks: the build first, the rest beside the tests', () => {
    const wanted = Object.values(CHECKS).flat().map(commandLine).sort()
    const run = [BUILD, ...Object.values(BACKGROUND_CHECKS).flat()].map(commandLine).sort()
    expect(run).toEqual(wanted)
    expect(Object.values(BACKGROUND_CHECKS).flat().map(commandLine)).not.toContain(
      commandLine(BUILD),
    )
  })

  it('starts the background checks at the niceness asked for', async () => {
    const written: string[] = []
    // The child reads its priority after a pause: the parent sets it right after the spawn.
    const own = `setTimeout(() => process.stdout.write('nice=' + require('os').getPriority()), 300)`
    const failed = await runChecks(
      { low: [[process.execPath, '-e', own]] },
      { parallel: 1, niceness: 19, write: (text) => written.push(text) },
    )
    expect(failed).toEqual([])
    expect(written.join('')).toMatch(/nice=19$/)
  })
})

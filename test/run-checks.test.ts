import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHECKS, runChecks } from '../scripts/run-checks.mjs'

// `npm test`'s first step (scripts/run-checks.mjs): the independent checks side by side.
const node = process.execPath
/** A command that writes `text`, waits `ms`, and exits with `code`. */
const step = (text: string, ms = 0, code = 0) => [
  node,
  '-e',
  `process.stdout.write(${JSON.stringify(text)}); setTimeout(() => process.exit(${code}), ${ms})`,
]

describe('run-checks', () => {
  it('runs every check even when one fails, and names the ones that failed', async () => {
    const written: string[] = []
    const failed = await runChecks(
      {
        first: [step('one ')],
        broken: [step('two ', 0, 3)],
        last: [step('three ')],
      },
      { parallel: 2, write: (text) => written.push(text) },
    )
    expect(failed).toEqual(['broken'])
    expect(written).toHaveLength(3)
    expect(written.find((t) => t.includes('> broken'))).toMatch(/failed, exit 3 in [\d.]+ s\ntwo $/)
    expect(written.find((t) => t.includes('> last'))).toMatch(/ok in [\d.]+ s\nthree $/)
  })

  it('runs a check’s commands in turn and stops at the first that fails', async () => {
    const written: string[] = []
    const failed = await runChecks(
      { chain: [step('built '), step('scan failed ', 0, 1), step('never ')] },
      { parallel: 2, write: (text) => written.push(text) },
    )
    expect(failed).toEqual(['chain'])
    expect(written).toEqual([expect.stringMatching(/\nbuilt scan failed $/)])
  })

  it('runs checks side by side, each output written whole when it ends', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'run-checks-')), 'written')
    // `waits` ends only once `writes` has run: one at a time, it would wait in vain.
    const waitFor = `const t = setInterval(() => { if (require('fs').existsSync(${JSON.stringify(marker)})) { clearInterval(t); process.stdout.write('a1 '); process.exit(0) } }, 20); setTimeout(() => process.exit(1), 60000)`
    const written: string[] = []
    const failed = await runChecks(
      {
        waits: [[node, '-e', waitFor], step('a2 ')],
        writes: [
          [node, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`],
          step('b '),
        ],
      },
      { parallel: 2, write: (text) => written.push(text) },
    )
    expect(failed).toEqual([])
    // Which ends first is a race; each is written in one piece, its commands' output in order.
    const blocks = written.map((text) => text.split('\n').slice(1).join('\n'))
    expect(blocks).toHaveLength(2)
    expect(blocks).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^> writes: ok in [\d.]+ s\nb $/),
        expect.stringMatching(/^> waits: ok in [\d.]+ s\na1 a2 $/),
      ]),
    )
  }, 90_000)

  it('covers what npm test checks: lint, formatting, both type-checks, build, security scan', () => {
    const commands = Object.values(CHECKS)
      .flat()
      .map((command) => command.slice(0, 2).join(' '))
    for (const tool of ['eslint', 'prettier', 'vue-tsc', 'tsc', 'electron-vite build']) {
      expect(commands.some((c) => c.includes(`.bin/${tool}`))).toBe(true)
    }
    expect(commands.some((c) => c.endsWith('scripts/electronegativity.mjs'))).toBe(true)
  })
})

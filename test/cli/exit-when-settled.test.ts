import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { UNFINISHED_TEXT } from '../../src/cli/main'

const ROOT = path.resolve(__dirname, '../..')

/** A Node process that hands `work` (JavaScript for a promise of an exit code) to exitWhenSettled. */
function exitOf(work: string) {
  const script = `require('tsx/cjs/api').register()
require('./src/cli/main.ts').exitWhenSettled(${work})`
  return spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })
}

describe('exitWhenSettled (bin/perkpack.js)', () => {
  it('exits 1 and says so when the command never settles, not 0 as if it had succeeded', () => {
    const result = exitOf('new Promise(() => {})')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(UNFINISHED_TEXT)
  })

  it("exits with the command's own code once it settles, saying nothing more", () => {
    const result = exitOf('Promise.resolve(3)')
    expect(result.status).toBe(3)
    expect(result.stderr).not.toContain('stopped before the command finished')
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OWN_MODULES } from '../vitest.config.mjs'
import { testFiles } from './helpers/test-files'

// The node project's files share a module cache per worker (vitest.config.mts): a file that
// replaces a module for itself (vi.mock) must run in a process of its own, or the module it
// replaces is loaded already, or its replacement stays for the files after it.
const ROOT = join(__dirname, '..')

describe('vitest projects', () => {
  it('run every node test file that calls vi.mock in a process of its own', () => {
    const nodeFiles = ['test', 'src/main', 'src/shared', 'src/simulator']
      .flatMap(testFiles)
      .filter((file) => !file.startsWith('test/e2e/'))
    const mocking = nodeFiles.filter((file) =>
      /\bvi\.(do)?mock\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    )
    expect(mocking.length).toBeGreaterThan(0)
    expect([...OWN_MODULES].sort()).toEqual([...mocking].sort())
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildCliBundle } from '../helpers/cli-bundle'
import { cleanEnv, perkpack } from '../helpers/cli'
import { cleanup, tempDir } from '../helpers/harness'

// The CLI tests spawn a bundle of src/cli built once a run (test/helpers/cli-bundle.ts): it must
// be the shipped program's twin, and a bundle that cannot be built must stop the run.

afterAll(cleanup)
vi.setConfig({ testTimeout: 60_000 })

describe('the test run’s perkpack bundle', () => {
  it('answers as bin/perkpack.js does: help, version and a usage error', async () => {
    const env = cleanEnv({ PERKPACK_DATA_DIR: tempDir() })
    for (const args of [['--help'], ['--version'], ['orders', '1', '--no-such-flag']]) {
      const [bundled, shipped] = await Promise.all([
        perkpack(args, env, 'bundle'),
        perkpack(args, env, 'bin'),
      ])
      expect(bundled, args.join(' ')).toEqual(shipped)
    }
  })

  it('fails to build, leaving no folder, when the sources do not resolve', async () => {
    const parent = tempDir()
    await expect(
      buildCliBundle(parent, "import { main } from './src/cli/no-such-file'\nmain()\n"),
    ).rejects.toThrow(/no-such-file/)
    expect(fs.readdirSync(parent)).toEqual([])
  })

  it('builds into a folder of its own below the given one', async () => {
    const parent = tempDir()
    const file = await buildCliBundle(parent)
    expect(path.dirname(path.dirname(file))).toBe(parent)
    expect(fs.statSync(file).size).toBeGreaterThan(0)
  })
})

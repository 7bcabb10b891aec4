import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { buildCliBundle } from '../helpers/program-bundles'
import { cleanEnv, perkpack, ROOT } from '../helpers/cli'
import { cleanup, tempDir } from '../helpers/harness'

// The CLI tests spawn a bundle of src/cli built once a run (test/helpers/program-bundles.ts): it must
// be the shipped program's twin, and a bundle that cannot be built must stop the run.

afterAll(cleanup)
vi.setConfig({ testTimeout: 60_000 })

describe('the test run’s perkpack bundle', () => {
  it('answers as bin/perkpack.js does: the help and a usage error', async () => {
    const env = cleanEnv({ PERKPACK_DATA_DIR: tempDir() })
    for (const args of [['--help'], ['orders', '1', '--no-such-flag']]) {
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

  it('is built into a folder of its own below node_modules/.cache, where src/ finds packages', () => {
    const file = inject('perkpackCliBundle')
    expect(path.dirname(path.dirname(file))).toBe(path.join(ROOT, 'node_modules', '.cache'))
    expect(fs.statSync(file).size).toBeGreaterThan(0)
  })
})

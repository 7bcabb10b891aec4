import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import {
  electronAddonPath,
  selectNativeBinding,
  useElectronNativeBuilds,
} from '../../../../src/main/core/system/native-builds'
import { cleanup, tempDir } from '../../../helpers/harness'
// @ts-expect-error: a plain .mjs script, typed by what this test uses
import { ELECTRON_BUILT_MODULES, isNapiModule } from '../../../../scripts/electron-native.mjs'

const ROOT = path.resolve(__dirname, '../../../..')
const ADDON = 'better_sqlite3.node'
const require = createRequire(path.join(ROOT, 'package.json'))

afterAll(cleanup)
afterEach(() => useElectronNativeBuilds({ electron: undefined, packaged: true, appRoot: '' }))

describe('which native build a process loads (npm start vs npm test)', () => {
  const never = () => false
  const always = () => true

  it("Node and the packaged app load the module's own build", () => {
    expect(
      selectNativeBinding(
        { electron: undefined, packaged: false, appRoot: ROOT },
        'better-sqlite3-multiple-ciphers',
        ADDON,
        always,
      ),
    ).toBeUndefined()
    // electron-builder rebuilt the packaged app's modules for Electron already.
    expect(
      selectNativeBinding(
        { electron: '45.4.1', packaged: true, appRoot: ROOT },
        'better-sqlite3-multiple-ciphers',
        ADDON,
        never,
      ),
    ).toBeUndefined()
  })

  it('an unpackaged Electron loads the build kept apart for its version', () => {
    expect(
      selectNativeBinding(
        { electron: '45.4.1', packaged: false, appRoot: '/repo' },
        'better-sqlite3-multiple-ciphers',
        ADDON,
        always,
      ),
    ).toBe(
      path.join(
        '/repo',
        '.electron-native',
        '45.4.1',
        'better-sqlite3-multiple-ciphers',
        'build',
        'Release',
        ADDON,
      ),
    )
  })

  it('without that build, names the command that makes it', () => {
    expect(() =>
      selectNativeBinding(
        { electron: '45.4.1', packaged: false, appRoot: '/repo' },
        'better-sqlite3-multiple-ciphers',
        ADDON,
        never,
      ),
    ).toThrow(/built for Electron 45\.4\.1.*Run `npm start` again/)
  })

  it('the offline cache opens through the selected addon', () => {
    const appRoot = tempDir()
    useElectronNativeBuilds({ electron: '45.4.1', packaged: false, appRoot })
    expect(() => openCache({ dataDir: tempDir(), profile: 'p' })).toThrow(/npm start/)
    // A file that is not an addon at the selected path: the cache tried to load exactly it.
    const file = electronAddonPath(appRoot, '45.4.1', 'better-sqlite3-multiple-ciphers', ADDON)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'not an addon')
    expect(() => openCache({ dataDir: tempDir(), profile: 'p' })).toThrow()
    // Node's own build copied there loads: the path is the one used.
    fs.copyFileSync(
      require.resolve('better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node'),
      file,
    )
    const cache = openCache({ dataDir: tempDir(), profile: 'p' })
    expect(cache.campaigns()).toEqual([])
    cache.close()
  })
})

describe('scripts/electron-native.mjs', () => {
  it('builds every native dependency that is not N-API', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const native = Object.keys(pkg.dependencies).filter((name) =>
      fs.existsSync(path.join(ROOT, 'node_modules', name, 'binding.gyp')),
    )
    const tiedToOneAbi = native.filter(
      (name) =>
        !isNapiModule(
          JSON.parse(
            fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
          ),
        ),
    )
    expect(native).toContain('keytar')
    expect(tiedToOneAbi.sort()).toEqual(
      (ELECTRON_BUILT_MODULES as Array<{ module: string }>).map((m) => m.module).sort(),
    )
  })

  it("without Electron's binary says so, builds nothing and exits 0", () => {
    // A copy of the script in a project of its own: on a developer's machine with Electron
    // installed, the real checkout would start building.
    const root = tempDir()
    fs.mkdirSync(path.join(root, 'scripts'))
    fs.copyFileSync(
      path.join(ROOT, 'scripts', 'electron-native.mjs'),
      path.join(root, 'scripts', 'electron-native.mjs'),
    )
    fs.writeFileSync(path.join(root, 'package.json'), '{"name":"x"}')
    fs.mkdirSync(path.join(root, 'node_modules', 'electron'), { recursive: true })
    fs.writeFileSync(
      path.join(root, 'node_modules', 'electron', 'package.json'),
      '{"name":"electron","version":"45.4.1"}',
    )
    const out = execFileSync(
      process.execPath,
      [path.join(root, 'scripts', 'electron-native.mjs')],
      {
        encoding: 'utf8',
      },
    )
    expect(out).toMatch(
      /Electron 45\.4\.1's binary is not installed .*ELECTRON_SKIP_BINARY_DOWNLOAD/,
    )
    expect(fs.existsSync(path.join(root, '.electron-native'))).toBe(false)
  })
})

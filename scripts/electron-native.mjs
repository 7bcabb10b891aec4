// `npm start` runs this first (the prestart script): it builds the native modules that are
// not N-API for Electron's ABI, apart from Node's build that `npm ci` made for the command line
// and the tests, in .electron-native/<electron version>/<module>/. The Electron main process
// loads them from there when unpackaged (src/main/core/system/native-builds.ts). Building needs
// Electron's binary and its headers from electronjs.org, so it only runs on a machine with
// internet; without Electron's binary (ELECTRON_SKIP_BINARY_DOWNLOAD) it says so and stops.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Native modules whose addon is tied to one ABI (not N-API): each needs an Electron build. */
export const ELECTRON_BUILT_MODULES = [
  { module: 'better-sqlite3-multiple-ciphers', addon: 'better_sqlite3.node' },
]

/** An addon built with N-API loads under Node and Electron alike. */
export function isNapiModule(packageJson) {
  return (
    Array.isArray(packageJson.binary?.napi_versions) ||
    'node-addon-api' in (packageJson.dependencies ?? {})
  )
}

function electronInstalled() {
  const electronDir = join(ROOT, 'node_modules', 'electron')
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return false
  return existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()))
}

function build() {
  const require = createRequire(join(ROOT, 'package.json'))
  const version = require('electron/package.json').version
  if (!electronInstalled()) {
    console.log(
      `electron-native: Electron ${version}'s binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD was set?), so \`npm start\` cannot open the app here. Install again without that variable, on a machine with internet, to run the app.`,
    )
    return 0
  }
  const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js')
  for (const { module, addon } of ELECTRON_BUILT_MODULES) {
    const dest = join(ROOT, '.electron-native', version, module)
    if (existsSync(join(dest, 'build', 'Release', addon))) continue
    console.log(`electron-native: building ${module} for Electron ${version} (once)...`)
    rmSync(dest, { recursive: true, force: true })
    cpSync(join(ROOT, 'node_modules', module), dest, {
      recursive: true,
      filter: (source) => !source.includes(`${module}/build`),
    })
    // Node's headers (npm_config_nodedir) would build for Node's ABI again.
    const env = { ...process.env }
    for (const key of Object.keys(env)) if (/^npm_config_nodedir$/i.test(key)) delete env[key]
    const result = spawnSync(
      process.execPath,
      [
        nodeGyp,
        'rebuild',
        '--release',
        `--target=${version}`,
        '--runtime=electron',
        '--dist-url=https://electronjs.org/headers',
      ],
      { cwd: dest, env, stdio: 'inherit' },
    )
    if (result.status !== 0) {
      rmSync(dest, { recursive: true, force: true })
      console.error(
        `electron-native: building ${module} for Electron ${version} failed (above). It needs internet access for Electron's headers and a C++ toolchain.`,
      )
      return 1
    }
  }
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = build()
}

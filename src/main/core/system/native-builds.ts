import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CacheError } from '../cache/errors'

/**
 * A native module is compiled for one ABI. `npm ci` builds better-sqlite3-multiple-ciphers for Node, which the
 * command line and the tests run on; Electron's main process has another ABI and cannot load
 * that build. So `npm start` builds a second copy for Electron, kept apart in
 * `.electron-native/<electron version>/` (scripts/electron-native.mjs), and an unpackaged
 * Electron main loads that one through better-sqlite3's `nativeBinding` option. The packaged
 * app needs neither: electron-builder rebuilds its native modules for Electron. keytar is an
 * N-API module, the same binary under Node and Electron, so it is not rebuilt.
 */
export const ELECTRON_NATIVE_DIR = '.electron-native'

/** The process the addon is loaded into: Electron's version when it is Electron. */
export interface NativeRuntime {
  electron: string | undefined
  packaged: boolean
  /** The project folder (app.getAppPath() when unpackaged). */
  appRoot: string
}

/** Where scripts/electron-native.mjs puts `moduleName`'s addon built for `electronVersion`. */
export function electronAddonPath(
  appRoot: string,
  electronVersion: string,
  moduleName: string,
  addonFile: string,
): string {
  return join(
    appRoot,
    ELECTRON_NATIVE_DIR,
    electronVersion,
    moduleName,
    'build',
    'Release',
    addonFile,
  )
}

/**
 * The addon file to load, or undefined for the module's own build (Node, or the packaged app).
 * An unpackaged Electron without its build gets a message naming the command that makes it.
 */
export function selectNativeBinding(
  runtime: NativeRuntime,
  moduleName: string,
  addonFile: string,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  if (runtime.electron === undefined || runtime.packaged) return undefined
  const file = electronAddonPath(runtime.appRoot, runtime.electron, moduleName, addonFile)
  if (exists(file)) return file
  throw new CacheError(
    'cache_unavailable',
    `The offline cache needs ${moduleName} built for Electron ${runtime.electron}, and this ` +
      'checkout has only the build for Node. Run `npm start` again (it builds it once, with ' +
      'internet access for Electron’s headers) or `node scripts/electron-native.mjs`.',
  )
}

/** Node, or the packaged app, until the Electron main process says otherwise at start-up. */
let runtime: NativeRuntime = { electron: undefined, packaged: true, appRoot: '' }

/** Called once by the Electron main process, before any cache opens. */
export function useElectronNativeBuilds(next: NativeRuntime): void {
  runtime = { ...next }
}

/** better-sqlite3's `nativeBinding` option for this process. */
export function sqliteNativeBinding(): string | undefined {
  return selectNativeBinding(runtime, 'better-sqlite3-multiple-ciphers', 'better_sqlite3.node')
}

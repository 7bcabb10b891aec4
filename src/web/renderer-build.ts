import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { withLock } from './build-lock'
import { RENDERER_DIR, ROOT } from './repo-root'

/** What the renderer's bundle is built from: a change to any of it makes the build stale. */
const SOURCES = ['src/renderer', 'src/shared', 'src/preload', 'electron.vite.config.ts']

/** The newest modification time (ms) of the files under `path`, a file or a folder. */
export function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  // Files only: a folder's time changes when anything is made in it, a build's output too.
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)))
  return newest
}

/** True when the build in `dir` exists and no source changed after it was written. */
export function rendererBuildCurrent(dir: string, root = ROOT): boolean {
  const index = statSync(join(dir, 'index.html'), { throwIfNoEntry: false })
  if (!index) return false
  return SOURCES.every((source) => newestChange(join(root, source)) <= index.mtimeMs)
}

/**
 * Builds the renderer (and main, preload) with electron-vite when asked, when there is no build
 * yet, or when a source changed after it (a checkout that served yesterday's screens to the
 * e2e tests failed them on buttons the sources had and the build had not). Its output goes to
 * stderr: the harness's first stdout line is its URL. Test files run in parallel may all find no
 * build: a lock lets one build while the others wait for it.
 */
export function ensureRendererBuilt(options: { force?: boolean; rendererDir?: string } = {}): void {
  const dir = options.rendererDir ?? RENDERER_DIR
  const built = () => !options.force && rendererBuildCurrent(dir)
  if (built()) return
  withLock(join(ROOT, 'node_modules', '.cache', 'perkpack-build.lock'), built, () => {
    const cli = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
    const result = spawnSync(process.execPath, [cli, 'build'], {
      cwd: ROOT,
      stdio: ['ignore', process.stderr, process.stderr],
    })
    if (result.status !== 0) {
      throw new Error(`electron-vite build failed (exit ${result.status ?? result.signal}).`)
    }
  })
}

import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { withLock } from './build-lock'
import { RENDERER_DIR, ROOT } from './repo-root'

/**
 * Builds the renderer (and main, preload) with electron-vite when asked, or when there is no
 * build yet. Its output goes to stderr: the harness's first stdout line is its URL. Test files
 * run in parallel may all find no build: a lock lets one build while the others wait for it.
 */
export function ensureRendererBuilt(options: { force?: boolean; rendererDir?: string } = {}): void {
  const dir = options.rendererDir ?? RENDERER_DIR
  const built = () => !options.force && existsSync(join(dir, 'index.html'))
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

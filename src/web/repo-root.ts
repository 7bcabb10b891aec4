import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * The repository. Loaders disagree on __dirname (tsx gives an ESM importer a wrapped module
 * whose __dirname is wrong, while __filename is right), so walk up to our package.json.
 */
function findRoot(): string {
  const starts = [typeof __filename === 'string' ? dirname(__filename) : '', process.cwd()]
  for (const start of starts.filter(Boolean)) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }
        if (pkg.name === 'perkpack') return dir
      } catch {
        // Not here: one level up.
      }
      if (dirname(dir) === dir) break
    }
  }
  return process.cwd()
}

export const ROOT = findRoot()
export const RENDERER_DIR = join(ROOT, 'out', 'renderer')

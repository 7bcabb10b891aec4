import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

/** Every `*.test.ts` file below `dir` (a path from the repository), as paths from it. */
export function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return testFiles(path)
    return name.endsWith('.test.ts') ? [path] : []
  })
}

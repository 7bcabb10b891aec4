import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// A file over 400 lines holds more than one thing to understand at once: split it by role.
// Data tables (the simulator's seeded campaigns and addresses) are rows, not logic.

const ROOT = join(__dirname, '..')
const LIMIT = 400
const DATA_TABLES = new Set(['src/simulator/data-addresses.ts', 'src/simulator/data-campaigns.ts'])
/** The composition root only calls the features' factories, in order (issue 27). */
const COMPOSITION_ROOT = 'src/main/app-services.ts'
const ROOT_LIMIT = 200

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|vue|mts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

const lineCount = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1

describe('source files', () => {
  const files = sourceFiles('src')

  it(`stay within ${LIMIT} lines, data tables aside`, () => {
    const long = files
      .filter((file) => !DATA_TABLES.has(file) && lineCount(file) > LIMIT)
      .map((file) => `${relative(ROOT, join(ROOT, file))}: ${lineCount(file)}`)
    expect(files.length).toBeGreaterThan(300)
    expect(long).toEqual([])
  })

  it('list as data tables only files that exist and need the exception', () => {
    const needless = [...DATA_TABLES].filter(
      (file) => !files.includes(file) || lineCount(file) <= LIMIT,
    )
    expect(needless).toEqual([])
  })

  it(`keep the composition root within ${ROOT_LIMIT} lines`, () => {
    expect(lineCount(COMPOSITION_ROOT)).toBeLessThanOrEqual(ROOT_LIMIT)
  })
})

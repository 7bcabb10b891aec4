import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testFiles } from './helpers/test-files'

// The README's layout table is where a newcomer learns where things go, and node tests are found
// by mirroring src/: both drift silently when a folder is added, so both are checked here.

const ROOT = join(__dirname, '..')

function foldersIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/** Rows of the README's "Layout" table: the folder cell and the folders its text names. */
function layoutRows(): Map<string, string[]> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const section = readme.split('\n## Layout')[1]?.split('\n## ')[0] ?? ''
  const rows = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const folder = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1]
    if (folder === undefined) continue
    const named = [...(cells[2] ?? '').matchAll(/`([\w-]+)\/`/g)].map((m) => m[1] as string)
    rows.set(folder, named)
  }
  return rows
}

describe('the README layout table', () => {
  const rows = layoutRows()

  it('names folders that exist', () => {
    const missing = [...rows.keys()]
      .map((folder) => folder.replace('/<feature>', ''))
      .filter((folder) => !statSync(join(ROOT, folder), { throwIfNoEntry: false })?.isDirectory())
    expect(rows.size).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })

  it('names every feature folder of src/main', () => {
    const ownRows = [...rows.keys()]
      .filter((folder) => /^src\/main\/\w+$/.test(folder))
      .map((folder) => folder.slice('src/main/'.length))
    const named = [...(rows.get('src/main/<feature>') ?? []), ...ownRows].sort()
    expect(named).toEqual(foldersIn('src/main'))
  })

  it('names every folder of src/shared and of the renderer', () => {
    expect([...(rows.get('src/shared') ?? []), 'ipc'].sort()).toEqual(foldersIn('src/shared'))
    expect([...(rows.get('src/renderer/src') ?? [])].sort()).toEqual(foldersIn('src/renderer/src'))
  })
})

/** The first cells of docs/architecture.md's "Folders by role" table. */
function architectureRows(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
  const section = doc.split('\n## Folders by role')[1]?.split('\n## ')[0] ?? ''
  return section
    .split('\n')
    .map((line) => /^\| `([^`]+)`/.exec(line)?.[1])
    .filter((cell): cell is string => cell !== undefined)
}

describe("docs/architecture.md's folder table", () => {
  const rows = architectureRows()

  it('names paths that exist', () => {
    const missing = rows.filter((row) => !statSync(join(ROOT, row), { throwIfNoEntry: false }))
    expect(rows.length).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })

  it.each(['src/main', 'src/main/core', 'src/shared', 'src/renderer/src'])(
    'has a row for every folder of %s',
    (dir) => {
      const unnamed = foldersIn(dir).filter((name) => !rows.includes(`${dir}/${name}`))
      expect(unnamed).toEqual([])
    },
  )
})

describe('node tests', () => {
  it('mirror src/: each sits in the folder of what it tests', () => {
    const shared = new Set(['test/e2e', 'test/helpers', 'test/fixtures'])
    const astray = testFiles('test')
      .map((file) => relative('test', file).split('/').slice(0, -1).join('/'))
      .filter((dir) => dir !== '' && ![...shared].some((s) => `test/${dir}`.startsWith(s)))
      .filter((dir) => !statSync(join(ROOT, 'src', dir), { throwIfNoEntry: false })?.isDirectory())
    expect([...new Set(astray)]).toEqual([])
  })
})

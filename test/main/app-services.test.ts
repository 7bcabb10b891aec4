import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The composition root builds no feature itself: each feature folder has its factory
// (<feature>/<feature>-feature.ts, as Electron Fiddle's setupX()), which names the basics and
// the other features it needs in its deps type and never sees the whole AppServices.

const MAIN = join(__dirname, '../../src/main')
const ROOT_FILE = join(MAIN, 'app-services.ts')
/** Not features: the platform port and the IPC layer's wording, which the root passes on. */
const PORTS = ['./export/desktop-port', './ipc/ipc-errors']

/** Every module a file imports, type-only imports included. */
const importsOf = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName)

const factories = readdirSync(MAIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(MAIN, entry.name))
      .filter((name) => name.endsWith('-feature.ts'))
      .map((name) => ({ folder: entry.name, name })),
  )

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())

describe('the composition root', () => {
  it("imports of the feature folders only their factories (and the root's ports)", () => {
    const features = importsOf(ROOT_FILE).filter(
      (path) => /^\.\/\w+\//.test(path) && !path.startsWith('./core/'),
    )
    const notFactories = features.filter(
      (path) => !PORTS.includes(path) && !/^\.\/(\w+)\/\1-feature$/.test(path),
    )
    expect(features.length).toBeGreaterThan(10)
    expect(notFactories).toEqual([])
  })

  it('calls every factory there is', () => {
    const root = readFileSync(ROOT_FILE, 'utf8')
    const uncalled = factories
      .map(({ folder }) => `create${pascal(folder)}Feature(`)
      .filter((call) => !root.includes(call))
    expect(factories.length).toBeGreaterThan(10)
    expect(uncalled).toEqual([])
  })

  it('has factories named after their folder, which import neither the root nor the IPC layer', () => {
    const wrong = factories.flatMap(({ folder, name }) => {
      const file = join(MAIN, folder, name)
      const text = readFileSync(file, 'utf8')
      const problems = importsOf(file).filter((path) =>
        /\/(app-services|handler-table)$/.test(path),
      )
      if (name !== `${folder}-feature.ts`) problems.push('named after another folder')
      if (!text.includes(`export function create${pascal(folder)}Feature(`))
        problems.push(`no create${pascal(folder)}Feature`)
      return problems.map((problem) => `${folder}/${name}: ${problem}`)
    })
    expect(wrong).toEqual([])
  })
})

import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(__dirname, '../src')
// The aliases of electron.vite.config.ts and vitest.config.mts.
const ALIASES: Record<string, string> = {
  '@renderer/': path.join(SRC, 'renderer/src/'),
  '@shared/': path.join(SRC, 'shared/'),
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|vue)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : []
  })
}

function scriptOf(file: string): string {
  const text = fs.readFileSync(file, 'utf8')
  if (!file.endsWith('.vue')) return text
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

function importTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier)
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
  return alias ? path.join(ALIASES[alias] ?? '', specifier.slice(alias.length)) : null
}

/** Our own modules only: a package cannot import us back. Type-only imports count too. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(scriptOf(file), true, true)
  return importedFiles.flatMap(({ fileName }) => {
    const base = importTarget(file, fileName)
    if (base === null) return []
    const hit = [base, `${base}.ts`, `${base}.vue`, path.join(base, 'index.ts')].find((candidate) =>
      fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
    )
    return hit ? [hit] : []
  })
}

/** Tarjan's strongly connected components of more than one file, or of a file importing itself. */
function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

describe('imports', () => {
  it('finds a planted circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(importCircles(graph)).toEqual([['a', 'b', 'c']])
  })

  it('form no circle anywhere in src/', () => {
    const files = sourceFiles(SRC)
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
    const circles = importCircles(graph).map((c) => c.map((f) => path.relative(SRC, f)))
    expect(circles).toEqual([])
  })
})

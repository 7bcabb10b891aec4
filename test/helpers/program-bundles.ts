/**
 * The programs the tests spawn, bundled once a test run with esbuild (a global setup of the node
 * and timed projects, vitest.config.mts) and run with plain `node`: the `perkpack` command and
 * the child scripts below. Started from TypeScript (bin/perkpack.js, `node --import tsx`), each
 * child compiles the sources at start: about 2.5 s of CPU, against about 1 s for a bundle. A
 * bundle holds only our sources: the packages (native ones like better-sqlite3-multiple-ciphers
 * and keytar, and pdfkit, whose data files sit beside its code) are required from the
 * repository's node_modules, and the bundles are written below node_modules/.cache so that they,
 * and the fonts looked up from the code's own folder (core/print/fonts.ts), are found as from
 * src/. test/cli/cli.test.ts runs the shipped bin/perkpack.js itself.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled `perkpack` of this run (a .cjs file), for test/helpers/cli.ts. */
    perkpackCliBundle: string
    /** Each child script (its path from the repository) and its bundle, for childArgs. */
    childScriptBundles: Record<string, string>
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What bin/perkpack.js does, minus tsx: the bundle's entry. */
const ENTRY = "import { main } from './src/cli/main'\nmain()\n"

/** The scripts the tests start in a process of their own (each file name once). */
export const CHILD_SCRIPTS = [
  'test/helpers/csv-input-child.ts',
  'test/helpers/sync-child.ts',
  'test/helpers/team-connect-child.ts',
  'test/helpers/team-desk-child.ts',
  'test/main/fixtures/cache-crash-child.ts',
  'test/main/fixtures/problem-crash-child.ts',
  'test/main/fixtures/shrink-held-child.ts',
]

/** The options every bundle is built with: Node, CommonJS, our sources only. */
const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  logLevel: 'silent',
} as const

/** A new folder under `parent`; removed again when `fill` throws. */
async function newFolder<T>(parent: string, fill: (dir: string) => Promise<T>): Promise<T> {
  fs.mkdirSync(parent, { recursive: true })
  const dir = fs.mkdtempSync(path.join(parent, 'perkpack-test-programs-'))
  try {
    return await fill(dir)
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

const CACHE = path.join(ROOT, 'node_modules', '.cache')

/**
 * Bundles `entry` (source text resolved from the repository, bin/perkpack.js's by default) into
 * a new folder under `parent`; resolves with the file. Rejects on any build error: the tests
 * then fail at the start of the run, never quietly fall back to another program.
 */
export async function buildCliBundle(parent = CACHE, entry = ENTRY): Promise<string> {
  return newFolder(parent, async (dir) => {
    const outfile = path.join(dir, 'perkpack.cjs')
    await build({
      ...NODE_BUNDLE,
      stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'perkpack-entry.ts', loader: 'ts' },
      outfile,
    })
    return outfile
  })
}

/** Bundles `scripts` (paths from the repository) side by side into a new folder under `parent`. */
export async function buildChildBundles(
  parent = CACHE,
  scripts = CHILD_SCRIPTS,
): Promise<Record<string, string>> {
  return newFolder(parent, async (dir) => {
    await build({
      ...NODE_BUNDLE,
      entryPoints: scripts.map((script) => path.join(ROOT, script)),
      outdir: dir,
      entryNames: '[name]',
      outExtension: { '.js': '.cjs' },
    })
    const bundleOf = (script: string) => path.join(dir, `${path.basename(script, '.ts')}.cjs`)
    return Object.fromEntries(scripts.map((script) => [script, bundleOf(script)]))
  })
}

export default async function setup(project: TestProject): Promise<() => void> {
  const [cli, children] = await Promise.all([buildCliBundle(), buildChildBundles()])
  project.provide('perkpackCliBundle', cli)
  project.provide('childScriptBundles', children)
  return () => {
    for (const file of [cli, ...Object.values(children)]) {
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    }
  }
}

/**
 * The `perkpack` the CLI tests spawn: src/cli bundled once a test run with esbuild (a global
 * setup of the node project, vitest.config.mts), run with plain `node`. bin/perkpack.js compiles
 * the TypeScript sources with tsx at every start: about 2.5 s of CPU a child, against about 1 s
 * for the bundle, and the CLI tests spawn dozens of children a run. The bundle holds only
 * our sources: the packages (native ones like better-sqlite3-multiple-ciphers and keytar, and
 * pdfkit, whose data files sit beside its code) are required from the repository's node_modules,
 * and the bundle is written below node_modules/.cache so that they, and the fonts looked up from
 * the code's own folder (core/print/fonts.ts), are found as from src/. test/cli/cli.test.ts
 * runs the shipped bin/perkpack.js itself.
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
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What bin/perkpack.js does, minus tsx: the bundle's entry. */
const ENTRY = "import { main } from './src/cli/main'\nmain()\n"

/**
 * Bundles `entry` (source text resolved from the repository, bin/perkpack.js's by default) into
 * a new folder under `parent`; resolves with the file. Rejects on any build error: the tests
 * then fail at the start of the run, never quietly fall back to another program.
 */
export async function buildCliBundle(
  parent = path.join(ROOT, 'node_modules', '.cache'),
  entry = ENTRY,
): Promise<string> {
  fs.mkdirSync(parent, { recursive: true })
  const dir = fs.mkdtempSync(path.join(parent, 'perkpack-test-cli-'))
  const outfile = path.join(dir, 'perkpack.cjs')
  try {
    await build({
      stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'perkpack-entry.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      outfile,
      logLevel: 'silent',
    })
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return outfile
}

export default async function setup(project: TestProject): Promise<() => void> {
  const file = await buildCliBundle()
  project.provide('perkpackCliBundle', file)
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}

/** Starting the test helper scripts in a process of their own, from this run's bundles. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import type { ProvidedContext } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What the project's global setup (program-bundles.ts) provided; throws when it did not run. */
export function bundled<K extends 'perkpackCliBundle' | 'childScriptBundles'>(
  key: K,
): ProvidedContext[K] {
  const value = inject(key)
  if (!value) {
    throw new Error(
      `No ${key} in this vitest project: add test/helpers/program-bundles.ts to its globalSetup (vitest.config.mts).`,
    )
  }
  return value
}

/**
 * The node arguments that run `script` (a helper .ts file, a path or file URL) as
 * `node --import tsx script` would: its bundle of this run (CHILD_SCRIPTS, program-bundles.ts).
 */
export function childArgs(script: string): string[] {
  const name = path.relative(ROOT, script.startsWith('file:') ? fileURLToPath(script) : script)
  const bundle = bundled('childScriptBundles')[name.split(path.sep).join('/')]
  if (!bundle) throw new Error(`${name} is not in CHILD_SCRIPTS (test/helpers/program-bundles.ts).`)
  return [bundle]
}

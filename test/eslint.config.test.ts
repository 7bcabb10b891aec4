import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: path.resolve(__dirname, '..') })
})

/** The messages ESLint gives `code` as if it were the file at `filePath`. */
async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }))
}

async function rules(filePath: string, code: string) {
  return (await messages(filePath, code)).map((m) => m.rule)
}

/** The messages of one rule only. */
async function ruleMessages(filePath: string, code: string, rule: string) {
  return (await messages(filePath, code)).filter((m) => m.rule === rule).map((m) => m.message)
}

const LAYERS = 'perkpack/import-layers'
const importOf = (specifier: string) => `import { x } from '${specifier}'\nexport const y = x\n`

describe('lint rule: Electron', () => {
  it('keeps raw IPC out of everything but register.ts and the preload', async () => {
    const rawIpc = "import { ipcMain } from 'electron'\nexport const x = ipcMain\n"
    expect(await rules('src/main/index.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await rules('src/renderer/src/x.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await rules('src/main/ipc/register.ts', rawIpc)).not.toContain('no-restricted-imports')
    const member = "import electron from 'electron'\nexport const x = electron.ipcRenderer\n"
    expect(await rules('src/renderer/src/x.ts', member)).toContain('no-restricted-syntax')
  }, 60_000)

  it('allows Electron in the shell files only', async () => {
    const anyElectron = "import { app } from 'electron'\nexport const x = app\n"
    for (const file of [
      'src/main/index.ts',
      'src/main/shell/electron-desktop.ts',
      'src/main/shell/x.ts',
      'src/preload/index.ts',
    ]) {
      expect(await rules(file, anyElectron), file).toEqual([])
    }
    for (const file of [
      'src/main/core/x.ts',
      'src/main/orders/x.ts',
      'src/main/app-services.ts',
      'src/shared/x.ts',
      'src/web/x.ts',
      'src/cli/x.ts',
      'src/cli/commands/x.ts',
      'src/simulator/x.ts',
      'src/renderer/src/stores/x.ts',
    ]) {
      const found = await ruleMessages(file, anyElectron, 'no-restricted-imports')
      expect(found, file).toEqual([expect.stringContaining('must run without Electron')])
    }
  }, 60_000)

  it('catches a dynamic import and a require of Electron', async () => {
    const dynamic = "export const load = () => import('electron')\n"
    expect(await rules('src/main/orders/x.ts', dynamic)).toContain('no-restricted-syntax')
    expect(await rules('src/cli/x.ts', dynamic)).toContain('no-restricted-syntax')
    const required = "export const e = require('electron')\n"
    expect(await rules('src/simulator/x.ts', required)).toContain('no-restricted-syntax')
  }, 60_000)
})

describe('lint rule: no Node built-ins where the renderer runs the code', () => {
  it('refuses node: and bare built-in imports in src/shared and the renderer', async () => {
    for (const code of [
      "import fs from 'node:fs'\nexport const x = fs\n",
      "import path from 'path'\nexport const x = path\n",
      "import { readFile } from 'fs/promises'\nexport const x = readFile\n",
    ]) {
      for (const file of ['src/shared/export/x.ts', 'src/renderer/src/stores/x.ts']) {
        const found = await ruleMessages(file, code, 'no-restricted-imports')
        expect(found, `${file}: ${code}`).toEqual([expect.stringContaining('there is no Node')])
      }
    }
    const dynamic = "export const load = () => import('node:fs')\n"
    expect(await ruleMessages('src/shared/x.ts', dynamic, 'no-restricted-syntax')).toEqual([
      expect.stringContaining('there is no Node'),
    ])
  }, 60_000)

  it('still refuses Electron there, and allows Node in main, the CLI and renderer tests', async () => {
    const anyElectron = "import { app } from 'electron'\nexport const x = app\n"
    expect(await rules('src/shared/x.ts', anyElectron)).toContain('no-restricted-imports')
    const fsImport = "import fs from 'node:fs'\nexport const x = fs\n"
    for (const file of [
      'src/main/core/x.ts',
      'src/cli/x.ts',
      'src/renderer/src/stores/x.test.ts',
    ]) {
      expect(await rules(file, fsImport), file).toEqual([])
    }
  }, 60_000)
})

describe('lint rule: only stores call api()', () => {
  const call = "import { api } from '@renderer/api'\nexport const x = () => api().listJobs()\n"
  it('refuses api() in components, views and composables', async () => {
    for (const file of [
      'src/renderer/src/components/jobs/X.vue',
      'src/renderer/src/views/x.ts',
      'src/renderer/src/composables/useX.ts',
    ]) {
      const code = file.endsWith('.vue') ? `<script setup lang="ts">\n${call}</script>\n` : call
      const found = await ruleMessages(file, code, 'no-restricted-syntax')
      expect(found, file).toEqual([expect.stringContaining('Only stores call api()')])
    }
  }, 60_000)

  it('allows it in a store and in a test, and still refuses Node there', async () => {
    expect(await rules('src/renderer/src/stores/x.ts', call)).toEqual([])
    expect(await rules('src/renderer/src/components/jobs/x.test.ts', call)).toEqual([])
    const fsImport = "import fs from 'node:fs'\nexport const x = fs\n"
    const node = await rules('src/renderer/src/components/jobs/x.ts', fsImport)
    expect(node).toContain('no-restricted-imports')
  }, 60_000)
})

describe('lint rule: import layers', () => {
  it('keeps src/main/core below the features, the IPC layer and the composition root', async () => {
    for (const [file, specifier] of [
      ['src/main/core/x.ts', '../orders/orders-desk'],
      ['src/main/core/x.ts', '../app-services'],
      ['src/main/core/cache/x.ts', '../../ipc/handler-table'],
      ['src/main/core/print/x.ts', '../../session/connection'],
      ['src/main/core/x.ts', '../shell/renderer-csp'],
    ] as const) {
      const found = await ruleMessages(file, importOf(specifier), LAYERS)
      expect(found, `${file} -> ${specifier}`).toEqual([
        expect.stringMatching(/^src\/main\/core is the plain core .* \(imports src\/main\//),
      ])
    }
  }, 60_000)

  it('tells a core folder from the feature of the same name by resolving the path', async () => {
    // From core/cache, '../orders/workspace' is core/orders/, not the orders feature.
    expect(await rules('src/main/core/cache/x.ts', importOf('../orders/workspace'))).toEqual([])
    expect(await rules('src/main/core/x.ts', importOf('./cache'))).toEqual([])
    const feature = await ruleMessages(
      'src/main/core/x.ts',
      importOf('../orders/orders-desk'),
      LAYERS,
    )
    expect(feature).toHaveLength(1)
    expect(
      await rules('src/main/orders/orders-handlers.ts', importOf('../ipc/define-handlers')),
    ).toEqual([])
  }, 60_000)

  it('keeps renderer stores from importing components and views, aliases included', async () => {
    for (const specifier of [
      '../components/orders/OrdersTable.vue',
      '@renderer/components/orders/OrderDetailDrawer.vue',
      '../views/OrdersView.vue',
    ]) {
      const found = await ruleMessages('src/renderer/src/stores/x.ts', importOf(specifier), LAYERS)
      expect(found, specifier).toEqual([expect.stringContaining('Stores never import components')])
    }
    const store = importOf('../../stores/orders')
    expect(await rules('src/renderer/src/components/orders/x.ts', store)).toEqual([])
  }, 60_000)

  it('keeps each top folder to what it may import', async () => {
    const cases = [
      [
        'src/shared/export/x.ts',
        '../../main/core/system/redact',
        'src/shared is imported by every',
      ],
      ['src/simulator/x.ts', '../main/core/system/redact', 'The simulator stands in'],
      ['src/simulator/x.ts', '../cli/io', 'The simulator stands in'],
      ['src/renderer/src/x.ts', '../../main/core/system/redact', 'The renderer reaches main only'],
      ['src/preload/x.ts', '../main/core/system/redact', 'The preload only exposes'],
      ['src/main/orders/x.ts', '../../cli/io', 'The desktop app does not import the CLI'],
      ['src/main/core/x.ts', '../../web/server', 'The desktop app does not import the CLI'],
    ] as const
    for (const [file, specifier, message] of cases) {
      const found = await ruleMessages(file, importOf(specifier), LAYERS)
      expect(found, `${file} -> ${specifier}`).toEqual([expect.stringContaining(message)])
    }
    for (const [file, specifier] of [
      ['src/simulator/x.ts', '../shared/api'],
      ['src/renderer/src/x.ts', '@shared/ipc'],
      ['src/cli/x.ts', '../main/core/system/redact'],
      ['src/web/x.ts', '../main/app-services'],
    ] as const) {
      expect(await rules(file, importOf(specifier)), `${file} -> ${specifier}`).toEqual([])
    }
  }, 60_000)

  it('lets a feature meet the IPC layer only in its handler file', async () => {
    for (const [file, specifier] of [
      ['src/main/jobs/job-watcher.ts', '../ipc/ipc-errors'],
      ['src/main/floor/x/y.ts', '../../ipc/handler-table'],
    ] as const) {
      const found = await ruleMessages(file, importOf(specifier), LAYERS)
      expect(found, file).toEqual([expect.stringContaining('meets the IPC layer only')])
    }
    const handlers = importOf('../ipc/define-handlers')
    expect(await rules('src/main/jobs/jobs-handlers.ts', handlers)).toEqual([])
    expect(await rules('src/main/ipc/register.ts', importOf('./ipc-errors'))).toEqual([])
  }, 60_000)

  it('keeps the CLI to the core and src/shared', async () => {
    for (const [file, specifier] of [
      ['src/cli/x.ts', '../main/orders/orders-desk'],
      ['src/cli/commands/x.ts', '../../main/floor/tracking-desk'],
      ['src/cli/x.ts', '../main/ipc/handler-table'],
      ['src/cli/x.ts', '../main/shell/renderer-csp'],
      ['src/cli/x.ts', '../main/app-services'],
      ['src/cli/x.ts', '../web/server'],
    ] as const) {
      const found = await ruleMessages(file, importOf(specifier), LAYERS)
      expect(found, `${file} -> ${specifier}`).toEqual([
        expect.stringContaining('The CLI shares only the core'),
      ])
    }
    for (const specifier of ['../main/core/orders/view-store', '../shared/ipc', './io']) {
      expect(await rules('src/cli/x.ts', importOf(specifier)), specifier).toEqual([])
    }
  }, 60_000)

  it('checks re-exports, dynamic imports and type-only imports too', async () => {
    const file = 'src/main/core/x.ts'
    for (const code of [
      "export { saveView } from '../orders/orders-desk'\n",
      "export * from '../orders/orders-desk'\n",
      "export const load = () => import('../orders/orders-desk')\n",
      "import type { HandlerTable } from '../ipc/handler-table'\nexport type T = HandlerTable\n",
    ]) {
      expect(await ruleMessages(file, code, LAYERS), code).toHaveLength(1)
    }
  }, 60_000)
})

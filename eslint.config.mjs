import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import { importLayers } from './lint/import-layers.mjs'
import { redactedLogs } from './lint/redacted-logs.mjs'

const RAW_IPC_MESSAGE =
  'Register IPC handlers with src/main/ipc/register.ts and call them through the preload bridge; raw ipcMain/ipcRenderer bypass the sender check and argument validation.'
const RAW_IPC_IMPORT = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: RAW_IPC_MESSAGE,
}
const RAW_IPC_SYNTAX = [
  { selector: 'MemberExpression[property.name=/^ipc(Main|Renderer)$/]', message: RAW_IPC_MESSAGE },
]
const NO_ELECTRON_MESSAGE =
  'This folder must run without Electron (tests, the CLI, the web harness): take what you need as a parameter, and keep Electron calls in src/main/index.ts.'
const NO_ELECTRON_IMPORT = { name: 'electron', message: NO_ELECTRON_MESSAGE }
const NO_ELECTRON_SYNTAX = [
  { selector: "ImportExpression[source.value='electron']", message: NO_ELECTRON_MESSAGE },
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value='electron']",
    message: NO_ELECTRON_MESSAGE,
  },
]

// Files that may import Electron: the main entry, the shell, the IPC registration and the
// preload. Everything else runs under plain Node too (the tests, the CLI, the web harness).
const ELECTRON_SHELL = [
  'src/main/index.ts',
  'src/main/ipc/register.ts',
  'src/main/shell/**',
  'src/preload/**',
]

const NO_NODE_MESSAGE =
  'src/shared and the renderer run in the sandboxed renderer too, where there is no Node: take the data as a parameter, and do the file or process work in src/main.'
const NO_NODE_IMPORTS = {
  paths: builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => ({ name, message: NO_NODE_MESSAGE })),
  patterns: [{ group: ['node:*'], message: NO_NODE_MESSAGE }],
}
const NO_NODE_SYNTAX = [
  { selector: 'ImportExpression[source.value=/^node:/]', message: NO_NODE_MESSAGE },
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value=/^node:/]",
    message: NO_NODE_MESSAGE,
  },
]

// The top folders of src/ and the parts of src/main that sit above the services (the features,
// the IPC layer, the shell, the composition root), read from disk so a new one is covered.
const SRC_FOLDERS = fs
  .readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const APP_LAYER = fs
  .readdirSync(new URL('./src/main', import.meta.url), { withFileTypes: true })
  // core/ is where services/ is moving (issue 27): the same plain layer.
  .filter((entry) => entry.name !== 'services' && entry.name !== 'core')
  .map((entry) => (entry.isDirectory() ? `src/main/${entry.name}/**` : `src/main/${entry.name}`))
/** Every top folder of src/ but the ones named: what a folder that may import only those may not. */
const srcExcept = (...allowed) =>
  SRC_FOLDERS.filter((name) => !allowed.includes(name)).map((name) => `src/${name}/**`)

const IMPORT_LAYERS = {
  aliases: { '@shared/': 'src/shared/', '@renderer/': 'src/renderer/src/' },
  layers: [
    {
      files: ['src/shared/**'],
      forbid: srcExcept('shared'),
      message:
        'src/shared is imported by every process and imports none of them: move what both sides need into src/shared.',
    },
    {
      files: ['src/main/services/**', 'src/main/core/**'],
      forbid: APP_LAYER,
      message:
        'src/main/services is the plain core the CLI shares: it never imports the IPC layer, a feature folder, the shell or the composition root. Take what it needs as a parameter or a callback.',
    },
    {
      files: ['src/main/**', 'src/preload/**'],
      forbid: ['src/cli/**', 'src/web/**', 'src/renderer/**'],
      message:
        'The desktop app does not import the CLI, the web harness or the renderer: move what they share into src/main/services or src/shared.',
    },
    {
      files: ['src/preload/**'],
      forbid: srcExcept('preload', 'shared'),
      message:
        'The preload only exposes the bridge: it imports src/shared and nothing else of ours.',
    },
    {
      files: ['src/renderer/**'],
      forbid: srcExcept('renderer', 'shared'),
      message:
        'The renderer reaches main only through window.perkpack (api()): it imports src/shared and itself.',
    },
    {
      files: ['src/renderer/src/stores/**'],
      except: ['**/*.test.ts'],
      forbid: ['src/renderer/src/components/**', 'src/renderer/src/views/**'],
      message:
        'Stores never import components or views (components import stores; the other way is a loop). Move a pure helper to src/renderer/src/lib/.',
    },
    {
      files: ['src/simulator/**'],
      forbid: srcExcept('simulator', 'shared'),
      message:
        "The simulator stands in for the platform's API: it shares the API model in src/shared and nothing of the app.",
    },
  ],
}

/** Our own rules, one plugin object for every block that uses them (ESLint compares them). */
const PERKPACK_RULES = { rules: { 'import-layers': importLayers, 'redacted-logs': redactedLogs } }

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'node_modules/**',
      '.electron-native/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Plain CommonJS launchers, run by Node before any TypeScript loader exists.
    files: ['bin/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // IPC goes through src/main/ipc/register.ts (sender check, argument validation) and the
  // preload's named methods; raw ipcMain / ipcRenderer anywhere else would bypass both.
  {
    files: ['**/*.{ts,mts,cts,js,mjs,cjs,vue}'],
    ignores: ['src/main/ipc/register.ts', 'src/preload/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [RAW_IPC_IMPORT] }],
      'no-restricted-syntax': ['error', ...RAW_IPC_SYNTAX],
    },
  },
  // Electron stays in the shell files (ELECTRON_SHELL); in src/cli, src/simulator, src/shared,
  // src/web and the renderer it is an error.
  {
    files: ['src/**/*'],
    ignores: ELECTRON_SHELL,
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON_IMPORT] }],
      'no-restricted-syntax': ['error', ...RAW_IPC_SYNTAX, ...NO_ELECTRON_SYNTAX],
    },
  },
  // No Node built-ins where the code also runs in the renderer. This block replaces the one
  // above for these files, so it repeats the Electron restrictions.
  {
    files: ['src/shared/**/*', 'src/renderer/**/*'],
    ignores: ['**/*.test.ts', 'src/renderer/src/test-utils/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_ELECTRON_IMPORT, ...NO_NODE_IMPORTS.paths],
          patterns: NO_NODE_IMPORTS.patterns,
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...RAW_IPC_SYNTAX,
        ...NO_ELECTRON_SYNTAX,
        ...NO_NODE_SYNTAX,
      ],
    },
  },
  // Which of our folders may import which (lint/import-layers.mjs resolves each import).
  {
    files: ['src/**/*.{ts,mts,vue}'],
    plugins: { perkpack: PERKPACK_RULES },
    rules: { 'perkpack/import-layers': ['error', IMPORT_LAYERS] },
  },
  // The main process's console lines go through redact() (lint/redacted-logs.mjs).
  {
    files: ['src/main/**/*.{ts,mts}'],
    plugins: { perkpack: PERKPACK_RULES },
    rules: { 'perkpack/redacted-logs': 'error' },
  },
  prettier,
)

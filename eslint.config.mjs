import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

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

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'coverage/**', 'test-results/**', 'node_modules/**'] },
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
  // Plain TypeScript that must run under Node (tests, the CLI, the web harness) and in the
  // renderer: Electron stays in src/main/index.ts, register.ts, the Electron desktop adapter and
  // the preload.
  {
    files: ['src/main/**/*', 'src/shared/**/*', 'src/web/**/*'],
    ignores: [
      'src/main/index.ts',
      'src/main/ipc/register.ts',
      'src/main/shell/electron-desktop.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON_IMPORT] }],
      'no-restricted-syntax': ['error', ...RAW_IPC_SYNTAX, ...NO_ELECTRON_SYNTAX],
    },
  },
  prettier,
)

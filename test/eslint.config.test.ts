import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

describe('lint rule', () => {
  it('keeps raw IPC and Electron out of the plain-TypeScript folders', async () => {
    const eslint = new ESLint({ cwd: path.resolve(__dirname, '..') })
    const lint = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath })
      return (result?.messages ?? []).map((m) => m.ruleId)
    }
    const rawIpc = "import { ipcMain } from 'electron'\nexport const x = ipcMain\n"
    expect(await lint('src/main/index.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await lint('src/renderer/src/x.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await lint('src/main/ipc/register.ts', rawIpc)).not.toContain('no-restricted-imports')
    const anyElectron = "import { app } from 'electron'\nexport const x = app\n"
    expect(await lint('src/main/index.ts', anyElectron)).toEqual([])
    expect(await lint('src/main/shell/electron-desktop.ts', anyElectron)).toEqual([])
    for (const file of [
      'src/main/services/x.ts',
      'src/main/orders/x.ts',
      'src/shared/x.ts',
      'src/web/x.ts',
    ]) {
      expect(await lint(file, anyElectron)).toContain('no-restricted-imports')
    }
    const dynamic = "export const load = () => import('electron')\n"
    expect(await lint('src/main/orders/x.ts', dynamic)).toContain('no-restricted-syntax')
    const member = "import electron from 'electron'\nexport const x = electron.ipcRenderer\n"
    expect(await lint('src/renderer/src/x.ts', member)).toContain('no-restricted-syntax')
  }, 60_000)
})

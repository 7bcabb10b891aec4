import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../helpers/cli'

// Every `perkpack` run loads the command table; what it loads at the top every command pays for
// at each start (the tests spawn the CLI dozens of times too).
describe('perkpack start-up', () => {
  it('loads exceljs only for the command that writes a workbook', () => {
    const script = `
      require('tsx/cjs/api').register()
      require('./src/cli/command-table.ts')
      const loaded = Object.keys(require.cache).filter((file) => file.includes('/node_modules/'))
      process.stdout.write(JSON.stringify({
        exceljs: loaded.some((file) => file.includes('/node_modules/exceljs/')),
        modules: loaded.length,
      }))`
    const answer = JSON.parse(
      execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }),
    ) as { exceljs: boolean; modules: number }
    // The table itself did load its dependencies (the check looks at the right cache).
    expect(answer.modules).toBeGreaterThan(10)
    expect(answer.exceljs).toBe(false)
  })
})

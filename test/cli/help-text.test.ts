import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/command-table'
import { commandHelp, mainHelp } from '../../src/cli/help'

/** The lines of `perkpack --help` between "Commands:" and the blank line after them. */
function commandLines(): string[] {
  const text = mainHelp()
  const start = text.indexOf('Commands:\n') + 'Commands:\n'.length
  return text.slice(start, text.indexOf('\n\n', start)).split('\n')
}

describe('perkpack --help', () => {
  it('puts every usage line in the command column and every summary under it', () => {
    const names = Object.keys(COMMANDS)
    const usage = commandLines().filter((line) => !line.startsWith('      '))
    const summaries = commandLines().filter((line) => line.startsWith('      '))
    for (const line of summaries) expect(line).not.toMatch(/^\s+perkpack /)
    expect(usage.length).toBeGreaterThan(names.length)
    for (const line of usage) {
      expect(
        names.some((name) => line.startsWith(`  ${name}`)),
        line,
      ).toBe(true)
    }
    expect(commandLines()).toContain('  tracking fill <campaign-id> DASHBOARD.csv --out FILE.csv')
  })

  it("keeps the command's own help as a usage block", () => {
    expect(commandHelp('tracking')).toMatch(
      /^Usage: perkpack tracking import .*\n {7}perkpack tracking fill <campaign-id>/,
    )
  })
})

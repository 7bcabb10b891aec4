import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { perkpackHere } from '../helpers/cli-in-process'
import { STACK_LINE } from '../helpers/cli'
import { cleanup, tempDir } from '../helpers/harness'

// The CSV that `import`, `tracking import` and `tracking fill` read (src/cli/input-file.ts):
// missing, a folder, or not given, each command says so the same way, exit 2, no stack trace.

afterAll(cleanup)

describe('the CSV a command reads', () => {
  const dir = tempDir('perkpack-input-file-')
  const out = path.join(dir, 'filled.csv')
  const commands: Array<[string, string[]]> = [
    ['import', ['import', '7']],
    ['tracking import', ['tracking', 'import', '7']],
    ['tracking fill', ['tracking', 'fill', '7', '--out', out]],
  ]

  it.each(commands)('%s: a missing file is named, with the fix', async (_, args) => {
    const missing = path.join(dir, 'nope.csv')
    const result = await perkpackHere([...args, missing], { PERKPACK_DATA_DIR: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `perkpack: There is no file ${missing}. Check the name and folder.\n`,
    )
  })

  it.each(commands)('%s: a folder is not read, and says why', async (_, args) => {
    const result = await perkpackHere([...args, dir], { PERKPACK_DATA_DIR: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      new RegExp(
        `^perkpack: Cannot read .* \\(EISDIR\\)\\. Check that it is a file you may read\\.`,
      ),
    )
    expect(result.stderr).not.toMatch(STACK_LINE)
  })

  it.each(commands)('%s: no file at all prints the usage', async (_, args) => {
    const result = await perkpackHere(args, { PERKPACK_DATA_DIR: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^perkpack: Missing the CSV file\. Usage: perkpack \S/)
    expect(fs.existsSync(out)).toBe(false)
  })
})

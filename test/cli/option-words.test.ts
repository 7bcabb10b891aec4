import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv, STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// A command line the option parser cannot read is worded as the CLI words any bad input: the
// option, the fix, exit 2; never the parser's own text ("ambiguous", "after '--'").

const BASE_URL = 'http://127.0.0.1:9'
const dataset = generateDataset({ seed: 5, contributions: 40 })
const campaign = dataset.campaigns[0]!
const id = String(campaign.id)
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir(
    'perkpack-options-',
    BASE_URL,
    campaign.id,
    toModel(dataset.contributions.get(campaign.id) ?? []),
  )
})
afterAll(cleanup)

const run = (args: string[]) =>
  perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }))

describe('perkpack: options the parser cannot read', () => {
  it.each([
    [
      ['labels', id, '--out', 'x.pdf', '--start', '-1'],
      'perkpack: The --start value must be a positive whole number (got "-1").\n',
    ],
    [
      ['orders', id, '--bogus'],
      'perkpack: Unknown option --bogus. See `perkpack orders --help` for the options it takes.\n',
    ],
    [
      ['labels', id, '--out', '--order-line'],
      'perkpack: --out needs a value, but what follows it starts with a dash and reads as another option. Give the value right after --out (write --out=VALUE for a value that starts with a dash). See `perkpack labels --help`.\n',
    ],
    [
      ['orders', id, '--status'],
      'perkpack: --status needs a value: --status VALUE. See `perkpack orders --help`.\n',
    ],
    [
      ['orders', id, '--json=yes'],
      'perkpack: --json takes no value: write --json alone. See `perkpack orders --help`.\n',
    ],
  ])('%j: exit 2, the option and the fix', async (args, message) => {
    const result = await run(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(message)
    expect(result.stderr).not.toMatch(STACK_LINE)
    expect(fs.existsSync(path.resolve('x.pdf'))).toBe(false)
  })

  it('a negative number after an option is its value: --offset-x -3 prints', async () => {
    const out = path.join(dataDir, 'shifted.pdf')
    const result = await run(['labels', id, '--out', out, '--offset-x', '-3'])
    expect(result.code, result.stderr).toBe(0)
    expect(fs.existsSync(out)).toBe(true)
  })
})

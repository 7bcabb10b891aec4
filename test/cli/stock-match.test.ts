import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { shipmentRole, shippableLines } from '../../src/shared/fulfillment'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// `perkpack stock set|import` record a level under the variant the orders ship, whatever the
// case the person typed, and say when a line matches no variant (a mistyped choice used to be
// stored under a key of its own, leaving the real variant uncounted without a word).

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7002
const rows = makeContributions(30)
const key = [
  ...new Set(
    rows
      .filter((row) => shipmentRole(row) === 'ships')
      .flatMap((row) => shippableLines(row).map((line) => line.key)),
  ),
].find((one) => one.includes('='))!
let dataDir: string

beforeEach(() => {
  dataDir = syncedDataDir('perkpack-stock-match-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const levels = async () =>
  JSON.parse((await run('stock', 'list', String(CAMPAIGN), '--json')).stdout) as {
    variant_key: string
    quantity: number
  }[]

describe('perkpack stock and the variants the orders ship', () => {
  it('set: a key typed in lower case counts for the variant, a mistyped one is said', async () => {
    const set = await run('stock', 'set', String(CAMPAIGN), key.toLowerCase(), '6')
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).not.toContain('Kept, but')
    const typo = await run('stock', 'set', String(CAMPAIGN), `${key}x`, '2')
    expect(typo.code, typo.stderr).toBe(0)
    expect(typo.stdout).toMatch(/Kept, but no order ships .*; the orders' /)
    expect((await levels()).map((level) => [level.variant_key, level.quantity])).toEqual(
      expect.arrayContaining([[key, 6]]),
    )
  })

  it('import: a doubled variant is left out and named, and a file of nothing else is refused', async () => {
    const [sku, ...choices] = key.split('|')
    const text = choices.map((choice) => choice.replace('=', ': ')).join(', ')
    const file = path.join(dataDir, 'stock.csv')
    fs.writeFileSync(file, `sku,choices,quantity\n${sku},"${text}",4\n${sku},"${text}",9\n`)
    const imported = await run('stock', 'import', String(CAMPAIGN), file)
    expect(imported.code).toBe(2)
    expect(imported.stderr).toContain('No line of stock.csv gave a stock level (2 lines left out')
    expect(imported.stderr).toContain('is on lines 2 and 3')
    expect(await levels()).toEqual([])
  })
})

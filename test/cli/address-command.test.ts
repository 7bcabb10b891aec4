import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shipmentRole } from '../../src/shared/fulfillment'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// `perkpack address set|clear|show`: a corrected address, kept offline beside the synced one,
// is what every output command prints, by the same rule the app's drawer saves with.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7002
const rows = makeContributions(12)
const shipping = rows.filter((row) => shipmentRole(row) === 'ships')
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-address-cli-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const id = String(CAMPAIGN)

/** The generic shipper CSV's row of `orderId`, as `export-csv` writes it now. */
async function csvRow(orderId: number): Promise<Record<string, string> | undefined> {
  const out = path.join(dataDir, `orders-${Date.now()}.csv`)
  const written = await run('export-csv', id, '--format', 'generic', '--out', out, '--force')
  expect(written.code, written.stderr).toBe(0)
  const records = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<
    string,
    string
  >[]
  return records.find((record) => Number(record.order_id) === orderId)
}

describe('perkpack address', () => {
  it('sets an address from a pasted e-mail and flags; export-csv prints it; clear takes it back', async () => {
    const row = shipping[0]!
    const file = path.join(dataDir, 'pasted.txt')
    fs.writeFileSync(file, 'Rowan Quayside\n12 Harbour Road\nPortsmouth\nPO1 3AA\nUnited Kingdom\n')
    const set = await run(
      'address',
      'set',
      id,
      String(row.order.id),
      '--from-file',
      file,
      '--street2',
      'Flat 2',
      '--reason',
      'backer e-mailed',
      '--station',
      'Desk A',
    )
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toContain('12 Harbour Road')
    expect(await csvRow(row.order.id)).toMatchObject({
      ship_name: 'Rowan Quayside',
      ship_address_1: '12 Harbour Road',
      ship_address_2: 'Flat 2',
      ship_city: 'Portsmouth',
      ship_zipcode: 'PO1 3AA',
      ship_country: 'GB',
    })
    const shown = JSON.parse(
      (await run('address', 'show', id, String(row.order.id), '--json')).stdout,
    ) as {
      correction: { reason: string; by: string; platformAddress: { address: string | null } }
      platformChanged: boolean
    }
    expect(shown.correction).toMatchObject({ reason: 'backer e-mailed', by: 'Desk A' })
    expect(shown.correction.platformAddress.address).toBe(row.order.shipping?.address ?? null)
    expect(shown.platformChanged).toBe(false)

    expect((await run('address', 'clear', id, String(row.order.id))).stdout).toContain(
      "ships to the platform's address again",
    )
    expect((await csvRow(row.order.id))?.ship_address_1).toBe(row.order.shipping?.address)
  })

  it('refuses without a reason, an unknown country or a missing part, naming the flag or part', async () => {
    const order = String(shipping[1]!.order.id)
    const noReason = await run('address', 'set', id, order, '--city', 'Kiel')
    expect(noReason.code).toBe(2)
    expect(noReason.stderr).toContain('add --reason')
    const country = await run('address', 'set', id, order, '--country', 'Narnia', '--reason', 'x')
    expect(country.stderr).toContain('"Narnia" is no country PerkPack knows')
    const noStreet = await run('address', 'set', id, order, '--street', ' ', '--reason', 'x')
    expect(noStreet.stderr).toContain('Street and number is empty')
    expect(
      JSON.parse((await run('address', 'show', id, order, '--json')).stdout).correction,
    ).toBeNull()
  })
})

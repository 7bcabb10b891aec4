import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shipmentRole, shippableLines } from '../../src/shared/fulfillment'
import { reshipParcel } from '../../src/shared/corrections/reship-parcel'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// `perkpack reship`: a second parcel for an order, with its own items, slip, tracking number and
// stock movement, listed apart from the order's own record.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7003
const rows = makeContributions(20)
// An order of two variants or more, so a reship of one of them is a part of the order.
const row = rows.find((r) => shipmentRole(r) === 'ships' && shippableLines(r).length >= 2)!
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-reship-cli-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const id = String(CAMPAIGN)

describe('perkpack reship', () => {
  it('records a part of the order, takes its units off the stock, prints its slip with only those items', async () => {
    const [damaged, kept] = shippableLines(row)
    expect((await run('stock', 'set', id, damaged!.key, '10', '--station', 'Desk A')).code).toBe(0)
    const out = path.join(dataDir, 'reship-slip.pdf')
    const added = await run(
      'reship',
      id,
      String(row.order.id),
      '--items',
      `${damaged!.key}:1`,
      '--reason',
      'arrived damaged',
      '--out',
      out,
      '--station',
      'Desk A',
    )
    expect(added.code, added.stderr).toBe(0)
    expect(added.stdout).toContain(`Reship 1 of order ${row.order.id}: 1 unit`)
    const slip = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' })
    expect(slip).toContain(damaged!.skuCode)
    expect(slip).not.toContain(kept!.skuCode)

    const levels = JSON.parse((await run('stock', 'list', id, '--json')).stdout) as {
      variant_key: string
      quantity: number
    }[]
    expect(levels.find((l) => l.variant_key === damaged!.key)?.quantity).toBe(9)

    expect((await run('reship', 'tracking', id, '1', '1Z999AA10123456784')).code).toBe(0)
    const list = JSON.parse((await run('reship', 'list', id, '--json')).stdout) as {
      id: number
      orderId: number
      items: { variantKey: string; quantity: number }[]
      trackingNumbers: string[]
    }[]
    expect(list).toEqual([
      expect.objectContaining({
        id: 1,
        orderId: row.order.id,
        items: [{ variantKey: damaged!.key, quantity: 1 }],
        trackingNumbers: ['1Z999AA10123456784'],
      }),
    ])
  })

  it('refuses an item the order does not hold or more than it ordered, and no reason', async () => {
    const line = shippableLines(row)[0]!
    const order = String(row.order.id)
    const foreign = await run('reship', id, order, '--items', 'NOPE:1', '--reason', 'lost')
    expect(foreign.code).toBe(2)
    expect(foreign.stderr).toContain('NOPE is not an item of order')
    const many = await run(
      'reship',
      id,
      order,
      '--items',
      `${line.key}:${line.quantity + 1}`,
      '--reason',
      'lost',
    )
    expect(many.stderr).toContain(`give a quantity from 1 to ${line.quantity}`)
    expect((await run('reship', id, order)).stderr).toContain('add --reason')
    expect(JSON.parse((await run('reship', 'list', id, '--json')).stdout)).toHaveLength(1)
  })
})

describe('reshipParcel', () => {
  it("keeps only the reship's items, in the reship's numbers, across the order's perks", () => {
    const lines = shippableLines(row)
    const parcel = reshipParcel(row, [{ variantKey: lines[0]!.key, quantity: 1 }])
    expect(shippableLines(parcel)).toEqual([{ ...lines[0]!, quantity: 1 }])
  })
})

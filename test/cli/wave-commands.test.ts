import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { shipmentRole, shippableLines } from '../../src/shared/fulfillment'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'
import { openCache } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import { addressPartsOf } from '../../src/shared/corrections/effective-address'
import { TEST_CACHE_KEY } from '../helpers/cli'

// stock, wave, hold and release: offline, on the offline copy; no API configured.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7001
const rows = makeContributions(30)
const shipping = rows.filter((row) => shipmentRole(row) === 'ships')
let dataDir: string

// A desk of its own for each test: stock, waves and holds of one never reach the next.
beforeEach(() => {
  dataDir = syncedDataDir('perkpack-wave-cli-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const id = String(CAMPAIGN)

/** Units every shipping order needs per variant key. */
function demand(): Map<string, number> {
  const need = new Map<string, number>()
  for (const row of shipping)
    for (const line of shippableLines(row))
      need.set(line.key, (need.get(line.key) ?? 0) + line.quantity)
  return need
}

describe('perkpack stock, wave, hold and release', () => {
  it('imports stock from a CSV, names bad rows, and lists it as JSON', async () => {
    const [first, second] = [...demand().keys()]
    const file = path.join(dataDir, 'stock.csv')
    fs.writeFileSync(
      file,
      `sku,choices,quantity\n${first!.split('|')[0]},"${first!
        .split('|')
        .slice(1)
        .map((c) => c.replace('=', ': '))
        .join(', ')}",1000\n,,3\nMUG,,lots\n`,
    )
    const imported = await run('stock', 'import', id, file, '--station', 'Desk A')
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toContain('Read 1 stock level from stock.csv: 1 changed.')
    expect(imported.stdout).toContain('line 3 left out: no SKU')
    expect(imported.stdout).toContain('line 4 left out: quantity "lots" is no whole number')

    const set = await run('stock', 'set', id, second!, '0', '--station', 'Desk A')
    expect(set.code, set.stderr).toBe(0)
    const list = JSON.parse((await run('stock', 'list', id, '--json')).stdout) as {
      variant_key: string
      quantity: number
    }[]
    expect(list.map((level) => [level.variant_key, level.quantity]).sort()).toEqual(
      [
        [first, 1000],
        [second, 0],
      ].sort(),
    )
  })

  it('plans a wave of complete orders within stock, saves it, and leaves held orders out', async () => {
    for (const key of demand().keys())
      await run('stock', 'set', id, key, '1000', '--station', 'Desk A')
    const heldOrder = shipping[0]!.order.id
    const hold = await run('hold', id, String(heldOrder), '--station', 'Desk A')
    expect(hold.code).toBe(2)
    expect(hold.stderr).toContain('add --reason')
    expect(
      (await run('hold', id, String(heldOrder), '--reason', 'customs', '--station', 'Desk A'))
        .stdout,
    ).toContain('is held: customs')

    const dry = await run('wave', 'plan', id, '--dry-run', '--json')
    expect(dry.code, dry.stderr).toBe(0)
    const proposed = JSON.parse(dry.stdout) as {
      name: string | null
      orders: { order_id: number }[]
    }
    expect(proposed.name).toBeNull()
    expect(proposed.orders.map((o) => o.order_id).sort()).toEqual(
      shipping
        .slice(1)
        .map((r) => r.order.id)
        .sort(),
    )

    const saved = await run('wave', 'plan', id, '--name', 'First', '--station', 'Desk A')
    expect(saved.stdout).toContain(
      `${shipping.length - 1} orders can ship complete; 0 orders wait.`,
    )
    expect(saved.stdout).toContain('Saved as wave "First"')
    const waves = JSON.parse((await run('wave', 'list', id, '--json')).stdout) as {
      name: string
      status: string
      orders: number[]
    }[]
    expect(waves).toMatchObject([
      { name: 'First', status: 'open', orders: proposed.orders.map((o) => o.order_id) },
    ])

    // Every order is in the open wave: a second plan finds nothing; after release only the held one.
    expect((await run('release', id, String(heldOrder), '--station', 'Desk A')).stdout).toContain(
      'is released',
    )
    const again = JSON.parse((await run('wave', 'plan', id, '--dry-run', '--json')).stdout) as {
      orders: { order_id: number }[]
    }
    expect(again.orders.map((o) => o.order_id)).toEqual([heldOrder])

    expect((await run('wave', 'close', id, 'First')).stdout).toContain('Closed wave "First"')
    expect((await run('wave', 'close', id, 'First')).stdout).toContain('was closed already')
  })

  it('names the fix for a wave that does not exist', async () => {
    const missing = await run('wave', 'show', id, 'Nope')
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain(`perkpack wave list ${CAMPAIGN}`)
  })

  it('refuses an unknown --priority naming the ones there are', async () => {
    const bad = await run('wave', 'plan', id, '--priority', 'size', '--dry-run')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('Use order-number, country, perk, oldest')
  })

  it('prints only the wave with --wave, to the corrected address, leaving a held order out and naming it', async () => {
    const dir = syncedDataDir('perkpack-wave-out-', BASE_URL, CAMPAIGN, rows)
    const [corrected, held, plain, other] = shipping.filter(
      (row) => row.order.status === 'captured',
    )
    const cache = openCache({ dataDir: dir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
    const plan = cache.floorPlan()
    const platform = addressPartsOf(corrected!.order.shipping)!
    plan.corrections.correct(CAMPAIGN, {
      orderId: corrected!.order.id,
      address: { ...platform, address: '9 New Lane' },
      platformAddress: platform,
      reason: 'e-mail',
      by: 'Desk A',
    })
    plan.corrections.hold(CAMPAIGN, held!.order.id, 'customs', 'Desk A')
    plan.waves.create(
      CAMPAIGN,
      'W',
      [corrected!, held!, plain!].map((row) => row.order.id),
      'Desk A',
    )
    cache.close()
    const runIn = (...args: string[]) =>
      perkpackHere(args, { PERKPACK_DATA_DIR: dir, PERKPACK_BASE_URL: BASE_URL })

    const out = path.join(dir, 'wave.csv')
    const csv = await runIn('export-csv', id, '--wave', 'W', '--out', out, '--format', 'generic')
    expect(csv.code, csv.stderr).toBe(0)
    expect(csv.stdout).toContain('2 orders')
    expect(csv.stderr).toContain('1 order held on the floor')
    const text = fs.readFileSync(out, 'utf8')
    expect(text).toContain('9 New Lane')
    expect(text).not.toContain(other!.order.shipping!.address!)

    const units = (list: readonly (typeof rows)[number][]) =>
      list.flatMap(shippableLines).reduce((n, line) => n + line.quantity, 0)
    const pick = JSON.parse((await runIn('picklist', id, '--wave', 'W', '--json')).stdout) as {
      quantity: number
    }[]
    expect(pick.reduce((n, row) => n + row.quantity, 0)).toBe(units([corrected!, plain!]))

    const missing = await runIn('labels', id, '--wave', 'Nope', '--out', path.join(dir, 'l.pdf'))
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain('--wave "Nope": no such wave')
  })

  it('takes stock down on pack and gives it back on unpack; a held order is refused like a stop', async () => {
    const dir = syncedDataDir('perkpack-wave-pack-', BASE_URL, CAMPAIGN, rows)
    const runIn = (...args: string[]) =>
      perkpackHere(args, { PERKPACK_DATA_DIR: dir, PERKPACK_BASE_URL: BASE_URL })
    const [row, held] = shipping.filter((r) => r.order.status === 'captured')
    const lines = shippableLines(row!)
    for (const line of lines) await runIn('stock', 'set', id, line.key, '10', '--station', 'Desk A')
    const levels = async () =>
      (
        JSON.parse((await runIn('stock', 'list', id, '--json')).stdout) as {
          variant_key: string
          quantity: number
        }[]
      )
        .map((level) => [level.variant_key, level.quantity])
        .sort()

    expect((await runIn('pack', id, String(row!.order.id), '--station', 'Desk A')).code).toBe(0)
    expect(await levels()).toEqual(lines.map((line) => [line.key, 10 - line.quantity]).sort())
    expect((await runIn('unpack', id, String(row!.order.id), '--station', 'Desk A')).code).toBe(0)
    expect(await levels()).toEqual(lines.map((line) => [line.key, 10]).sort())

    await runIn('hold', id, String(held!.order.id), '--reason', 'customs', '--station', 'Desk A')
    const refused = await runIn('pack', id, String(held!.order.id), '--station', 'Desk A')
    expect(refused.code).toBe(1)
    // The hold's reason is what tells the packer whether to wait or set the box aside.
    expect(refused.stderr).toContain(
      'Held on the floor (customs): do not ship it until someone releases the hold.',
    )
  })
})

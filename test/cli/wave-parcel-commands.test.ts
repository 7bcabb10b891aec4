import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { shipmentRole, shippableLines } from '../../src/shared/fulfillment'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// Partial shipments from the CLI (issue 28): `wave plan --partial` saves each order's parcel,
// `wave show` lists it with what follows, `slips --wave` prints the parcel, `pack` takes only
// its units, and the next plan takes only what the order still owes.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7001
const rows = makeContributions(30)
const target = rows.find(
  (row) =>
    shipmentRole(row) === 'ships' && new Set(shippableLines(row).map((l) => l.key)).size >= 2,
)!
const [first, ...rest] = shippableLines(target)
let dataDir: string

beforeEach(() => {
  dataDir = syncedDataDir('perkpack-parcel-cli-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const id = String(CAMPAIGN)

interface ShownParcel {
  order_id: number
  lines: { variant_key: string; quantity: number }[]
  follows: { variant_key: string; quantity: number }[]
  sent: { variant_key: string; quantity: number }[]
}

async function shown(name: string): Promise<ShownParcel | undefined> {
  const show = await run('wave', 'show', id, name, '--json')
  expect(show.code, show.stderr).toBe(0)
  const wave = JSON.parse(show.stdout) as { orders: number[]; parcels: ShownParcel[] }
  expect(wave.orders).toContain(target.order.id)
  return wave.parcels.find((parcel) => parcel.order_id === target.order.id)
}

async function level(key: string): Promise<number | undefined> {
  const list = JSON.parse((await run('stock', 'list', id, '--json')).stdout) as {
    variant_key: string
    quantity: number
  }[]
  return list.find((row) => row.variant_key === key)?.quantity
}

const lineJson = (line: { key: string; quantity: number }) => ({
  variant_key: line.key,
  quantity: line.quantity,
})

describe('perkpack wave plan --partial, wave show, slips --wave, pack', () => {
  it('saves the parcel, shows and prints it, packs only it, then plans and packs the rest', async () => {
    // Only the first variant on the shelf (enough for every order), none of the rest.
    expect((await run('stock', 'set', id, first!.key, '1000')).code).toBe(0)
    for (const line of rest) expect((await run('stock', 'set', id, line.key, '0')).code).toBe(0)
    const plan = await run('wave', 'plan', id, '--partial', '--name', 'P1', '--station', 'Desk A')
    expect(plan.code, plan.stderr).toBe(0)
    expect(plan.stdout).toMatch(/in part/)

    expect(await shown('P1')).toEqual({
      order_id: target.order.id,
      lines: [lineJson(first!)],
      follows: rest.map(lineJson),
      sent: [],
    })
    const text = (await run('wave', 'show', id, 'P1')).stdout
    expect(text).toContain(`${target.order.id}  in this parcel: ${first!.quantity} × ${first!.key}`)
    expect(text).toContain(`to follow: ${rest.map((l) => `${l.quantity} × ${l.key}`).join(', ')}`)

    const out = path.join(dataDir, 'p1.pdf')
    const slips = await run('slips', id, '--wave', 'P1', '--out', out)
    expect(slips.code, slips.stderr).toBe(0)
    const pdf = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' })
    const page = pdf.split('\f').find((p) => p.includes(`Order ID ${target.order.id}`))!
    expect(page).toContain('To follow in a later parcel:')
    expect(page).toContain(`${rest[0]!.quantity} × ${rest[0]!.itemName}`)

    const before = await level(first!.key)
    const pack = await run('pack', id, String(target.order.id), '--station', 'Desk A')
    expect(pack.code, pack.stderr).toBe(0)
    expect(await level(first!.key)).toBe(before! - first!.quantity)
    for (const line of rest) expect(await level(line.key)).toBe(0)

    // The next plan takes only what the order still owes, packed as its second parcel.
    expect((await run('wave', 'close', id, 'P1')).code).toBe(0)
    for (const line of rest) expect((await run('stock', 'set', id, line.key, '1000')).code).toBe(0)
    const plan2 = await run('wave', 'plan', id, '--partial', '--name', 'P2')
    expect(plan2.code, plan2.stderr).toBe(0)
    expect(await shown('P2')).toEqual({
      order_id: target.order.id,
      lines: rest.map(lineJson),
      follows: [],
      sent: [lineJson(first!)],
    })
    const firstLevel = await level(first!.key)
    const second = await run('pack', id, String(target.order.id))
    expect(second.code, second.stderr).toBe(0)
    for (const line of rest) expect(await level(line.key)).toBe(1000 - line.quantity)
    expect(await level(first!.key)).toBe(firstLevel)
    const again = await run('pack', id, String(target.order.id))
    expect(again.code).toBe(4)
  })
})

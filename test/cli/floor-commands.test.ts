import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCache } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import type { FloorStateJson } from '../../src/shared/floor/order-state'
import { STACK_LINE, TEST_CACHE_KEY } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// pack, unpack, fulfillment and tracking: offline, from the offline copy; no API configured.

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7001
// Statuses cycle captured, pending, in_fulfillment, fulfilled, refunded; sequence = n + 1. The
// last two carry statuses PerkPack does not know, as the API may send them.
const rows = makeContributions(12).map((row, n) =>
  n < 10
    ? row
    : { ...row, order: { ...row.order, status: n === 10 ? 'chargeback' : 'backordered' } },
)
const captured = rows[0]!.order.id
const pending = rows[6]!.order.id
const refunded = rows[4]!.order.id
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-floor-cli-', BASE_URL, CAMPAIGN, rows)
})
afterAll(cleanup)

const run = (...args: string[]) =>
  perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
const id = String(CAMPAIGN)

describe('perkpack pack and unpack', () => {
  it('packs once; a second desk exits 4 naming the first desk; unpack lets it pack', async () => {
    const first = await run('pack', id, String(captured), '--station', 'Desk A')
    const second = await run('pack', id, String(captured), '--station', 'Desk B')

    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(
      new RegExp(
        `^Packed order ${captured} \\(#1\\) at Desk A, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\n$`,
      ),
    )
    expect(second.code).toBe(4)
    expect(second.stderr).toMatch(
      /was packed already at Desk A, \d{4}-\d\d-\d\d \d\d:\d\d: not packed again/,
    )

    const unpack = await run('unpack', id, String(captured))
    expect(unpack.stdout).toContain('is no longer packed (was packed at Desk A')
    expect((await run('pack', id, String(captured), '--station', 'Desk B')).code).toBe(0)
  })

  it('refuses a refunded order unless --force, and an order not in the offline copy', async () => {
    const stopped = await run('pack', id, String(refunded), '--station', 'Desk A')
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toContain('Refunded at the last sync: do not ship it.')
    expect(stopped.stderr).toContain('--force')

    const forced = await run('pack', id, String(refunded), '--station', 'Desk A', '--force')
    expect(forced.code).toBe(0)

    const unknown = await run('pack', id, '4242', '--station', 'Desk A')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('No order 4242 in the offline copy')
    expect(unknown.stderr).not.toMatch(STACK_LINE)
  })

  it('refuses every status that does not ship without --force, naming the flag: pending, a dispute, one nobody named', async () => {
    const cases = [
      [pending, 'Pending at the last sync (not paid yet): do not ship it until the payment is in.'],
      [
        rows[10]!.order.id,
        'Status "Chargeback" at the last sync: a dispute, chargeback or refund is under way. Do not ship it until the campaign team says so.',
      ],
      [
        rows[11]!.order.id,
        'Status "Backordered" at the last sync, a status PerkPack does not know: do not ship it until the campaign team says it may.',
      ],
    ] as const
    for (const [orderId, words] of cases) {
      const refused = await run('pack', id, String(orderId), '--station', 'Desk A')
      expect(refused.code, refused.stderr).toBe(1)
      expect(refused.stderr).toBe(
        `Order ${orderId}: ${words} Not packed (pack it anyway with --force).\n`,
      )
      expect(refused.stdout).toBe('')
    }
    const forced = await run(
      'pack',
      id,
      String(rows[11]!.order.id),
      '--station',
      'Desk A',
      '--force',
    )
    expect(forced.code, forced.stderr).toBe(0)
    expect(forced.stderr).toContain('Status "Backordered" at the last sync')
    // The fulfilled status ships: no --force, no warning.
    const fulfilled = await run('pack', id, String(rows[3]!.order.id), '--station', 'Desk A')
    expect(fulfilled.code, fulfilled.stderr).toBe(0)
    expect(fulfilled.stderr).toBe('')
  })

  it('takes #N, the order number on the slip, as the pack station does; unpack too', async () => {
    const third = rows[2]!.order
    const packed = await run('pack', id, `#${third.sequence_number}`, '--station', 'Desk A')
    expect(packed.code, packed.stderr).toBe(0)
    expect(packed.stdout).toMatch(new RegExp(`^Packed order ${third.id} \\(#3\\) at Desk A`))
    const unpacked = await run('unpack', id, '#3')
    expect(unpacked.stdout).toContain(`Order ${third.id} is no longer packed`)
  })

  it('an order number not in the offline copy is worded for a command line, not a scanner', async () => {
    const missing = await run('pack', id, '#300', '--station', 'Desk A')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`No order #300 in the offline copy of campaign ${id}.`)
    expect(missing.stderr).toContain(`\`perkpack sync ${id}\``)
    expect(missing.stderr).not.toMatch(/scan/i)
    const garbled = await run('pack', id, 'ABC-12', '--station', 'Desk A')
    expect(garbled.code).toBe(2)
    expect(garbled.stderr).toContain('"ABC-12" is no order')
  })
})

describe('perkpack tracking import and fill, perkpack fulfillment --json', () => {
  const seqOf = (n: number) => rows[n]!.order.sequence_number
  const orderOf = (n: number) => rows[n]!.order.id

  it('a dry run prints the preview and writes nothing; the real run writes the new numbers', async () => {
    const file = path.join(dataDir, 'parcels.csv')
    fs.writeFileSync(
      file,
      `order_number,carrier,tracking_number\n${seqOf(5)},USPS,9400100000000000000001\n${seqOf(5)},USPS,9400100000000000000002\n9999,UPS,1ZX\n`,
    )
    const dry = await run('tracking', 'import', id, file, '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    // Order #6 was never packed here: its numbers are left apart, the flag that writes them named.
    expect(dry.stdout).toContain(
      'parcels.csv: read as generic, 3 rows\nMatched: 0 new tracking numbers\n',
    )
    expect(dry.stdout).toContain(
      'Left apart: 2 rows of orders no parcel went out for, not written without --include-held not-packed\n' +
        '  line 2: #6 not packed at a station (--include-held not-packed)\n',
    )
    expect(dry.stdout).toContain('line 4: no order number 9999 in this campaign')
    expect(dry.stdout).toContain('Dry run: nothing was written.')
    const before = JSON.parse((await run('fulfillment', id, '--json')).stdout) as FloorStateJson[]
    expect(before.find((o) => o.order_id === orderOf(5))?.tracking_numbers).toEqual([])

    const apart = await run('tracking', 'import', id, file)
    expect(apart.stdout).toContain(
      'Wrote 0 tracking numbers; 2 left apart (--include-held not-packed writes them).',
    )
    const wrote = await run('tracking', 'import', id, file, '--include-held', 'not-packed')
    expect(wrote.stdout).toContain('Wrote 2 tracking numbers.')
    const after = JSON.parse((await run('fulfillment', id, '--json')).stdout) as FloorStateJson[]
    expect(after).toHaveLength(rows.length)
    expect(after.find((o) => o.order_id === orderOf(5))).toEqual({
      order_id: orderOf(5),
      sequence_number: seqOf(5),
      packed_at: null,
      station: null,
      printed_at: null,
      shipped_at: null,
      carrier: 'USPS',
      tracking_numbers: ['9400100000000000000001', '9400100000000000000002'],
      note: null,
    })
  })

  it('an --include-held reason it does not know exits 2 naming the ones it takes', async () => {
    const file = path.join(dataDir, 'parcels-reason.csv')
    fs.writeFileSync(file, `order_number,carrier,tracking_number\n${seqOf(2)},UPS,1Z2\n`)
    const result = await run('tracking', 'import', id, file, '--include-held', 'unpacked')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'Unknown --include-held "unpacked". Use stopped, nothing-to-ship, not-packed (comma-separated) or all.',
    )
  })

  it('names a conflicting order by its order number, as the file does', async () => {
    const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
    try {
      cache
        .floor()
        .addTracking(CAMPAIGN, [
          { orderId: orderOf(3), carrier: 'USPS', trackingNumber: '9400100000000000000031' },
        ])
    } finally {
      cache.close()
    }
    const file = path.join(dataDir, 'parcels-conflict.csv')
    fs.writeFileSync(
      file,
      `order_number,carrier,tracking_number\n#${seqOf(3)},USPS,9400100000000000000032\n`,
    )
    const dry = await run('tracking', 'import', id, file, '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(seqOf(3)).not.toBe(orderOf(3))
    expect(dry.stdout).toContain(
      `  line 2: #${seqOf(3)} has 9400100000000000000031; 9400100000000000000032 is kept beside it`,
    )
  })

  it('reads a tracking file saved as UTF-16, as a spreadsheet saves "Unicode text"', async () => {
    const file = path.join(dataDir, 'parcels-utf16.txt')
    const text = `order_number\tcarrier\ttracking_number\r\n${seqOf(9)}\tUPS\t1Z999AA10123456799\r\n`
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    const dry = await run('tracking', 'import', id, file, '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    // Read whole; order #10 was refunded, so its number is left apart.
    expect(dry.stdout).toContain('parcels-utf16.txt: read as generic, 1 row\n')
    expect(dry.stdout).toContain('  line 2: #10 refunded at the last sync (--include-held stopped)')
  })

  it('exits 2 on a file that is no tracking export, naming the line', async () => {
    const file = path.join(dataDir, 'people.csv')
    fs.writeFileSync(file, 'name,email\nAda,ada@example.test\n')
    const result = await run('tracking', 'import', id, file)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/people\.csv, line 1: the header lacks/)
  })

  it('names the one row of the dashboard file it cannot match by its line', async () => {
    const source = path.join(dataDir, 'dashboard-unmatched.csv')
    fs.writeFileSync(
      source,
      `Order No.,Pledge ID,Name,Carrier,Tracking Number\r\n${seqOf(8)},${rows[8]!.id},Sam,,\r\n9999,99999999,Ann,,\r\n`,
    )
    const out = path.join(dataDir, 'dashboard-unmatched-filled.csv')
    const result = await run('tracking', 'fill', id, source, '--out', out)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(
      'Unmatched: 1 row (line 3: not in the offline copy; sync, then fill again)',
    )
  })

  it('fill writes a formula-like tracking number as text, a signed number as it is', async () => {
    const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
    try {
      cache.floor().addTracking(CAMPAIGN, [
        {
          orderId: orderOf(10),
          carrier: null,
          trackingNumber: '=HYPERLINK("http://x.example","y")',
        },
        { orderId: orderOf(11), carrier: 'UPS', trackingNumber: '+1234' },
      ])
    } finally {
      cache.close()
    }
    const source = path.join(dataDir, 'dashboard-hostile.csv')
    const text = `Pledge ID,Name,Carrier,Tracking Number\r\n${rows[10]!.id},=1+1,,\r\n${rows[11]!.id},Sam,,\r\n`
    fs.writeFileSync(source, text)
    const out = path.join(dataDir, 'dashboard-hostile-filled.csv')
    const result = await run('tracking', 'fill', id, source, '--out', out)
    expect(result.code, result.stderr).toBe(0)
    // The cell PerkPack did not write stays as the dashboard wrote it, formula-like or not.
    expect(fs.readFileSync(out, 'utf8')).toBe(
      `Pledge ID,Name,Carrier,Tracking Number\r\n${rows[10]!.id},=1+1,,"'=HYPERLINK(""http://x.example"",""y"")"\r\n${rows[11]!.id},Sam,UPS,+1234\r\n`,
    )
  })

  it('fills the dashboard file with the stored numbers and leaves the source alone', async () => {
    const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
    try {
      cache.floor().addTracking(CAMPAIGN, [
        { orderId: orderOf(6), carrier: 'USPS', trackingNumber: '9400100000000000000061' },
        { orderId: orderOf(6), carrier: 'USPS', trackingNumber: '9400100000000000000062' },
      ])
    } finally {
      cache.close()
    }
    const source = path.join(dataDir, 'dashboard.csv')
    const text = `Order No.,Pledge ID,Name,Carrier,Tracking Number\r\n${seqOf(6)},${rows[6]!.id},"Doe, Jane",,\r\n${seqOf(7)},${rows[7]!.id},Sam,,\r\n`
    fs.writeFileSync(source, text)
    const out = path.join(dataDir, 'dashboard-filled.csv')
    const result = await run('tracking', 'fill', id, source, '--out', out)

    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('matched by Pledge ID')
    expect(result.stdout).toContain('Filled: 1 row')
    expect(fs.readFileSync(source, 'utf8')).toBe(text)
    expect(fs.readFileSync(out, 'utf8')).toBe(
      text.replace(
        `"Doe, Jane",,`,
        `"Doe, Jane",USPS,"9400100000000000000061, 9400100000000000000062"`,
      ),
    )
  })
})

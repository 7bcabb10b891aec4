import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { DEFAULT_STATUSES, filterContributions, orderLines } from '../../src/shared/fulfillment'
import { cleanEnv, perkpack as spawnPerkpack, TEST_CACHE_KEY } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { asReceived } from '../helpers/model'
import { makeContributions } from '../main/fixtures/contributions'

afterEach(cleanup)

// Never contacted: export-csv works from the cache alone. The base URL only picks the cache file.
const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7001
const HOUR_MS = 3_600_000

interface Prepared {
  dataDir: string
  rows: CampaignContribution[]
}

/** A cache holding one committed snapshot, as `perkpack sync` would leave it. */
function prepareCache(options: { hoursAgo?: number; unprivileged?: boolean } = {}): Prepared {
  const dataDir = tempDir('perkpack-csv-cli-')
  const rows = makeContributions(20, {
    campaignId: CAMPAIGN,
    unprivileged: options.unprivileged ?? false,
  })
  const syncedAt = new Date(Date.now() - (options.hoursAgo ?? 1) * HOUR_MS)
  const cache = openCache({
    dataDir,
    profile: cacheProfile(BASE_URL),
    key: TEST_CACHE_KEY,
    now: () => syncedAt,
  })
  try {
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(rows))
    writer.commit({ expectedCount: rows.length, privileged: !options.unprivileged })
  } finally {
    cache.close()
  }
  return { dataDir, rows }
}

const envFor = (dataDir: string) =>
  cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
/** Spawned once (the first case), proving export-csv works as a program; in this process after. */
const spawned = (dataDir: string, args: string[]) => spawnPerkpack(args, envFor(dataDir))
const perkpack = (dataDir: string, args: string[]) => perkpackHere(args, envFor(dataDir))

function readRecords(file: string): string[][] {
  return parse(fs.readFileSync(file), { bom: true }) as string[][]
}

const lineCount = (rows: readonly CampaignContribution[]) =>
  rows.reduce((sum, row) => sum + orderLines(row).length, 0)

describe('perkpack export-csv', () => {
  it('writes the generic CSV of the default statuses from the cache, with the checks on stderr', async () => {
    const { dataDir, rows } = prepareCache({ hoursAgo: 30 })
    const out = path.join(dataDir, 'ship.csv')
    const result = await spawned(dataDir, ['export-csv', String(CAMPAIGN), '--out', out])
    expect(result.stderr).toBe(
      'warning: Last synced 30 hours ago: sync again so refunds, holds and address changes since then are included.\n',
    )
    const selected = rows.filter((r) => ['captured', 'in_fulfillment'].includes(r.order.status))
    const units = lineCount(selected)
    expect(result.stdout).toBe(`Wrote ${out} (${units} rows, ${selected.length} orders)\n`)
    expect(result.code).toBe(0)

    const records = readRecords(out)
    // One naming style: snake_case throughout (it was "order id" beside "ship_name").
    expect(records[0]?.[0]).toBe('order_id')
    expect(records[0]?.every((header) => /^[a-z0-9]+(_[a-z0-9]+)*$/.test(header))).toBe(true)
    expect(records).toHaveLength(units + 1)
    const orderIds = new Set(records.slice(1).map((r) => Number(r[0])))
    expect(orderIds).toEqual(new Set(selected.map((r) => r.order.id)))
  })

  it('--format shipstation --status all: ShipStation headers, every order that ships, the others named', async () => {
    const { dataDir, rows } = prepareCache()
    const out = path.join(dataDir, 'shipstation.csv')
    const result = await perkpack(dataDir, [
      'export-csv',
      String(CAMPAIGN),
      '--out',
      out,
      '--format',
      'ShipStation',
      '--status',
      'all',
    ])
    expect(result.code).toBe(0)
    const count = (status: string) => rows.filter((r) => r.order.status === status).length
    expect(result.stderr).toBe(
      `warning: ${count('refunded')} orders refunded; ${count('pending')} orders pending (not paid yet). None of them gets a label, packing slip or shipper CSV row: their status does not ship.\n`,
    )
    const ships = rows.filter((r) => !['refunded', 'pending'].includes(r.order.status))
    expect(result.stdout).toBe(`Wrote ${out} (${lineCount(ships)} rows, ${ships.length} orders)\n`)
    const records = readRecords(out)
    expect(records[0]?.slice(0, 3)).toEqual(['Order Number', 'Order Date', 'Recipient Full Name'])
    expect(records).toHaveLength(lineCount(ships) + 1)
  })

  it('--format pirateship: a row per order for its spreadsheet upload', async () => {
    const { dataDir, rows } = prepareCache()
    const out = path.join(dataDir, 'pirateship.csv')
    const pirateship = ['--format', 'pirateship']
    const result = await perkpack(dataDir, [
      'export-csv',
      String(CAMPAIGN),
      '--out',
      out,
      ...pirateship,
    ])
    expect(result.code, result.stderr).toBe(0)
    const selected = rows.filter((r) => ['captured', 'in_fulfillment'].includes(r.order.status))
    expect(result.stdout).toBe(
      `Wrote ${out} (${selected.length} rows, ${selected.length} orders)\n`,
    )
    const records = readRecords(out)
    expect(records[0]?.slice(0, 3)).toEqual(['Order ID', 'Name', 'Address Line 1'])
    expect(new Set(records.slice(1).map((r) => r[0])).size).toBe(selected.length)
  })

  it('--perk keeps the orders holding that perk', async () => {
    const { dataDir, rows } = prepareCache()
    const out = path.join(dataDir, 'deluxe.csv')
    const result = await perkpack(dataDir, [
      'export-csv',
      String(CAMPAIGN),
      '--out',
      out,
      '--perk',
      '503',
      '--status',
      'captured,in_fulfillment,fulfilled',
    ])
    expect(result.code).toBe(0)
    const selected = rows.filter(
      (r) =>
        ['captured', 'in_fulfillment', 'fulfilled'].includes(r.order.status) &&
        r.order.perks.some((p) => p.id === 503),
    )
    expect(selected.length).toBeGreaterThan(0)
    expect(result.stdout).toBe(
      `Wrote ${out} (${lineCount(selected)} rows, ${selected.length} orders)\n`,
    )
  })

  it('--country keeps the orders shipping there, as labels, slips and picklist --out do', async () => {
    const { dataDir, rows } = prepareCache()
    const country = rows[0]!.order.shipping!.country!
    const out = path.join(dataDir, 'one-country.csv')
    const flags = ['--out', out, '--country', country.toLowerCase()]
    const result = await perkpack(dataDir, ['export-csv', String(CAMPAIGN), ...flags])
    expect(result.code, result.stderr).toBe(0)
    const selected = filterContributions(rows, { statuses: [...DEFAULT_STATUSES], country })
    expect(selected.length).toBeGreaterThan(0)
    expect(selected.length).toBeLessThan(rows.length)
    const orderIds = new Set(
      readRecords(out)
        .slice(1)
        .map((r) => Number(r[0])),
    )
    expect(orderIds).toEqual(new Set(selected.map((r) => r.order.id)))
  })

  it('is listed in the help with the selection flags of the printing commands', async () => {
    const { dataDir } = prepareCache()
    const result = await perkpack(dataDir, ['--help'])
    const line = result.stdout.split('\n').find((l) => l.includes('export-csv <campaign-id>'))
    expect(line).toContain('[--perk ID] [--country CC]')
  })

  it('reports hidden addresses once for an unprivileged snapshot', async () => {
    const { dataDir } = prepareCache({ unprivileged: true })
    const out = path.join(dataDir, 'ship.csv')
    const result = await perkpack(dataDir, [
      'export-csv',
      String(CAMPAIGN),
      '--out',
      out,
      '--status',
      'captured',
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /^error: Addresses are hidden: this copy was synced without a team member's sign-in \(an API token only, or an account not on the campaign's team\)\. Sign in with the e-mail and password of a member of the campaign's team \(its owner can add your account\), then sync again \(4 orders need shipping\)\.\nperkpack: None of the 4 selected orders ships \(a status that does not ship, nothing to ship, or no address: see the pre-print checks\), so there is no shipper CSV to write\.\n$/,
    )
    // A row without an address is no use to a shipper, and a header-only file would replace a
    // good one: nothing is written.
    expect(fs.existsSync(out)).toBe(false)
  })

  describe('exit 2, naming the problem and the fix, writing nothing', () => {
    it.each<[string, string[], string]>([
      [
        'a missing --out',
        ['export-csv', String(CAMPAIGN)],
        'perkpack: Missing --out FILE.csv or a folder (where to write the CSV). Usage: perkpack export-csv <campaign-id> --out FILE.csv [--format generic|shipstation|pirateship] [--status a,b] [--perk ID] [--country CC] [--wave NAME]\n',
      ],
      ...['--perk 1', '--country XX'].map((flags): [string, string[], string] => [
        `${flags}: no order (the app refuses it as nothing_selected)`,
        ['export-csv', String(CAMPAIGN), '--out', 'OUT', ...flags.split(' ')],
        'perkpack: No order matches the current filters, so there is nothing to export. Change --status, --perk or --country.\n',
      ]),
      [
        'a --country that is no country code',
        ['export-csv', String(CAMPAIGN), '--out', 'OUT', '--country', 'Japan'],
        'perkpack: --country takes a two-letter country code such as US or DE (got "Japan").\n',
      ],
      [
        'an unknown --format',
        ['export-csv', String(CAMPAIGN), '--out', 'OUT', '--format', 'xlsx'],
        'perkpack: Unknown --format "xlsx". Use --format generic, shipstation or pirateship.\n',
      ],
      [
        'an unknown status',
        ['export-csv', String(CAMPAIGN), '--out', 'OUT', '--status', 'shipped'],
        'perkpack: Unknown order status "shipped". Allowed values: captured, pending, in_fulfillment, fulfilled, refunded, unprocessable, on_hold.\n',
      ],
      [
        'a campaign never synced',
        ['export-csv', '4242', '--out', 'OUT'],
        'perkpack: There is no offline copy of campaign 4242 in DATA. Run `perkpack sync 4242` first.\n',
      ],
    ])('%s', async (_, args, message) => {
      const { dataDir } = prepareCache()
      const out = path.join(dataDir, 'ship.csv')
      const result = await perkpack(
        dataDir,
        args.map((a) => (a === 'OUT' ? out : a)),
      )
      expect(result.stderr).toBe(message.replace('DATA', dataDir))
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(fs.existsSync(out)).toBe(false)
    })

    it.each([
      ['labels', 'label'],
      ['slips', 'packing slip'],
      ['picklist', 'pick list'],
    ])('%s of no order, like an empty export', async (command, document) => {
      const { dataDir } = prepareCache()
      const out = path.join(dataDir, `${command}.pdf`)
      const result = await perkpack(dataDir, [
        command,
        String(CAMPAIGN),
        '--out',
        out,
        '--country',
        'XX',
      ])
      expect(result.stderr).toContain(
        `perkpack: No order matches the current filters, so there is no ${document} to print. Change --status, --perk or --country.\n`,
      )
      expect(result.code).toBe(2)
      expect(fs.existsSync(out)).toBe(false)
    })

    it('labels of a copy without addresses name the cause, not the selection flags', async () => {
      const { dataDir } = prepareCache({ unprivileged: true })
      const out = path.join(dataDir, 'labels.pdf')
      const result = await perkpack(dataDir, ['labels', String(CAMPAIGN), '--out', out])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('Addresses are hidden')
      expect(result.stderr).toMatch(/perkpack: None of the \d+ selected orders ships/)
      expect(result.stderr).not.toContain('Change --status')
    })

    it('an --out folder that does not exist', async () => {
      const { dataDir } = prepareCache()
      const folder = path.join(dataDir, 'nope')
      const result = await perkpack(dataDir, [
        'export-csv',
        String(CAMPAIGN),
        '--out',
        path.join(folder, 'ship.csv'),
      ])
      expect(result.stderr).toBe(
        `perkpack: The folder ${folder} does not exist. Create it, or give --out a path in an existing folder.\n`,
      )
      expect(result.code).toBe(2)
    })
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import type { InProcessResult } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

afterAll(cleanup)

// Each run starts Node and compiles the sources: on a busy machine that alone can take seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

// Never contacted: these commands work from the cache alone. The base URL only picks the cache.
const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7101

let dataDir = ''
let rows: CampaignContribution[] = []
/** Contribution ids by the status PerkPack does not know that they carry. */
const odd = { shipped: [] as number[], Chargeback: [] as number[] }

beforeAll(() => {
  rows = makeContributions(20, { campaignId: CAMPAIGN }).map((row, i) => {
    // Statuses the platform may add: lower case as most are, and one capitalised, kept as sent.
    const unknown = i % 7 === 1 ? 'shipped' : i === 4 ? 'Chargeback' : null
    if (unknown !== null) odd[unknown].push(row.id)
    return { ...row, order: { ...row.order, status: unknown ?? row.order.status } }
  })
  dataDir = syncedDataDir('perkpack-unknown-status-', BASE_URL, CAMPAIGN, rows)
})

/** In this process: the commands' own exit codes and output, without a Node start each. */
function run(args: string[]): Promise<InProcessResult> {
  return perkpackHere(args, { PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL })
}

function expectExit(result: InProcessResult, code: number) {
  expect(result.code, `exit code; stderr: ${result.stderr}`).toBe(code)
  expect(result.stderr).not.toMatch(STACK_LINE)
}

const idsOf = (json: string) => (JSON.parse(json) as CampaignContribution[]).map((row) => row.id)

describe('statuses PerkPack does not know, on the command line', () => {
  it('has orders with each odd status to work with', () => {
    expect(odd.shipped.length).toBeGreaterThan(1)
    expect(odd.Chargeback).toHaveLength(1)
  })

  it('orders --status selects them, in any case, as sent, alone or with known ones', async () => {
    const only = await run(['orders', String(CAMPAIGN), '--status', 'SHIPPED', '--json'])
    expectExit(only, 0)
    expect(idsOf(only.stdout).sort()).toEqual([...odd.shipped].sort())

    const mixed = await run([
      'orders',
      String(CAMPAIGN),
      '--status',
      'chargeback,refunded',
      '--json',
    ])
    expectExit(mixed, 0)
    const refunded = rows.filter((r) => r.order.status === 'refunded').map((r) => r.id)
    expect(idsOf(mixed.stdout).sort()).toEqual([...odd.Chargeback, ...refunded].sort())
  })

  it('orders shows each status as sent and counts the orders PerkPack does not know', async () => {
    const result = await run(['orders', String(CAMPAIGN)])
    expectExit(result, 0)
    const lines = result.stdout.split('\n')
    expect(lines.filter((line) => /\bshipped\b/.test(line))).toHaveLength(odd.shipped.length)
    expect(lines.filter((line) => /\bChargeback\b/.test(line))).toHaveLength(1)
    const total = odd.shipped.length + 1
    expect(result.stderr).toBe(
      `perkpack: ${total} orders with a status PerkPack does not know, kept as sent: shipped (${odd.shipped.length}), Chargeback (1).\n`,
    )
  })

  it('a status neither known nor in the campaign is a usage error listing both kinds', async () => {
    const result = await run(['orders', String(CAMPAIGN), '--status', 'shiped'])
    expectExit(result, 2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'perkpack: Unknown order status "shiped". Allowed values: captured, pending, in_fulfillment, fulfilled, refunded, unprocessable, on_hold, and the other statuses this campaign\'s orders carry: shipped, Chargeback.\n',
    )
  })

  it('picklist by default says which orders it leaves out and how to take them in', async () => {
    const result = await run(['picklist', String(CAMPAIGN), '--json'])
    expectExit(result, 0)
    expect(result.stderr).toBe(
      `perkpack: ${odd.shipped.length + 1} orders with a status PerkPack does not know left out: shipped (${odd.shipped.length}), Chargeback (1). Include them with --status captured,in_fulfillment,shipped,Chargeback.\n`,
    )
  })

  it('export-csv writes the orders of a selected odd status', async () => {
    const out = path.join(dataDir, 'odd.csv')
    const result = await run(['export-csv', String(CAMPAIGN), '--out', out, '--status', 'shipped'])
    expectExit(result, 0)
    const records = parse(fs.readFileSync(out, 'utf8'), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    const orderIds = new Set(records.map((record) => Number(record['order_id'])))
    const expected = rows.filter((r) => odd.shipped.includes(r.id)).map((r) => r.order.id)
    expect([...orderIds].sort()).toEqual(expected.sort())
  })

  it('export writes each status as sent in the Excel packing list', async () => {
    const out = path.join(dataDir, 'odd.xlsx')
    const result = await run(['export', String(CAMPAIGN), '--out', out, '--status', 'all'])
    expectExit(result, 0)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(out)
    const sheet = workbook.getWorksheet('Orders')
    const headers = sheet?.getRow(1).values as unknown[]
    const column = headers.indexOf('Status')
    const statuses: unknown[] = []
    sheet?.eachRow((row, n) => {
      if (n > 1) statuses.push(row.getCell(column).value)
    })
    expect(statuses).toHaveLength(rows.length)
    expect(statuses.filter((s) => s === 'shipped')).toHaveLength(odd.shipped.length)
    expect(statuses.filter((s) => s === 'Chargeback')).toHaveLength(1)
  })
})

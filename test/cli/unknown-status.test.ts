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

  it('orders shows each status in words and counts the orders PerkPack does not know', async () => {
    const result = await run(['orders', String(CAMPAIGN)])
    expectExit(result, 0)
    const lines = result.stdout.split('\n')
    expect(lines.filter((line) => /\bShipped\b/.test(line))).toHaveLength(odd.shipped.length)
    expect(lines.filter((line) => /\bshipped\b/.test(line))).toHaveLength(0)
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

  it('picklist by default says which orders it leaves out, and that their status does not ship', async () => {
    const result = await run(['picklist', String(CAMPAIGN), '--json'])
    expectExit(result, 0)
    expect(result.stderr).toBe(
      `perkpack: ${odd.shipped.length + 1} orders with a status PerkPack does not know left out: shipped (${odd.shipped.length}), Chargeback (1). Their status does not ship.\n`,
    )
  })

  it('picklist --status all takes them in and leaves them out of what is picked, saying why', async () => {
    const result = await run(['picklist', String(CAMPAIGN), '--status', 'all', '--json'])
    expectExit(result, 0)
    expect(result.stderr).toContain(
      `perkpack: ${odd.shipped.length + 1} orders with a status PerkPack does not know, kept as sent: shipped (${odd.shipped.length}), Chargeback (1). Their status does not ship: they are left out.\n`,
    )
  })

  it('export-csv of only an odd status writes nothing: the check names them, the refusal says why', async () => {
    const out = path.join(dataDir, 'odd.csv')
    const result = await run(['export-csv', String(CAMPAIGN), '--out', out, '--status', 'shipped'])
    expectExit(result, 2)
    expect(result.stderr).toContain(
      `warning: ${odd.shipped.length} orders with a status PerkPack does not know: "Shipped". None of them gets a label, packing slip or shipper CSV row: their status does not ship.\n`,
    )
    expect(result.stderr).toContain(
      `None of the ${odd.shipped.length} selected orders ships (a status that does not ship,`,
    )
    expect(fs.existsSync(out)).toBe(false)
  })

  it('export-csv of every status writes the orders that ship and none of the odd ones', async () => {
    const out = path.join(dataDir, 'all.csv')
    const result = await run(['export-csv', String(CAMPAIGN), '--out', out, '--status', 'all'])
    expectExit(result, 0)
    const records = parse(fs.readFileSync(out, 'utf8'), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    const written = new Set(records.map((record) => Number(record['order_id'])))
    const oddOrders = rows.filter((r) => [...odd.shipped, ...odd.Chargeback].includes(r.id))
    expect(written.size).toBeGreaterThan(0)
    for (const row of oddOrders) expect(written.has(row.order.id)).toBe(false)
  })

  it('export writes each status in words, and as sent in its code column', async () => {
    const out = path.join(dataDir, 'odd.xlsx')
    const result = await run(['export', String(CAMPAIGN), '--out', out, '--status', 'all'])
    expectExit(result, 0)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(out)
    const sheet = workbook.getWorksheet('Orders')
    const headers = sheet?.getRow(1).values as unknown[]
    const column = (header: string) => {
      const values: unknown[] = []
      sheet?.eachRow((row, n) => {
        if (n > 1) values.push(row.getCell(headers.indexOf(header)).value)
      })
      return values
    }
    const words = column('Status')
    const codes = column('Status code')
    expect(words).toHaveLength(rows.length)
    expect(words.filter((s) => s === 'Shipped')).toHaveLength(odd.shipped.length)
    expect(codes.filter((s) => s === 'shipped')).toHaveLength(odd.shipped.length)
    expect(words.filter((s) => s === 'Chargeback')).toHaveLength(1)
  })
})

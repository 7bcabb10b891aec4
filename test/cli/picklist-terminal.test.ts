import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planPickList } from '../../src/main/core/print'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import type { OrdersFilter } from '../../src/shared/ipc'
import {
  countShipments,
  describeChoices,
  filterContributions,
  leftOutText,
} from '../../src/shared/fulfillment'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// `perkpack picklist` in the terminal (table and --json) lists what `picklist --out` prints for
// the same flags: the orders that ship of the --status, --perk and --country selection.

const BASE_URL = 'http://127.0.0.1:9'
const dataset = generateDataset({ seed: 5, contributions: 160 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])
const id = String(campaign.id)
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-picklist-cli-', BASE_URL, campaign.id, rows)
})
afterAll(cleanup)

const run = (args: string[]) =>
  perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }))

/** The value seen most often, so a filter by it selects some orders but not all. */
function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
}

const country = mostCommon(
  rows.map((r) => r.order.shipping?.country ?? '').filter((c) => /^[A-Z]{2}$/.test(c)),
)
const perk = mostCommon(rows.flatMap((r) => r.order.perks.map((p) => p.id)))

/** Units per "SKU · choices" as the printed pick list lists them for `selection`. */
function printedUnits(selection: readonly CampaignContribution[]) {
  const plan = planPickList(selection, {
    paper: 'letter',
    campaignTitle: 'T',
    selection: 'S',
    syncedAt: null,
  })
  const text = (cell: { parts: { text: string }[] }) => cell.parts.map((p) => p.text).join(' ')
  return {
    plan,
    units: plan.pages
      .flat()
      .map(({ cells }) => [
        `${text(cells[0])} · ${text(cells[2])}`,
        Number(text(cells[3]).replace(/,/g, '')),
      ]),
  }
}

interface JsonRow {
  sku_code: string
  choices: { name: string; value: string }[]
  quantity: number
}

describe('perkpack picklist: the terminal lists what --out prints', { timeout: 60_000 }, () => {
  it.each<[string, string[], OrdersFilter]>([
    ['the default selection', [], {}],
    ['one country', ['--country', country], { country }],
    [
      'one perk, every status',
      ['--perk', String(perk), '--status', 'all'],
      { statuses: [], perkId: perk },
    ],
  ])('%s: --json, the table and --out agree', async (_, flags, filter) => {
    const selection = filterContributions(rows, filter)
    const counts = countShipments(selection)
    expect(counts.ships).toBeGreaterThan(0)
    expect(counts.ships).toBeLessThan(rows.length)
    const { plan, units } = printedUnits(selection)

    const json = await run(['picklist', id, ...flags, '--json'])
    expect(json.code, json.stderr).toBe(0)
    const listed = (JSON.parse(json.stdout) as JsonRow[]).map((r) => [
      `${r.sku_code} · ${describeChoices(r.choices)}`,
      r.quantity,
    ])
    expect(listed).toEqual(units)
    // What was left out, in the words of the app's Pick list view.
    const leftOut = leftOutText(counts)
    expect(json.stderr).toBe(leftOut === null ? '' : `${leftOut}.\n`)

    const pdf = await run(['picklist', id, ...flags, '--out', path.join(dataDir, 'pick.pdf')])
    expect(pdf.code, pdf.stderr).toBe(0)
    const tableRun = await run(['picklist', id, ...flags])
    expect(tableRun.code, tableRun.stderr).toBe(0)
    const variants = `${plan.variants} ${plan.variants === 1 ? 'variant' : 'variants'}`
    const totals = `${variants}, ${plan.units} units for ${plan.orders} orders that ship`
    expect(pdf.stdout).toContain(`(${totals}, `)
    expect(tableRun.stdout).toMatch(new RegExp(`\\n${totals}\\n$`))
  })
})

describe('perkpack picklist: items without a SKU', { timeout: 60_000 }, () => {
  it('the table lists them last as "no SKU"; --json keeps its shape and names them on stderr', async () => {
    // One order that ships, sent with an extra item the client cannot read.
    const target = rows.find((row) => countShipments([row]).ships === 1)!
    const raw = structuredClone(target) as unknown as { order: { perks: { items: unknown[] }[] } }
    const perkWithItems = raw.order.perks.find((p) => p.items.length > 0)!
    perkWithItems.items.push({ name: 'Enamel pin', quantity: 2, sku: null })
    const odd = toModel([raw])[0]!
    const dir = syncedDataDir('perkpack-picklist-odd-', BASE_URL, campaign.id, [odd])
    const runOdd = (args: string[]) =>
      perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dir, PERKPACK_BASE_URL: BASE_URL }))
    const flags = ['--status', 'all']

    const table = await runOdd(['picklist', id, ...flags])
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.split('\n')
    const last = lines.findLastIndex((line) => /Enamel pin/.test(line))
    expect(lines[last]).toMatch(/^no SKU\s+Enamel pin \(check by hand\)\s+2\s+1\s*$/)

    const json = await runOdd(['picklist', id, ...flags, '--json'])
    expect(json.code, json.stderr).toBe(0)
    const listed = JSON.parse(json.stdout) as JsonRow[]
    expect(listed.every((row) => row.sku_code !== '')).toBe(true)
    expect(listed.map((row) => Object.keys(row))).toEqual(
      listed.map(() => ['sku_code', 'item_name', 'choices', 'quantity', 'order_count', 'perks']),
    )
    expect(json.stderr).toContain(
      'To pick by hand: items PerkPack cannot pick by SKU (not in --json): 2 × Enamel pin (no SKU: check by hand).',
    )
  })
})

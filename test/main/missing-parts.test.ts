import { Writable } from 'node:stream'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderAddressLines } from '../../src/shared/address'
import { OrdersWorkspace, toViewRow } from '../../src/main/core/orders/workspace'
import { SHIPPER_CSV_ROWS, writeShipperCsv } from '../../src/main/core/export/csv'
import { SHIPPER_CSV_FORMATS } from '../../src/shared/ipc'
import { writePackingList } from '../../src/main/core/export/excel'
import { renderLabels, renderPackingSlips } from '../../src/main/core/print'
import { readCampaignContribution } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { buildPickList, filterContributions, groupByPerk } from '../../src/shared/fulfillment'
import campaignPage from '../fixtures/api/campaign-contributions.json'
import realPage from '../fixtures/api/campaign-contributions-real.json'
import { cleanup, tempDir } from '../helpers/harness'
import { OBJECTS } from '../helpers/schema-fields'
import type { Key } from '../helpers/schema-fields'

// Every output a contribution turns into, for contributions missing each optional field one at a
// time (absent, null, blank) and all at once: none may print "null", "undefined" or "NaN", and
// no printed line may be blank. The field lists are the schema test's, so a new optional field
// is drifted here too.

const BAD_WORD = /\b(?:null|undefined|NaN)\b/

interface Variant {
  name: string
  row: CampaignContribution
}

type Node = Record<Key, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

function change(raw: unknown, path: readonly Key[], how: 'absent' | 'null' | 'blank'): unknown {
  const copy = structuredClone(raw)
  let parent: unknown = copy
  for (const key of path.slice(0, -1)) parent = isNode(parent) ? parent[key] : undefined
  const key = path.at(-1) as Key
  if (!isNode(parent)) return copy
  if (how === 'absent') delete parent[key]
  else if (how === 'null') parent[key] = null
  else if (typeof parent[key] === 'string') parent[key] = '   '
  return copy
}

const CONTRIBUTION_OBJECTS = OBJECTS.filter((object) =>
  ['contribution', 'appearance', 'order', 'shipping', 'perk', 'item', 'sku'].includes(object.name),
)
const OPTIONAL_PATHS = CONTRIBUTION_OBJECTS.flatMap((object) =>
  [...object.optional, ...(object.lists ?? []), ...(object.kept ?? [])].map((field) => ({
    label: `${object.name}.${field}`,
    path: [...object.at, field],
  })),
)

const international = campaignPage.response[0]
const domestic = change(
  change(international, ['order', 'shipping', 'country'], 'absent'),
  ['order', 'shipping', 'state'],
  'absent',
)

function read(raw: unknown, n: number, name: string): Variant {
  const withIds = structuredClone(raw) as Node & { order: Node }
  withIds.id = 100_000 + n
  withIds.order.id = 500_000 + n
  const result = readCampaignContribution(withIds)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.problems)}`)
  return { name, row: result.value }
}

function variants(): Variant[] {
  const out: Variant[] = []
  const add = (raw: unknown, name: string) => out.push(read(raw, out.length, name))
  for (const [base, where] of [
    [international, 'international'],
    [domestic, 'domestic'],
  ] as const) {
    for (const { label, path } of OPTIONAL_PATHS) {
      for (const how of ['absent', 'null', 'blank'] as const) {
        add(change(base, path, how), `${where} ${label} ${how}`)
      }
    }
    for (const how of ['absent', 'null', 'blank'] as const) {
      // Deepest first, so removing an object does not hide its fields' paths.
      const paths = [...OPTIONAL_PATHS].reverse().map(({ path }) => path)
      add(
        paths.reduce((raw, path) => change(raw, path, how), base as unknown),
        `${where} every optional field ${how}`,
      )
    }
  }
  realPage.response.forEach((raw, i) => add(raw, `real-shaped row ${i}`))
  return out
}

const VARIANTS = variants()
const ROWS = VARIANTS.map((variant) => variant.row)

/** Printed lines: none blank, none saying null, undefined or NaN. */
function expectCleanLines(lines: readonly string[], where: string): void {
  for (const line of lines) {
    expect(line, `${where}: ${JSON.stringify(lines)}`).not.toMatch(BAD_WORD)
    expect(line.trim(), `${where}: ${JSON.stringify(lines)}`).not.toBe('')
  }
}

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** The text of every element carrying one of `classes`, as the page shows it. */
function linesOf(html: string, classes: readonly string[]): string[] {
  const pattern = new RegExp(`<div class="(?:${classes.join('|')})"[^>]*>([^<]*)</div>`, 'g')
  return [...html.matchAll(pattern)].map((match) => decode(match[1] ?? ''))
}

afterAll(cleanup)

describe('outputs of contributions missing optional fields', () => {
  it('covers every optional field of the contribution objects, three ways and all at once', () => {
    expect(OPTIONAL_PATHS.length).toBeGreaterThan(30)
    expect(VARIANTS).toHaveLength(2 * (OPTIONAL_PATHS.length * 3 + 3) + realPage.response.length)
  })

  it.each(VARIANTS)('labels: $name', ({ row }) => {
    const result = renderLabels([row], { layout: 'avery5160', showSummary: true })
    expect(result.html).not.toMatch(BAD_WORD)
    const lines = linesOf(result.html, ['l', 'sum'])
    expect(lines.length + result.skipped.length).toBeGreaterThan(0)
    expectCleanLines(lines, 'label')
    for (const skip of result.skipped) expectCleanLines([skip.reason], 'skip reason')
  })

  it.each(VARIANTS)('packing slip: $name', ({ row }) => {
    const result = renderPackingSlips([row], { paper: 'letter', campaignTitle: 'Village Café' })
    expect(result.html).not.toMatch(BAD_WORD)
    // Either a slip, or (an order that does not ship, as labels and the CSV) a reason why not.
    expect(result.slips + result.skipped.length).toBe(1)
    const lines = linesOf(result.html, ['l', 'meta', 'pageno', 'campaign', 'missing'])
    expect(lines.length).toBeGreaterThanOrEqual(4 * result.slips)
    expectCleanLines(lines, 'slip')
    expectCleanLines(
      result.skipped.map((skip) => skip.reason),
      'slip skip reason',
    )
    expectCleanLines(
      result.warnings.map((w) => w.message),
      'slip warning',
    )
  })

  it.each(VARIANTS)('drawer address and order row: $name', ({ row }) => {
    expectCleanLines(orderAddressLines(row.order.shipping, { locale: 'en' }), 'drawer address')
    const workspace = new OrdersWorkspace(1, '2026-03-01T00:00:00Z', [toViewRow(row)])
    const [shown] = workspace.orderRows(workspace.rows, 0, 1)
    expect(shown?.orderId).toBe(row.order.id)
    const fields = Object.entries(shown ?? {})
    const texts = fields.filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    // A missing text is null or (backer, items) empty: the table shows a dash for either.
    for (const [key, value] of texts.filter(([key]) => key !== 'backer' && key !== 'items')) {
      expectCleanLines([value], `order row ${key}`)
    }
    for (const [key, value] of texts) expect(value, key).not.toMatch(BAD_WORD)
    for (const [key, value] of fields.filter((entry) => typeof entry[1] === 'number')) {
      expect(Number.isFinite(value), key).toBe(true)
    }
  })

  it.each(SHIPPER_CSV_FORMATS)('shipper CSV (%s) of every variant', async (format) => {
    let text = ''
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8')
        done()
      },
    })
    const result = await writeShipperCsv({ contributions: ROWS, format, out })
    // A row per line item holds every variant; a row per parcel, every order that ships.
    const least = SHIPPER_CSV_ROWS[format] === 'item' ? VARIANTS.length + 1 : result.orders
    expect(result.rows).toBeGreaterThanOrEqual(least)
    const records = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(records.pop()).toBe('')
    expect(records).toHaveLength(result.rows + 1)
    expectCleanLines(records, `CSV ${format}`)
  })

  describe('Excel packing list of every variant', () => {
    const workbook = new ExcelJS.Workbook()

    beforeAll(async () => {
      const out = path.join(tempDir(), 'missing-parts.xlsx')
      await writePackingList({
        contributions: ROWS,
        campaign: { id: 1, title: null, lastSyncedAt: '2026-03-01T00:00:00Z', privileged: true },
        out,
        checks: [],
      })
      await workbook.xlsx.readFile(out)
    })

    it('has no cell saying null, undefined or NaN, and a row per order', () => {
      const orders = workbook.getWorksheet('Orders')
      expect(orders?.rowCount).toBe(ROWS.length + 1)
      let cells = 0
      workbook.eachSheet((sheet) => {
        sheet.eachRow((row) => {
          row.eachCell((cell) => {
            cells++
            const value = cell.value
            const where = `${sheet.name}!${cell.address}`
            // A number is finite; anything else, read as text, names no missing value.
            expect(typeof value !== 'number' || Number.isFinite(value), where).toBe(true)
            expect(typeof value === 'number' ? '' : String(value), where).not.toMatch(BAD_WORD)
          })
        })
      })
      expect(cells).toBeGreaterThan(ROWS.length * 5)
    })
  })

  it('tree, pick list and search never show or find the words for missing values', () => {
    for (const perk of groupByPerk(ROWS)) {
      expectCleanLines([perk.label], 'perk tree')
      for (const variant of perk.variants) expectCleanLines([variant.skuCode], 'perk tree')
    }
    for (const line of buildPickList(ROWS)) {
      expectCleanLines(
        [line.item_name, line.sku_code, ...line.perks.map((p) => p.perk_label)],
        'pick',
      )
    }
    for (const word of ['undefined', 'null']) {
      expect(filterContributions(ROWS, { statuses: [], search: word })).toEqual([])
    }
  })
})

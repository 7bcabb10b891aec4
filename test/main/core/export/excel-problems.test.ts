import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import { writePackingList } from '../../../../src/main/core/export/excel'
import { cacheProfile } from '../../../../src/main/core/session/profile'
import { problemLines } from '../../../../src/shared/problems/report'
import { generateDataset } from '../../../../src/simulator/data'
import { STACK_LINE } from '../../../helpers/cli'
import { perkpackHere } from '../../../helpers/cli-in-process'
import { cleanup, tempDir } from '../../../helpers/harness'
import { asReceived, toModel } from '../../../helpers/model'
import { problemRow } from '../../fixtures/problem-rows'

const dataset = generateDataset({ seed: 3, contributions: 60 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id)!)
const PROBLEMS = [
  problemRow(41450054, 59),
  problemRow(null, 16),
  {
    id: 41450077,
    rank: 3,
    raw: {
      id: 41450077,
      email: 'ada@example.com',
      contributor_name: 'María Nuñez',
      order: { sequence_number: 2041 },
    },
    problems: [{ path: 'order', message: '=HYPERLINK("x") missing' }],
  },
]

afterAll(cleanup)

async function readBook(file: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  return book
}

function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => out.push((row.values as unknown[]).slice(1)))
  return out
}

const write = (out: string, problems = problemLines(PROBLEMS)) =>
  writePackingList({
    contributions: rows,
    campaign: { id: campaign.id, lastSyncedAt: '2026-03-01T10:00:00.000Z', privileged: true },
    out,
    problems,
  })

describe('Excel packing list: the "Problems" sheet', () => {
  it('lists every field of every problem row: order, backer, words, id, row, path, message', async () => {
    const out = path.join(tempDir(), 'problems.xlsx')
    const result = await write(out)
    const book = await readBook(out)
    expect(book.worksheets.at(-1)?.name).toBe('Problems')
    expect(result.sheets).toBe(book.worksheets.length)
    const sheet = book.getWorksheet('Problems')!
    const order = ['Order', 'Backer', 'Problem', 'Contribution ID', 'Row', 'Field', 'Details']
    const [first, second, third] = PROBLEMS
    expect(values(sheet)).toEqual([
      order,
      [
        undefined,
        undefined,
        'order without an id',
        41450054,
        60,
        'order.id',
        first!.problems[0]!.message,
      ],
      [
        undefined,
        undefined,
        'perk without an id',
        41450054,
        60,
        'order.perks[0].id',
        first!.problems[1]!.message,
      ],
      // No usable id: the cell stays empty, the row says which contribution it was.
      [
        undefined,
        undefined,
        'order without an id',
        undefined,
        17,
        'order.id',
        second!.problems[0]!.message,
      ],
      [
        undefined,
        undefined,
        'perk without an id',
        undefined,
        17,
        'order.perks[0].id',
        second!.problems[1]!.message,
      ],
      // Text a spreadsheet would run is written as text, as it came (a string cell).
      [
        '#2041',
        'María Nuñez',
        'order: =HYPERLINK("x") missing',
        41450077,
        4,
        'order',
        third!.problems[0]!.message,
      ],
    ])
    // The order number and backer find the row; e-mails and the rows as sent stay out.
    const text = JSON.stringify(values(sheet))
    expect(text).not.toContain('ada@example.com')
    expect(text).not.toContain('pledge-16')
  })

  it("lists the exported orders' items PerkPack cannot read, a line each", async () => {
    const raw = structuredClone(rows.find((row) => row.order.perks.length > 0)!)
    const perks = raw.order.perks as unknown as { items: unknown[] }[]
    perks[0]!.items.push({ name: 'Enamel pin', quantity: 2, sku: null })
    const odd = toModel([raw])[0]!
    const out = path.join(tempDir(), 'flagged.xlsx')
    await writePackingList({
      contributions: [odd],
      campaign: { id: campaign.id, lastSyncedAt: '2026-03-01T10:00:00.000Z', privileged: true },
      out,
    })
    const sheet = (await readBook(out)).getWorksheet('Problems')!
    expect(values(sheet).slice(1)).toEqual([
      [
        `#${odd.order.sequence_number}`,
        odd.contributor_name,
        '2 × Enamel pin: no SKU (the order ships; check the item by hand)',
        odd.id,
        undefined,
        `order.perks[0].items[${perks[0]!.items.length - 1}].sku`,
        'missing (null) — the SKU says which item to pick',
      ],
    ])
  })

  it('is left out when there are none', async () => {
    const out = path.join(tempDir(), 'clean.xlsx')
    await write(out, [])
    const book = await readBook(out)
    expect(book.worksheets.map((s) => s.name)).not.toContain('Problems')
  })
})

describe('perkpack export with problem rows in the offline copy', () => {
  const BASE_URL = 'http://127.0.0.1:9'
  let dataDir: string

  beforeAll(() => {
    dataDir = tempDir('perkpack-excel-problems-')
    const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL) })
    try {
      const writer = cache.beginSnapshot(campaign.id)
      writer.add(asReceived(rows))
      writer.addProblems(PROBLEMS)
      writer.commit({ expectedCount: rows.length + PROBLEMS.length, privileged: true })
    } finally {
      cache.close()
    }
  })

  it('adds the Problems sheet and warns about them in the checks', async () => {
    const out = path.join(tempDir('perkpack-excel-out-'), 'packing.xlsx')
    const result = await perkpackHere(
      ['export', String(campaign.id), '--out', out, '--data-dir', dataDir],
      { PERKPACK_BASE_URL: BASE_URL },
    )
    expect(result.stderr).not.toMatch(STACK_LINE)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(
      /^warning: 3 contributions could not be read \(41450054, row 17 \(no usable id\), 41450077\)/m,
    )
    const book = await readBook(out)
    const names = book.worksheets.map((s) => s.name)
    expect(names.slice(-2)).toEqual(['Checks', 'Problems'])
    expect(book.getWorksheet('Problems')!.rowCount - 1).toBe(problemLines(PROBLEMS).length)
    const checks = values(book.getWorksheet('Checks')!)
    expect(checks).toContainEqual([
      'Contributions that could not be read',
      3,
      expect.stringMatching(/^3 contributions could not be read/),
    ])
  }, 60_000)
})

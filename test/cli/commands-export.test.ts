import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { DEFAULT_STATUSES, filterContributions } from '../../src/shared/fulfillment'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv, perkpack, STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// Never contacted: `export` works from the cache alone. The base URL only picks the cache file.
const BASE_URL = 'http://127.0.0.1:9'

const dataset = generateDataset({ seed: 5, contributions: 240 })
const campaign = dataset.campaigns[0]!
const rows: CampaignContribution[] = toModel(dataset.contributions.get(campaign.id)!)

let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-excel-cli-', BASE_URL, campaign.id, rows, campaign.title)
})

afterAll(cleanup)

// The first case starts Node and compiles the sources: on a busy machine that alone can take seconds.
vi.setConfig({ testTimeout: 60_000 })

function run(args: string[]) {
  return perkpack([...args, '--data-dir', dataDir], cleanEnv({ PERKPACK_BASE_URL: BASE_URL }))
}

/** In this process: every case but the first, which proves `export` works as a program. */
function runHere(args: string[]) {
  return perkpackHere([...args, '--data-dir', dataDir], { PERKPACK_BASE_URL: BASE_URL })
}

async function readBook(file: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  return book
}

describe('perkpack export', () => {
  it('writes the packing list of the default statuses from the cache, offline', async () => {
    const out = path.join(tempDir('perkpack-excel-out-'), 'packing.xlsx')
    const result = await run(['export', String(campaign.id), '--out', out])
    const expected = filterContributions(rows, { statuses: DEFAULT_STATUSES })
    expect(result.stderr).not.toMatch(STACK_LINE)
    expect(result.code, result.stderr).toBe(0)
    const book = await readBook(out)
    const sheets = book.worksheets.map((s) => s.name)
    expect(result.stdout).toBe(
      `Wrote ${out} (${expected.length} orders, ${sheets.length} sheets)\n`,
    )
    expect(sheets.slice(0, 2)).toEqual(['Pick list', 'Orders'])
    expect(sheets.at(-1)).toBe('Checks')
    expect(book.getWorksheet('Orders')!.rowCount - 1).toBe(expected.length)
    expect(book.title).toBe(`${campaign.title} packing list`)
    // Not a terminal: no progress bar drawn on stderr.
    expect(result.stderr).not.toContain('[#')
  })

  it('applies --status all, --country and --search like the orders view', async () => {
    const out = path.join(tempDir('perkpack-excel-out-'), 'us.xlsx')
    const result = await runHere([
      'export',
      String(campaign.id),
      '--out',
      out,
      '--status',
      'all',
      '--country',
      'us',
    ])
    expect(result.code, result.stderr).toBe(0)
    const us = filterContributions(rows, { statuses: [], country: 'us' })
    expect(us.length).toBeGreaterThan(0)
    expect((await readBook(out)).getWorksheet('Orders')!.rowCount - 1).toBe(us.length)

    const name = path.join(path.dirname(out), 'search.xlsx')
    const searched = await runHere([
      'export',
      String(campaign.id),
      '--out',
      name,
      '--status',
      'all',
      '--search',
      'olivia',
    ])
    expect(searched.code, searched.stderr).toBe(0)
    const olivia = filterContributions(rows, { statuses: [], search: 'olivia' })
    expect(olivia.length).toBeGreaterThan(0)
    expect(searched.stdout).toContain(`(${olivia.length} order`)
  })

  it("refuses a selection of no order with exit 2 and the app's words, writing nothing", async () => {
    const out = path.join(tempDir('perkpack-excel-out-'), 'none.xlsx')
    const result = await runHere(['export', String(campaign.id), '--out', out, '--country', 'XX'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'perkpack: No order matches the current filters, so there is nothing to export. Change --status, --perk, --country or --search.\n',
    )
    expect(result.stdout).toBe('')
    expect(fs.existsSync(out)).toBe(false)
  })

  it('refuses bad --out values with exit 2, naming the problem and the fix', async () => {
    const folder = tempDir('perkpack-excel-bad-')
    const [missing, csv, noFolder, notSynced] = await Promise.all([
      runHere(['export', String(campaign.id)]),
      runHere(['export', String(campaign.id), '--out', path.join(folder, 'list.csv')]),
      runHere(['export', String(campaign.id), '--out', path.join(folder, 'nope', 'list.xlsx')]),
      runHere(['export', '999', '--out', path.join(folder, 'list.xlsx')]),
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Missing --out FILE.xlsx or a folder')
    expect(csv.code).toBe(2)
    expect(csv.stderr).toContain('does not end in .xlsx')
    expect(csv.stderr).toContain('--out packing-list.xlsx, or a folder to write a dated name into')
    expect(noFolder.code).toBe(2)
    expect(noFolder.stderr).toContain(`The folder ${path.join(folder, 'nope')} does not exist`)
    expect(notSynced.code).toBe(2)
    expect(notSynced.stderr).toContain('perkpack sync 999')
    for (const outcome of [missing, csv, noFolder, notSynced]) {
      expect(outcome.stderr).not.toMatch(STACK_LINE)
      expect(outcome.stdout).toBe('')
    }
    expect(fs.readdirSync(folder)).toEqual([])
  })

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'refuses a folder it cannot write in with exit 2',
    async () => {
      const folder = tempDir('perkpack-excel-ro-')
      fs.chmodSync(folder, 0o500)
      try {
        const result = await runHere([
          'export',
          String(campaign.id),
          '--out',
          path.join(folder, 'a.xlsx'),
        ])
        expect(result.code).toBe(2)
        expect(result.stderr).toContain(`Cannot write in ${folder}`)
      } finally {
        fs.chmodSync(folder, 0o700)
      }
    },
  )
})

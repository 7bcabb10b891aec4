import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressParts } from '../../src/shared/address'
import { countShipments, filterContributions } from '../../src/shared/fulfillment'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv, perkpack, STACK_LINE } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// `perkpack labels`, `slips` and `picklist --out`: the app's documents from the offline copy,
// read back from the PDFs, and holding the same orders as the shipper CSV of the same selection.

const BASE_URL = 'http://127.0.0.1:9'
const dataset = generateDataset({ seed: 5, contributions: 160 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-print-cli-', BASE_URL, campaign.id, rows)
})
afterAll(cleanup)

const env = () =>
  cleanEnv({
    PERKPACK_DATA_DIR: dataDir,
    PERKPACK_BASE_URL: BASE_URL,
    // No print command needs a browser: this one does not exist.
    PERKPACK_BROWSER: '/nonexistent/chrome',
  })
// The labels run is spawned, proving the print commands work as a program (and without a
// browser); the others run in this process, which spares a Node start and a compile each.
const run = (args: string[]) => perkpackHere(args, env())
const pagesOf = (file: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])
const textOf = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
const id = String(campaign.id)

describe('perkpack labels, slips and picklist --out', { timeout: 90_000 }, () => {
  // The default selection, as the app's: captured and in fulfillment.
  const selection = filterContributions(rows, {})
  const expected = countShipments(selection)

  it('labels: a PDF of the orders that ship, with the sheets and the orders left out named', async () => {
    const out = path.join(dataDir, 'labels.pdf')
    // No browser: labels are drawn by the PDF library.
    const result = await perkpack(
      ['labels', id, '--out', out, '--layout', 'l7160', '--start', '4'],
      {
        ...env(),
        PERKPACK_BROWSER: '/nonexistent/chrome',
      },
    )
    expect(result.code, result.stderr).toBe(0)
    const sheets = Math.ceil((expected.ships + 3) / 21)
    expect(result.stdout).toMatch(
      new RegExp(
        `^Wrote .*labels\\.pdf \\(${expected.ships} labels on ${sheets} sheets; \\d+ orders left out: `,
      ),
    )
    expect(pagesOf(out)).toBe(sheets)
    expect(result.stderr).not.toMatch(STACK_LINE)
    const first = selection.find((r) => r.order.shipping?.name && countShipments([r]).ships === 1)
    expect(textOf(out)).toContain(first!.order.shipping!.name!.split(' ')[0])
  })

  it('slips and the pick list cover the same orders as the labels and the shipper CSV', async () => {
    const slips = await run([
      'slips',
      id,
      '--out',
      path.join(dataDir, 'slips.pdf'),
      '--paper',
      'a4',
    ])
    expect(slips.code, slips.stderr).toBe(0)
    expect(slips.stdout).toMatch(new RegExp(`\\(${expected.ships} slips, \\d+ pages; `))
    const csv = await run(['export-csv', id, '--out', path.join(dataDir, 'ship.csv')])
    expect(csv.code, csv.stderr).toBe(0)
    expect(csv.stdout).toMatch(new RegExp(`, ${expected.ships} orders\\)\\n$`))
    const pick = await run(['picklist', id, '--out', path.join(dataDir, 'pick.pdf')])
    expect(pick.code, pick.stderr).toBe(0)
    expect(pick.stdout).toMatch(new RegExp(`for ${expected.ships} orders that ship, 1 page`))
    const text = textOf(path.join(dataDir, 'pick.pdf'))
    expect(text).toContain('Pick list')
    expect(text).toContain('Selection: Status: Captured, In fulfillment')
  })

  it('labels: a start position past the sheet is corrected, and said, naming the flag', async () => {
    const out = path.join(dataDir, 'start.pdf')
    const result = await run(['labels', id, '--out', out, '--start', '40'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(
      "perkpack: Start position 40 is past the sheet's 30 labels: starting at 30. (--start takes 1 to 30 on Avery 5160",
    )
    // Position 30 is the last of the first sheet: every other label is on the sheets after it.
    expect(pagesOf(out)).toBe(1 + Math.ceil((expected.ships - 1) / 30))
  })

  it('labels on 4x6: counted as labels, no sheets, and no start position', async () => {
    const out = path.join(dataDir, 'roll.pdf')
    const result = await run(['labels', id, '--out', out, '--layout', '4x6', '--start', '3'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`\\(${expected.ships} labels; `))
    expect(result.stdout).not.toMatch(/sheet/)
    expect(result.stderr).toContain(
      'Start position 3 does not apply to 4×6 labels, one per label: starting with the first. (--start is for sheet layouts.)',
    )
    expect(pagesOf(out)).toBe(expected.ships)
  })

  it('a PDF written is not printed: only --mark-printed notes its orders printed', async () => {
    // One country's orders, so the other tests' selections are not touched.
    const country = addressParts(
      selection.find((r) => countShipments([r]).ships === 1)!.order.shipping,
    ).countryCode
    const mine = filterContributions(rows, { country })
    const shipping = new Set(
      mine.filter((r) => countShipments([r]).ships === 1).map((r) => r.order.id),
    )
    const printedOf = async () => {
      const states = JSON.parse((await run(['fulfillment', id, '--json'])).stdout) as {
        order_id: number
        printed_at: string | null
      }[]
      return states.filter((s) => s.printed_at !== null).map((s) => s.order_id)
    }
    const before = await printedOf()
    const out = path.join(dataDir, 'labels-country.pdf')
    const plain = await run(['labels', id, '--out', out, '--country', country])
    expect(plain.code, plain.stderr).toBe(0)
    expect(plain.stdout).not.toContain('printed')
    expect(await printedOf()).toEqual(before)

    const marked = await run(['slips', id, '--out', out, '--country', country, '--mark-printed'])
    expect(marked.code, marked.stderr).toBe(0)
    expect(marked.stdout).toContain(
      `Marked the packing slips of ${shipping.size} order${shipping.size === 1 ? '' : 's'} printed.\n`,
    )
    const after = new Set(await printedOf())
    expect([...shipping].every((orderId) => after.has(orderId))).toBe(true)
    expect(after.size).toBe(new Set([...before, ...shipping]).size)
  })

  it.each([
    [
      ['labels', id, '--out', 'x.pdf', '--layout', 'a4'],
      /^perkpack: Unknown --layout "a4". Use avery5160/,
    ],
    [
      ['labels', id, '--out', 'x.pdf', '--offset-x', '30'],
      /--offset-x takes millimetres from -25.4 to 25.4 \(got "30"\)/,
    ],
    [['labels', id, '--out', 'labels.png'], /--out labels.png does not end in .pdf/],
    [
      ['slips', id, '--out', 'x.pdf', '--paper', 'legal'],
      /Unknown --paper "legal". Use --paper letter or --paper a4/,
    ],
    [
      ['labels', id, '--out', 'x.pdf', '--country', 'Germany'],
      /--country takes a two-letter country code/,
    ],
  ])('%j: exit 2, naming the problem and the fix, writing nothing', async (args, message) => {
    // In this process: argument checks need no fresh Node, and eight spawns cost 10 s of CI.
    const result = await perkpackHere(args, env())
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).not.toMatch(STACK_LINE)
    expect(fs.existsSync(path.resolve('x.pdf'))).toBe(false)
  })
})

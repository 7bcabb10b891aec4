import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import ExcelJS, { ValueType } from 'exceljs'
import type { Cell, Workbook, Worksheet } from 'exceljs'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Cancelled, PerkPackError } from '../../../../src/main/core/system/perkpack-errors'
import { writePackingList } from '../../../../src/main/core/export/excel'
import type { PackingListCampaign, PackingListResult } from '../../../../src/main/core/export/excel'
import { startsLikeFormula } from '../../../../src/shared/export/formula'
import { SHIPPING_COLUMNS } from '../../../../src/shared/export/order-rows'
import type { CampaignContribution, Perk } from '../../../../src/shared/api/schemas'
import {
  buildPickList,
  filterContributions,
  leftOutText,
  notShipping,
  ordersThatShip,
  paymentMethodText,
  shippedPickList,
  statusShips,
  statusText,
} from '../../../../src/shared/fulfillment'
import { generateDataset } from '../../../../src/simulator/data'
import { cleanup, tempDir } from '../../../helpers/harness'
import { toModel } from '../../../helpers/model'

const dataset = generateDataset({ seed: 7, contributions: 300 })
const source = dataset.campaigns[0]!
// Every status, so the hand-written hard cases (formula-like names, non-Latin text, leading-zero
// postcodes) are all in the selection.
const rows = filterContributions(toModel(dataset.contributions.get(source.id)!), { statuses: [] })
const campaign: PackingListCampaign = {
  id: source.id,
  title: source.title,
  lastSyncedAt: '2026-03-01T10:15:00.000Z',
  privileged: true,
}
const NOW = new Date('2026-03-02T08:00:00.000Z')
const CHECKS = [
  { title: 'Orders without an address', count: 3, detail: '3 orders need an address.' },
  { title: '=SUM(A1:A9)', count: 1, detail: '@danger' },
]

/** Perk id -> expected sheet name (the dataset's labels are short; only ':' needs replacing). */
function perksOf(list: readonly CampaignContribution[]): Map<number, string> {
  const perks = new Map<number, string>()
  for (const row of list) {
    for (const perk of row.order.perks) {
      perks.set(
        perk.id,
        perk.label
          .replace(/[:\\/?*[\]]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
    }
  }
  return new Map([...perks].sort((a, b) => a[0] - b[0]))
}

function eachCell(sheet: Worksheet, visit: (cell: Cell) => void): void {
  sheet.eachRow({ includeEmpty: false }, (row) => {
    row.eachCell({ includeEmpty: false }, visit)
  })
}

function column(sheet: Worksheet, header: string): Cell[] {
  const headers = sheet.getRow(1).values as unknown[]
  const index = headers.indexOf(header)
  expect(index, `column "${header}" in ${sheet.name}`).toBeGreaterThan(0)
  const cells: Cell[] = []
  for (let r = 2; r <= sheet.rowCount; r++) cells.push(sheet.getRow(r).getCell(index))
  return cells
}

function pickListPerkHeaders(): string[] {
  const labels = new Map<number, string>()
  for (const line of buildPickList(rows))
    for (const perk of line.perks) labels.set(perk.perk_id, perk.perk_label)
  return [...labels].sort((a, b) => a[0] - b[0]).map(([, label]) => label)
}

function headersOf(sheet: Worksheet): unknown[] {
  return (sheet.getRow(1).values as unknown[]).slice(1)
}

let dir: string
let file: string
let result: PackingListResult
let workbook: Workbook
let zip: JSZip

beforeAll(async () => {
  dir = tempDir('perkpack-excel-')
  file = path.join(dir, 'packing list.xlsx')
  result = await writePackingList({
    contributions: rows,
    campaign,
    out: file,
    checks: CHECKS,
    now: NOW,
    timeZone: 'Europe/Berlin',
    locale: 'en-US',
  })
  workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  zip = await JSZip.loadAsync(fs.readFileSync(file))
})

afterAll(cleanup)

function sheet(name: string): Worksheet {
  const found = workbook.getWorksheet(name)
  expect(found, `sheet "${name}"`).toBeDefined()
  return found as Worksheet
}

async function sheetXml(name: string): Promise<string> {
  const index = workbook.worksheets.findIndex((s) => s.name === name)
  const xml = await zip.file(`xl/worksheets/sheet${index + 1}.xml`)?.async('string')
  expect(xml, `xml of ${name}`).toBeDefined()
  return xml as string
}

describe('writePackingList: structure', () => {
  it('writes the sheets in order: pick list, orders, one per perk, shipping, left out, checks', () => {
    const perkNames = [...perksOf(rows).values()]
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Pick list',
      'Orders',
      ...perkNames,
      'Shipping',
      'Left out',
      'Checks',
    ])
    expect(result).toMatchObject({ path: file, orders: rows.length, sheets: perkNames.length + 5 })
    expect(result.bytes).toBe(fs.statSync(file).size)
  })

  it('writes the documented headers', () => {
    expect(headersOf(sheet('Pick list'))).toEqual([
      'SKU',
      'Item',
      'Choices',
      'Quantity',
      'Orders',
      ...pickListPerkHeaders(),
    ])
    const orderHeaders = headersOf(sheet('Orders'))
    expect(orderHeaders).toEqual([
      'Seq #',
      'Order ID',
      'Backer',
      'E-mail',
      'Pledged on',
      'Status',
      'Status code',
      'Payment method',
      'Payment code',
      'Perks',
      'Items',
      'Ship to',
      'Address line 1',
      'Address line 2',
      'City',
      'State / region',
      'Postal code',
      'Country',
      'Phone',
      'Floor',
      // A spreadsheet has no time zones: the header says which the times are in.
      'Packed at (Europe/Berlin)',
      'Packed by',
      'Carrier',
      'Tracking number',
    ])
    for (const label of perksOf(rows).values())
      expect(headersOf(sheet(label))).toEqual(orderHeaders)
    expect(headersOf(sheet('Shipping'))).toEqual(SHIPPING_COLUMNS.map((c) => c.header))
    expect(headersOf(sheet('Checks'))).toEqual(['Check', 'Orders', 'Detail'])
  })

  it('has one row per order, per perk holder and per pick list line', () => {
    expect(sheet('Orders').rowCount - 1).toBe(rows.length)
    expect(sheet('Shipping').rowCount - 1).toBe(ordersThatShip(rows).length)
    expect(sheet('Left out').rowCount - 1).toBe(rows.length - ordersThatShip(rows).length)
    expect(sheet('Pick list').rowCount - 1).toBe(buildPickList(rows).length)
    for (const [perkId, label] of perksOf(rows)) {
      const holders = rows.filter((r) => r.order.perks.some((p) => p.id === perkId))
      expect(sheet(label).rowCount - 1, label).toBe(holders.length)
    }
    expect(sheet('Checks').rowCount - 1).toBe(CHECKS.length)
  })

  it('says which orders the Shipping sheet leaves out and why, in the words of the pick list', () => {
    const leftOut = rows.map(notShipping).filter((s) => s !== null)
    expect(leftOut.length).toBeGreaterThan(0)
    const listed = column(sheet('Left out'), 'Order ID').map((c) => Number(c.value))
    const shippingIds = new Set(column(sheet('Shipping'), 'Order ID').map((c) => Number(c.value)))
    for (const id of listed) expect(shippingIds.has(id)).toBe(false)
    const reasons = column(sheet('Left out'), 'Why it does not ship').map((c) => c.value)
    expect(new Set(reasons)).toEqual(new Set(leftOut.map((s) => s.reason)))
    expect(workbook.description).toContain(leftOutText(leftOut)!)
  })

  it('lists orders by sequence number, matching the cache rows field by field', () => {
    const sequences = column(sheet('Orders'), 'Seq #').map((c) => c.value as number)
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b))
    // The showcase backer, not a generated namesake (names repeat across the pool).
    const olivia = rows.find(
      (r) => r.contributor_name === 'Olivia Brown' && r.order.shipping?.address2?.startsWith('+1'),
    )!
    const row = sheet('Orders').getRow(sequences.indexOf(olivia.order.sequence_number!) + 2)
    expect(row.getCell(2).value).toBe(String(olivia.order.id))
    expect(row.getCell(3).value).toBe('Olivia Brown')
    // The pledge's day as a date cell, shown as the app says it.
    const day = olivia.created_at!.slice(0, 10)
    expect(row.getCell(5).type).toBe(ValueType.Date)
    expect(row.getCell(5).value).toEqual(new Date(`${day}T00:00:00Z`))
    expect(row.getCell(5).numFmt).toBe('yyyy-mm-dd')
    // The status in words for a person, its code beside it for a formula or an import.
    expect(row.getCell(6).value).toBe(statusText(olivia.order.status))
    expect(row.getCell(7).value).toBe(olivia.order.status)
    expect(row.getCell(8).value).toBe(paymentMethodText(olivia.payment_method))
    expect(row.getCell(9).value).toBe(olivia.payment_method)
    // The dataset puts a phone-like "+1 555…" in address line 2: text, as typed.
    expect(row.getCell(14).value).toBe('+1 555-0142 (call on arrival)')
    expect(row.getCell(14).type).toBe(ValueType.String)
    expect(row.getCell(17).value).toBe('02139')
  })

  it('writes the pick list quantities per perk as numbers', () => {
    // What is picked is what ships: the orders whose status does not ship are left out.
    const pickList = shippedPickList(rows).rows
    expect(pickList).not.toEqual(buildPickList(rows))
    const pick = sheet('Pick list')
    const perkIds = [...new Set(pickList.flatMap((l) => l.perks.map((p) => p.perk_id)))].sort(
      (a, b) => a - b,
    )
    pickList.forEach((line, i) => {
      const row = pick.getRow(i + 2)
      expect(row.getCell(1).value).toBe(line.sku_code)
      expect(row.getCell(4).value).toBe(line.quantity)
      expect(row.getCell(5).value).toBe(line.order_count)
      for (const perk of line.perks) {
        expect(row.getCell(6 + perkIds.indexOf(perk.perk_id)).value).toBe(perk.quantity)
      }
    })
  })

  it('renders the checks as given', () => {
    const checks = sheet('Checks')
    expect(checks.getRow(2).values).toEqual([
      undefined,
      'Orders without an address',
      3,
      '3 orders need an address.',
    ])
    expect(checks.getRow(3).values).toEqual([undefined, '=SUM(A1:A9)', 1, '@danger'])
  })
})

describe('writePackingList: cell types', () => {
  it('keeps SKU codes text: leading zeros and an all-digit EAN survive', () => {
    const skus = column(sheet('Pick list'), 'SKU')
    for (const code of ['00871-TEE-BLK-M', '4006381333931', '000417']) {
      const cell = skus.find((c) => c.value === code)
      expect(cell, code).toBeDefined()
      expect(cell!.type).toBe(ValueType.String)
      expect(cell!.numFmt).toBe('@')
    }
  })

  it('keeps postal codes, phones and order ids text', () => {
    const zeros = ['02139', '0800', '04524', '00186']
    // The Shipping sheet holds only orders that ship: the codes of those among them.
    const shipped = new Set(ordersThatShip(rows).map((r) => r.order.shipping?.zipcode))
    for (const name of ['Orders', 'Shipping']) {
      const postcodes = column(sheet(name), 'Postal code')
      const codes = name === 'Orders' ? zeros : zeros.filter((code) => shipped.has(code))
      expect(codes.length, name).toBeGreaterThan(1)
      for (const code of codes) {
        const cell = postcodes.find((c) => c.value === code)
        expect(cell, `${name} ${code}`).toBeDefined()
        expect(cell!.type).toBe(ValueType.String)
      }
      for (const cell of column(sheet(name), 'Order ID')) {
        expect(cell.type).toBe(ValueType.String)
        expect(cell.numFmt).toBe('@')
      }
      const phones = column(sheet(name), 'Phone').filter((cell) => cell.value !== null)
      expect(phones.length, `${name} phones`).toBeGreaterThan(0)
      for (const cell of phones) expect(cell.type).toBe(ValueType.String)
    }
  })

  it('writes quantities, counts and sequence numbers as numbers', () => {
    for (const header of ['Quantity', 'Orders']) {
      for (const cell of column(sheet('Pick list'), header))
        expect(cell.type).toBe(ValueType.Number)
    }
    for (const cell of column(sheet('Orders'), 'Seq #')) expect(cell.type).toBe(ValueType.Number)
    for (const cell of column(sheet('Checks'), 'Orders')) expect(cell.type).toBe(ValueType.Number)
  })

  it('keeps formula-like text exactly as typed, in string cells, with no visible apostrophe', () => {
    const cells = (name: string, header: string) =>
      column(sheet(name), header).filter((c) => c.value !== null)
    const expected: Record<string, Record<string, string[]>> = {
      Orders: {
        Backer: ['=HYPERLINK("http://x","y")', '@maplefan'],
        'Address line 1': ['-Dash Co, 14 Mill Lane'],
        'Address line 2': ['+1 555-0142 (call on arrival)'],
      },
      Shipping: {
        'Address line 1': ['-Dash Co, 14 Mill Lane'],
        City: ["=cmd|' /C calc'!A0"],
        Phone: ['+1 503-555-0100'],
      },
    }
    for (const [name, columns] of Object.entries(expected)) {
      for (const [header, texts] of Object.entries(columns)) {
        for (const text of texts) {
          const cell = cells(name, header).find((c) => c.value === text)
          expect(cell, `${name} ${header} ${text}`).toBeDefined()
          expect(cell!.type).toBe(ValueType.String)
        }
      }
    }
    for (const ws of workbook.worksheets) {
      eachCell(ws, (cell) => {
        if (typeof cell.value === 'string')
          expect(cell.value, `${ws.name}!${cell.address}`).not.toMatch(/^'/)
      })
    }
  })

  it('has no formula anywhere, and marks every text that starts like one with quotePrefix', async () => {
    let cells = 0
    for (const ws of workbook.worksheets) {
      eachCell(ws, (cell) => {
        cells++
        expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ValueType.Formula)
        expect(cell.type).not.toBe(ValueType.SharedString)
      })
    }
    expect(cells).toBeGreaterThan(rows.length * 10)
    // The styles (<xf> of cellXfs, by index) that carry Excel's hidden apostrophe.
    const styles = await zip.file('xl/styles.xml')!.async('string')
    const xfs = styles.slice(styles.indexOf('<cellXfs')).match(/<xf [^>]*>/g) ?? []
    const quoted = new Set(xfs.flatMap((xf, i) => (xf.includes('quotePrefix="1"') ? [i] : [])))
    expect(quoted.size).toBeGreaterThan(0)
    let formulaLike = 0
    for (const name of Object.keys(zip.files).filter((n) =>
      /^xl\/worksheets\/sheet\d+\.xml$/.test(n),
    )) {
      const xml = await zip.file(name)!.async('string')
      expect(xml, name).not.toContain('<f>')
      const textCells = /<c r="([A-Z]+\d+)"(?: s="(\d+)")? t="str"><v>([^<]*)<\/v>/g
      for (const [, ref, style, escaped] of xml.matchAll(textCells)) {
        const text = escaped!
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, '&')
        const hidden = quoted.has(Number(style ?? 0))
        expect(hidden, `${name} ${ref} ${text}`).toBe(startsLikeFormula(text))
        if (hidden) formulaLike++
      }
    }
    expect(formulaLike).toBeGreaterThan(5)
  })

  it('round-trips non-Latin and emoji text', () => {
    const backers = column(sheet('Orders'), 'Backer').map((c) => c.value)
    for (const name of ['山田 太郎', '김민준', 'محمد الأحمد', 'Анна Смирнова', 'Lena 🌻 Becker']) {
      expect(backers).toContain(name)
    }
    const cities = column(sheet('Shipping'), 'City').map((c) => c.value)
    expect(cities).toContain('千代田区')
    expect(cities).toContain('São Paulo')
  })
})

describe('writePackingList: layout and print setup', () => {
  it('freezes the header row, filters over the data and sets the print options on every sheet', async () => {
    for (const ws of workbook.worksheets) {
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
      expect(ws.autoFilter).toBe(
        `A1:${ws.getColumn(ws.columnCount).letter}${Math.max(1, ws.rowCount)}`,
      )
      expect(ws.pageSetup).toMatchObject({
        orientation: 'landscape',
        fitToPage: true,
        fitToHeight: 0,
        printTitlesRow: '1:1',
      })
      expect(ws.headerFooter.oddFooter).toContain('&P of &N')
      expect(ws.headerFooter.oddHeader).toContain('&A')
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true)
      const xml = await sheetXml(ws.name)
      expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/)
      expect(xml).toMatch(/<autoFilter ref="A1:/)
      expect(xml).toMatch(
        /<pageSetup [^>]*orientation="landscape"[^>]*fitToWidth="\d" fitToHeight="0"/,
      )
      expect(xml).toContain('<pageSetUpPr fitToPage="1"/>')
    }
    const book = await zip.file('xl/workbook.xml')!.async('string')
    const titles = book.match(/<definedName name="_xlnm.Print_Titles"/g) ?? []
    expect(titles).toHaveLength(workbook.worksheets.length)
    expect(book).toContain(
      `<definedName name="_xlnm.Print_Titles" localSheetId="1">&apos;Orders&apos;!$1:$1`,
    )
  })

  it('prints a narrow sheet one page wide and the Orders sheet on pages it can be read on', () => {
    expect(sheet('Pick list').pageSetup.fitToWidth).toBe(1)
    const orders = sheet('Orders')
    const widths = orders.columns.map((c) => c.width ?? 0)
    // Each page holds at most about 260 characters of columns, so the text stays readable.
    expect(orders.pageSetup.fitToWidth).toBeGreaterThan(1)
    expect(
      widths.reduce((a, b) => a + b, 0) / (orders.pageSetup.fitToWidth ?? 1),
    ).toBeLessThanOrEqual(260)
  })

  it("puts the campaign and the sync time, in the desk's words and clock, in the page header", () => {
    const header = sheet('Orders').headerFooter.oddHeader ?? ''
    expect(header).toContain('Tidepool')
    // 10:15 UTC is 11:15 in Berlin, written as the window and the slips write a time.
    expect(header).toMatch(/Synced Mar 1, 2026, 11:15\sAM/)
  })

  it('sizes columns from their content, within bounds', () => {
    const orders = sheet('Orders')
    const widths = orders.columns.map((c) => c.width ?? 0)
    for (const width of widths) {
      expect(width).toBeGreaterThanOrEqual(6)
      expect(width).toBeLessThanOrEqual(60)
    }
    expect(orders.getColumn(2).width).toBeGreaterThanOrEqual('18300851'.length)
    // Items is the longest text: capped, and wrapped rather than widened.
    expect(orders.getColumn(11).width).toBe(60)
    expect(orders.getRow(2).getCell(11).alignment?.wrapText).toBe(true)
    expect(sheet('Pick list').getColumn(1).width).toBeGreaterThanOrEqual('00871-TEE-BLK-M'.length)
  })

  it('sets the workbook properties', () => {
    expect(workbook.creator).toBe('PerkPack')
    expect(workbook.title).toBe(`${source.title} packing list`)
    expect(workbook.subject).toContain(String(source.id))
    expect(workbook.keywords).toContain(String(source.id))
    expect(workbook.keywords).toContain('2026-03-01T10:15:00.000Z')
    expect(workbook.description).toContain('2026-03-01T10:15:00.000Z')
    expect(workbook.created?.toISOString()).toBe(NOW.toISOString())
  })
})

describe('writePackingList: sheet names', () => {
  function withPerk(row: CampaignContribution, id: number, label: string): CampaignContribution {
    const copy = structuredClone(row) as CampaignContribution
    const perk = { ...(copy.order.perks[0] ?? (rows[0]!.order.perks[0] as Perk)), id, label }
    copy.order = { ...copy.order, perks: [perk] }
    return copy
  }

  it('makes perk labels valid, unique sheet names', async () => {
    const withItems = rows.filter(
      (r) => r.order.perks[0]?.items.length && statusShips(r.order.status),
    )
    const odd = [
      withPerk(withItems[0]!, 901, 'Early Bird: Core Game [Limited] / 2026?*'),
      withPerk(withItems[1]!, 902, 'A very long perk label that goes on and on and on'),
      withPerk(withItems[2]!, 903, 'A very long perk label that goes on and on and on'),
      withPerk(withItems[3]!, 904, 'orders'),
      withPerk(withItems[4]!, 905, "Siobhán's pick"),
      withPerk(withItems[5]!, 906, '   '),
      withPerk(withItems[6]!, 907, 'History'),
    ]
    const out = path.join(tempDir('perkpack-excel-names-'), 'names.xlsx')
    await writePackingList({ contributions: odd, campaign, out })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    const names = book.worksheets.map((s) => s.name)
    expect(names).toEqual([
      'Pick list',
      'Orders',
      // Too long: cut, with the perk id so the cut names stay apart and traceable.
      'Early Bird Core Game Limi (901)',
      'A very long perk label th (902)',
      'A very long perk label th (903)',
      'orders (904)',
      'Siobhán’s pick',
      'Perk 906',
      'History (907)',
      'Shipping',
    ])
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31)
  })
})

describe('writePackingList: writing safely', () => {
  const big = filterContributions(
    toModel(generateDataset({ seed: 11, contributions: 2_000 }).contributions.get(source.id)!),
    { statuses: [] },
  )

  it('leaves neither the file nor a temporary file behind when cancelled mid-way', async () => {
    const folder = tempDir('perkpack-excel-cancel-')
    const out = path.join(folder, 'cancelled.xlsx')
    const controller = new AbortController()
    let seen = 0
    const run = writePackingList({
      contributions: big,
      campaign,
      out,
      signal: controller.signal,
      onProgress: (done) => {
        seen = done
        if (done >= 2_000) controller.abort()
      },
    })
    await expect(run).rejects.toBeInstanceOf(Cancelled)
    expect(seen).toBeGreaterThanOrEqual(2_000)
    expect(fs.readdirSync(folder)).toEqual([])
  })

  it('keeps an older file untouched when a replacement is cancelled, replaces it when done', async () => {
    const folder = tempDir('perkpack-excel-replace-')
    const out = path.join(folder, 'list.xlsx')
    fs.writeFileSync(out, 'previous export')
    const controller = new AbortController()
    controller.abort()
    await expect(
      writePackingList({ contributions: big, campaign, out, signal: controller.signal }),
    ).rejects.toBeInstanceOf(Cancelled)
    expect(fs.readFileSync(out, 'utf8')).toBe('previous export')
    const later = new AbortController()
    const run = writePackingList({
      contributions: big,
      campaign,
      out,
      signal: later.signal,
      onProgress: (done) => done > 100 && later.abort(),
    })
    await expect(run).rejects.toBeInstanceOf(Cancelled)
    expect(fs.readFileSync(out, 'utf8')).toBe('previous export')
    expect(fs.readdirSync(folder)).toEqual(['list.xlsx'])

    await writePackingList({ contributions: rows, campaign, out })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    expect(book.getWorksheet('Orders')!.rowCount - 1).toBe(rows.length)
    expect(fs.readdirSync(folder)).toEqual(['list.xlsx'])
  })

  it('pauses for the compressor without stalling (a tiny backlog limit forces many pauses)', async () => {
    const out = path.join(tempDir('perkpack-excel-backlog-'), 'backlog.xlsx')
    const progress: number[] = []
    const written = await writePackingList({
      contributions: big,
      campaign,
      out,
      backlogBytes: 16 * 1024,
      onProgress: (done, total) => progress.push(done / total),
    })
    expect(written.orders).toBe(big.length)
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(1)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    expect(book.getWorksheet('Orders')!.rowCount - 1).toBe(big.length)
    expect(book.getWorksheet('Shipping')!.rowCount - 1).toBe(ordersThatShip(big).length)
  })

  it('writes to a stream when given one', async () => {
    const sink = new PassThrough()
    const chunks: Buffer[] = []
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    const streamed = await writePackingList({ contributions: rows, campaign, out: sink })
    const bytes = Buffer.concat(chunks)
    expect(streamed).toMatchObject({ path: null, orders: rows.length, bytes: bytes.length })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
    expect(book.getWorksheet('Orders')!.rowCount - 1).toBe(rows.length)
  })

  it('names a missing folder and the fix', async () => {
    const out = path.join(tempDir('perkpack-excel-missing-'), 'no', 'such', 'list.xlsx')
    const error = await writePackingList({ contributions: rows, campaign, out }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PerkPackError)
    expect((error as PerkPackError).code).toBe('export_no_folder')
    expect((error as Error).message).toContain(path.dirname(out))
    expect((error as Error).message).toMatch(/Create it or choose another folder/)
  })

  it('writes an empty selection as header rows only', async () => {
    const out = path.join(tempDir('perkpack-excel-empty-'), 'empty.xlsx')
    const written = await writePackingList({ contributions: [], campaign, out })
    expect(written).toMatchObject({ orders: 0, sheets: 3 })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Pick list', 1],
      ['Orders', 1],
      ['Shipping', 1],
    ])
  })
})

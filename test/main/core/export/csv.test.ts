import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { Cancelled, PerkPackError } from '../../../../src/main/core/system/perkpack-errors'
import { SHIPPER_CSV_COLUMNS, writeShipperCsv } from '../../../../src/main/core/export/csv'
import { readTrackingFile } from '../../../../src/main/core/floor/tracking-file'
import { previewTracking } from '../../../../src/main/core/floor/tracking-import'
import type { ShipperCsvFormat } from '../../../../src/shared/ipc'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import type {
  WireItem as Item,
  WirePerk as Perk,
  WireShipping as Shipping,
} from '../../../../src/simulator/wire'
import { orderLines } from '../../../../src/shared/fulfillment'
import { generateDataset } from '../../../../src/simulator/data'
import { cleanup, tempDir } from '../../../helpers/harness'
import { toModel } from '../../../helpers/model'
import { wirePerk, wireRow } from '../../../helpers/wire-rows'

afterEach(cleanup)

// ---- factory -------------------------------------------------------------------------------

let nextId = 1

function item(code: string, quantity = 1, choices: Record<string, string> = {}): Item {
  return {
    id: nextId++,
    name: `${code} item`,
    quantity,
    sku: {
      id: nextId++,
      code,
      choices: Object.entries(choices).map(([name, value]) => ({ name, value })),
    },
  }
}

const perk = (id: number, items: Item[], shipping = items.length > 0): Perk =>
  wirePerk(id, items, { shipping })

const ADDRESS: Shipping = {
  name: 'Ada Lovelace',
  address: '12 Main St',
  address2: null,
  city: 'Portland',
  state: 'OR',
  zipcode: '02139',
  country: 'US',
  phone_number: '503 555 0100',
}

function contribution(
  perks: Perk[],
  shipping: Partial<Shipping> | null = {},
  email: string | null = 'ada@example.com',
): CampaignContribution {
  const id = nextId++
  return wireRow({
    id,
    createdAt: '2024-05-01T10:15:30-07:00',
    name: 'Ada',
    email,
    orderId: 900_000 + id,
    perks,
    shipping: shipping === null ? null : { ...ADDRESS, ...shipping },
  })
}

// ---- oracle: what each row must say, built from the API fields without the code under test ----

const GENERIC_HEADERS = [
  'order_id',
  'ship_name',
  'ship_address_1',
  'ship_address_2',
  'ship_city',
  'ship_state',
  'ship_zipcode',
  'ship_country',
  'ship_phone',
  'ship_email',
  'product_sku',
  'product_qty',
  'product_name',
  'product_options',
  'order_number',
  'floor_state',
  'carrier',
  'tracking_number',
  // The catalogue's columns (docs/exports.md, "Weights, sizes and customs").
  'parcel_weight_g',
  'parcel_length_cm',
  'parcel_width_cm',
  'parcel_height_cm',
  'product_weight_g',
  'product_hs_code',
  'product_origin_country',
  'product_customs_description',
  'product_customs_value',
  'product_customs_currency',
]

const SHIPSTATION_HEADERS = [
  'Order Number',
  'Order Date',
  'Recipient Full Name',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Postal Code',
  'Country Code',
  'Recipient Phone',
  'Buyer Email',
  'Item SKU',
  'Item Name',
  'Item Options',
  'Item Quantity',
  'Custom Field 1',
  'Custom Field 2',
  'Custom Field 3',
  'Weight (oz)',
  'Length (in)',
  'Width (in)',
  'Height (in)',
  'Item Weight (oz)',
  'Item HS Tariff',
  'Item Country of Origin',
  'Item Customs Description',
  'Item Customs Value',
]

const PIRATESHIP_HEADERS = [
  'Order ID',
  'Name',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Zip Code',
  'Country',
  'Phone',
  'Email',
  'Rubber Stamp 1',
  'Rubber Stamp 2',
  'Weight (oz)',
  'Length (in)',
  'Width (in)',
  'Height (in)',
  'Customs Description',
  'Customs Value',
]

const HEADERS: Record<ShipperCsvFormat, string[]> = {
  generic: GENERIC_HEADERS,
  shipstation: SHIPSTATION_HEADERS,
  pirateship: PIRATESHIP_HEADERS,
}

type Field =
  | 'label'
  | 'items'
  | 'number'
  | 'id'
  | 'date'
  | 'name'
  | 'a1'
  | 'a2'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'phone'
  | 'email'
  | 'sku'
  | 'qty'
  | 'item'
  | 'choices'
  | 'floor'
  | 'carrier'
  | 'tracking'

const FIELDS: Record<ShipperCsvFormat, Field[]> = {
  generic: [
    'id',
    'name',
    'a1',
    'a2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'email',
    'sku',
    'qty',
    'item',
    'choices',
    'number',
    'floor',
    'carrier',
    'tracking',
  ],
  shipstation: [
    'number',
    'date',
    'name',
    'a1',
    'a2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'email',
    'sku',
    'item',
    'choices',
    'qty',
    'id',
    'floor',
    'tracking',
  ],
  pirateship: [
    'number',
    'name',
    'a1',
    'a2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'email',
    'label',
    'items',
  ],
}

/** Raw (not neutralised) cells, one array per line item, in file order. */
function parcelLines(row: CampaignContribution) {
  const perks = row.order.perks.filter((p) => p.shipping_address_required !== false)
  return orderLines({ ...row, order: { ...row.order, perks } })
}

function hasStreet(row: CampaignContribution): boolean {
  const s = row.order.shipping
  return (s?.address ?? '').trim() !== '' || (s?.address2 ?? '').trim() !== ''
}

/** The statuses that ship, written out here rather than read from the code under test. */
const SHIPS: readonly string[] = ['captured', 'in_fulfillment', 'fulfilled']
const ships = (row: CampaignContribution) => SHIPS.includes(row.order.status)

function expectedRows(rows: readonly CampaignContribution[], format: ShipperCsvFormat) {
  const out: string[][] = []
  for (const row of rows) {
    const lines = ships(row) && hasStreet(row) ? parcelLines(row) : []
    const s = row.order.shipping
    const t = (v: string | null | undefined) => (v ?? '').trim()
    // Pirate Ship makes a label per row: one row per order, its lines summed up.
    const items = lines.map((line) => `${line.quantity}x ${line.skuCode}`).join(', ')
    for (const line of format === 'pirateship' ? lines.slice(0, 1) : lines) {
      const values: Record<Field, string> = {
        label: `#${row.order.sequence_number}`,
        items,
        number: String(row.order.sequence_number),
        id: String(row.order.id),
        date: `${row.created_at?.slice(0, 10)} ${row.created_at?.slice(11, 19)}`,
        name: t(s?.name),
        a1: t(s?.address),
        a2: t(s?.address2),
        city: t(s?.city),
        state: t(s?.state),
        zip: t(s?.zipcode),
        country: t(s?.country),
        phone: t(s?.phone_number),
        email: t(row.email),
        sku: line.skuCode,
        qty: String(line.quantity),
        item: line.itemName,
        choices: line.choices.map((c) => `${c.name}: ${c.value}`).join(', '),
        // Written without the floor's record: nothing happened to these orders yet.
        floor: 'Not packed',
        carrier: '',
        tracking: '',
      }
      // No catalogue given: its weight, size and customs columns are empty.
      const catalogue = HEADERS[format].length - FIELDS[format].length
      out.push([
        ...FIELDS[format].map((field) => values[field]),
        ...Array<string>(catalogue).fill(''),
      ])
    }
  }
  return out
}

const DANGEROUS = /^[=+\-@\t\r\n]/
// A plain phone number ("+1 503-555-0100") holds nothing executable and is left as it is.
const PHONE = /^\+[0-9][0-9 ().-]{4,}$/
const risky = (raw: string) => DANGEROUS.test(raw) && !PHONE.test(raw)
const neutralised = (raw: string) => (risky(raw) ? `'${raw}` : raw)
const unneutralised = (cell: string) => (/^'[=+\-@\t\r\n]/.test(cell) ? cell.slice(1) : cell)

function readCsv(file: string): { text: string; bytes: Buffer; records: string[][] } {
  const bytes = fs.readFileSync(file)
  const records = parse(bytes, { bom: true }) as string[][]
  return { bytes, text: bytes.toString('utf8'), records }
}

function datasetRows(): CampaignContribution[] {
  const dataset = generateDataset({ seed: 11, contributions: 120 })
  return toModel([...dataset.contributions.values()].flat())
}

/** The dataset with every order captured: for what the cells hold, whatever the status. */
function capturedRows(): CampaignContribution[] {
  return datasetRows().map((row) => ({ ...row, order: { ...row.order, status: 'captured' } }))
}

// ---- tests ---------------------------------------------------------------------------------

describe('writeShipperCsv', () => {
  it.each(['generic', 'shipstation', 'pirateship'] as const)(
    '%s: parsed back with csv-parse, every cell equals the input (after un-neutralising)',
    async (format) => {
      const rows = datasetRows()
      const out = path.join(tempDir(), `${format}.csv`)
      const result = await writeShipperCsv({ contributions: rows, format, out })
      const { records } = readCsv(out)
      const expected = expectedRows(rows, format)

      expect(records[0]).toEqual(HEADERS[format])
      const data = records.slice(1)
      expect(data).toHaveLength(expected.length)
      expect(data).toEqual(expected.map((cells) => cells.map(neutralised)))
      expect(data.map((cells) => cells.map(unneutralised))).toEqual(expected)

      const shipping = rows.filter((r) => expectedRows([r], format).length > 0)
      const stopped = rows.filter((r) => !ships(r))
      const noAddress = rows.filter((r) => ships(r) && parcelLines(r).length > 0 && !hasStreet(r))
      expect(result).toEqual({
        rows: expected.length,
        orders: shipping.length,
        stoppedOrders: stopped.length,
        skippedOrders: rows.length - shipping.length - stopped.length - noAddress.length,
        noAddressOrders: noAddress.length,
        path: out,
      })
      // The dataset holds digital-only orders and refunded, pending and on-hold ones: they are
      // left out, and counted.
      expect(result.skippedOrders).toBeGreaterThan(0)
      expect(result.stoppedOrders).toBeGreaterThan(0)
    },
  )

  it("neutralises the dataset's formula-like values exactly, and keeps quotes, commas and scripts", async () => {
    const rows = capturedRows()
    const out = path.join(tempDir(), 'generic.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    const { text, records } = readCsv(out)
    const col = (header: string) => GENERIC_HEADERS.indexOf(header)
    const cells = (header: string) => records.slice(1).map((r) => r[col(header)])

    expect(cells('ship_name')).toContain(`'=HYPERLINK("http://x","y")`)
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(cells('ship_phone')).toContain('+1 503-555-0100')
    expect(cells('ship_address_1')).toContain(`'-Dash Co, 14 Mill Lane`)
    expect(text).toContain(`"'-Dash Co, 14 Mill Lane"`)
    expect(cells('ship_city')).toContain(`'=cmd|' /C calc'!A0`)
    // Nothing dangerous is left at the start of any cell.
    for (const record of records.slice(1))
      for (const cell of record) expect(risky(cell), cell).toBe(false)

    expect(cells('ship_address_1')).toContain('"The Old Rectory", Church Lane')
    expect(text).toContain('"""The Old Rectory"", Church Lane"')
    expect(cells('ship_address_2')).toContain('Hinterhaus, 3. OG')
    expect(cells('ship_name')).toEqual(
      expect.arrayContaining(['山田 太郎', '김민준', 'Lena 🌻 Becker']),
    )
    expect(cells('ship_address_2')).toContain('サンハイツ 305号室')
    // Leading zeros survive: a CSV has no number types, only the text we wrote.
    expect(cells('ship_zipcode')).toEqual(expect.arrayContaining(['02139', '0800', '01310-100']))
  })

  it('neutralises @ and -, and round-trips line breaks, quotes and commas inside cells', async () => {
    const rows = [
      contribution([perk(1, [item('TEE', 1, { Size: 'M' })])], {
        name: '@maplefan',
        address: '\tTabbed Road 1',
        address2: 'Building "B",\r\nfloor 2\nrear door',
        city: '\nNewline City',
        state: '\rState',
        phone_number: '-',
      }),
    ]
    const out = path.join(tempDir(), 'x.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    const { records } = readCsv(out)
    expect(records).toHaveLength(2)
    const [record] = records.slice(1)
    const at = (header: string) => record?.[GENERIC_HEADERS.indexOf(header)]
    expect(at('ship_name')).toBe(`'@maplefan`)
    // Values are trimmed first, as every export shows them: only interior whitespace is kept.
    expect(at('ship_address_1')).toBe('Tabbed Road 1')
    // Line breaks inside an address field become spaces, as the label prints it; the quotes
    // and commas survive the CSV quoting.
    expect(at('ship_address_2')).toBe('Building "B", floor 2 rear door')
    expect(at('ship_city')).toBe('Newline City')
    expect(at('ship_phone')).toBe(`'-`)
    expect(at('product_options')).toBe('Size: M')
  })

  it('neutralises a leading tab, CR or LF (item names are written untrimmed) and = + in SKUs and options', async () => {
    const formula = item('=SUM(A1)', 1, { '+Colour': '-red' })
    formula.name = '\tTabbed tool'
    const newline = item('@PIN', 2)
    newline.name = '\r\nPin on a new line'
    const out = path.join(tempDir(), 'x.csv')
    await writeShipperCsv({
      contributions: [contribution([perk(1, [formula, newline])])],
      format: 'shipstation',
      out,
    })
    const records = readCsv(out).records.slice(1)
    const at = (header: string) => records.map((r) => r[SHIPSTATION_HEADERS.indexOf(header)])
    expect(at('Item SKU')).toEqual([`'=SUM(A1)`, `'@PIN`])
    expect(at('Item Name')).toEqual([`'\tTabbed tool`, `'\r\nPin on a new line`])
    expect(at('Item Options')).toEqual([`'+Colour: -red`, ''])
    expect(at('Item Quantity')).toEqual(['1', '2'])
  })

  it('writes UTF-8 with a BOM, CRLF record ends and a header row', async () => {
    const rows = [
      contribution([perk(1, [item('MUG')])], { name: 'Jürgen Müller', country: 'DE' }),
      contribution([perk(2, [item('TEE', 1, { Size: 'L' })])], { name: '王伟' }),
    ]
    const out = path.join(tempDir(), 'x.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    const bytes = fs.readFileSync(out)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.split('\r\n')[0]).toBe(GENERIC_HEADERS.map((header) => `"${header}"`).join(','))
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(text.split('\r\n')).toHaveLength(4)
    expect(text).toContain('Jürgen Müller')
    expect(text).toContain('王伟')
  })

  it('quotes every field, so Excel where the list separator is ; (much of Europe) keeps each cell whole', async () => {
    const rows = [
      contribution([perk(1, [item('MUG')])], {
        name: 'Ada;=HYPERLINK("http://x","y")',
        address: '14 Mill Lane; @SUM(A1)',
      }),
    ]
    const out = path.join(tempDir(), 'semicolon.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    // Split as Excel splits in a `;` locale: at every `;` outside double quotes.
    const cells = fs
      .readFileSync(out, 'utf8')
      .split('\r\n')
      .flatMap((line) => line.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(1))
    expect(cells.filter((cell) => /^\s*[=+\-@]/.test(cell))).toEqual([])
    // Every field quoted, the empty ones and the quantity too.
    const line = fs.readFileSync(out, 'utf8').split('\r\n')[1]!
    expect(line).toMatch(/^"[^"]*"(,"(?:[^"]|"")*")+$/)
  })

  it('has the ShipStation headers, one row per line item with the order number repeated', async () => {
    const rows = [contribution([perk(1, [item('MUG'), item('TEE', 1, { Size: 'M' })])])]
    const out = path.join(tempDir(), 'x.csv')
    await writeShipperCsv({ contributions: rows, format: 'shipstation', out })
    const { records } = readCsv(out)
    expect(records[0]).toEqual(SHIPSTATION_HEADERS)
    expect(SHIPPER_CSV_COLUMNS.shipstation.map((c) => c.header)).toEqual(SHIPSTATION_HEADERS)
    expect(SHIPPER_CSV_COLUMNS.generic.map((c) => c.header)).toEqual(GENERIC_HEADERS)
    const seq = String(rows[0]!.order.sequence_number)
    expect(records.slice(1).map((r) => [r[0], r[1], r[11], r[14]])).toEqual([
      [seq, '2024-05-01 10:15:30', 'MUG', '1'],
      [seq, '2024-05-01 10:15:30', 'TEE', '1'],
    ])
  })

  it("Pirate Ship: one row per order, its lines on the label's rubber stamp, its Order ID read back by tracking import", async () => {
    const row = contribution([
      perk(1, [item('MUG'), item('TEE', 1, { Size: 'M' })]),
      perk(2, [item('TEE', 1, { Size: 'M' }), item('PIN', 3)]),
    ])
    const out = path.join(tempDir(), 'pirate.csv')
    const result = await writeShipperCsv({ contributions: [row], format: 'pirateship', out })
    const { records } = readCsv(out)
    const seq = String(row.order.sequence_number)
    expect(records[0]).toEqual(PIRATESHIP_HEADERS)
    expect(records.slice(1).map((r) => [r[0], r[10], r[11]])).toEqual([
      [seq, `#${seq}`, '1x MUG, 3x PIN, 2x TEE'],
    ])
    expect(result).toMatchObject({ rows: 1, orders: 1 })
    // Its shipment export carries the Order ID back with the tracking number.
    const shipped = readTrackingFile(
      `Order ID,Tracking Number,Service\n${records[1]![0]},9400111899223856728493,USPS Ground Advantage\n`,
      'pirate-export.csv',
    )
    expect(shipped.format).toBe('pirateship')
    expect(previewTracking(shipped, [row], new Map()).held).toEqual([
      expect.objectContaining({ orderId: row.order.id, carrier: 'USPS' }),
    ])
  })

  describe('line items', () => {
    async function generic(rows: CampaignContribution[]) {
      const out = path.join(tempDir(), 'x.csv')
      const result = await writeShipperCsv({ contributions: rows, format: 'generic', out })
      const records = readCsv(out).records.slice(1)
      const col = (h: string) => GENERIC_HEADERS.indexOf(h)
      return {
        result,
        lines: records.map((r) => [
          r[col('order_number')],
          r[col('product_sku')],
          r[col('product_options')],
          r[col('product_qty')],
        ]),
      }
    }

    it('a bundle item of quantity 2 is one row of quantity 2', async () => {
      const row = contribution([perk(1, [item('TEE', 2, { Size: 'M' })])])
      const { lines } = await generic([row])
      expect(lines).toEqual([[String(row.order.sequence_number), 'TEE', 'Size: M', '2']])
    })

    it('two perks give rows for each item; one variant in both perks is merged', async () => {
      const row = contribution([
        perk(1, [item('MUG'), item('TEE', 1, { Size: 'M' })]),
        perk(2, [item('TEE', 1, { Size: 'M' }), item('TEE', 1, { Size: 'L' }), item('PIN', 3)]),
      ])
      const seq = String(row.order.sequence_number)
      const { lines, result } = await generic([row])
      expect(lines).toEqual([
        [seq, 'MUG', '', '1'],
        [seq, 'PIN', '', '3'],
        [seq, 'TEE', 'Size: L', '1'],
        [seq, 'TEE', 'Size: M', '2'],
      ])
      expect(result).toMatchObject({ rows: 4, orders: 1, skippedOrders: 0 })
    })

    it('a digital perk gives no row; an order with nothing to ship is left out and counted', async () => {
      const mixed = contribution([perk(1, [item('MUG')]), perk(2, [])])
      const digitalOnly = contribution([perk(2, [])], null)
      const noPerk = contribution([], null)
      // Items of a perk that needs no address (a download code) are not the shipper's business.
      const downloadCode = contribution([perk(3, [item('DL-CODE')], false)], null)
      const { lines, result } = await generic([digitalOnly, mixed, noPerk, downloadCode])
      expect(lines).toEqual([[String(mixed.order.sequence_number), 'MUG', '', '1']])
      expect(result).toMatchObject({ rows: 1, orders: 1, skippedOrders: 3 })
    })

    it('an item PerkPack cannot read is a row that says so; an order holding only one ships', async () => {
      const pin = { ...item('PIN'), name: 'Enamel pin', sku: null } as unknown as Item
      const noQuantity = { ...item('STK') } as Partial<Item>
      delete noQuantity.quantity
      const mixed = contribution([perk(1, [item('MUG'), pin, noQuantity as Item])])
      const onlyPin = contribution([perk(2, [pin])])
      const { lines, result } = await generic([mixed, onlyPin])
      const nameAt = SHIPPER_CSV_COLUMNS.generic.findIndex((column) => column.key === 'itemName')
      const named = readCsv(result.path!)
        .records.slice(1)
        .map((r) => r[nameAt])
      expect(lines).toEqual([
        [String(mixed.order.sequence_number), 'MUG', '', '1'],
        [String(mixed.order.sequence_number), '', '', '1'],
        [String(mixed.order.sequence_number), 'STK', '', '1'],
        [String(onlyPin.order.sequence_number), '', '', '1'],
      ])
      expect(named.slice(1)).toEqual([
        'Enamel pin (no SKU: check by hand)',
        'STK item (no quantity: check by hand)',
        'Enamel pin (no SKU: check by hand)',
      ])
      expect(result).toMatchObject({ rows: 4, orders: 2, skippedOrders: 0 })
    })

    it('an order with something to ship but no address is left out and counted, as labels and slips do', async () => {
      const row = contribution([perk(1, [item('MUG')])], null, null)
      const out = path.join(tempDir(), 'x.csv')
      const result = await writeShipperCsv({ contributions: [row], format: 'generic', out })
      expect(readCsv(out).records).toHaveLength(1)
      expect(result).toMatchObject({ rows: 0, orders: 0, skippedOrders: 0, noAddressOrders: 1 })
    })
  })

  it('normalises country names to ISO 3166-1 alpha-2 codes, keeping what it cannot read', async () => {
    const countries = [
      'United States',
      'Deutschland',
      'uk',
      'Japan',
      "Côte d'Ivoire",
      'Narnia',
      'fr',
    ]
    const rows = countries.map((country) => contribution([perk(1, [item('MUG')])], { country }))
    const out = path.join(tempDir(), 'x.csv')
    await writeShipperCsv({ contributions: rows, format: 'shipstation', out })
    const codes = readCsv(out)
      .records.slice(1)
      .map((r) => r[SHIPSTATION_HEADERS.indexOf('Country Code')])
    expect(codes).toEqual(['US', 'DE', 'GB', 'JP', 'CI', 'Narnia', 'FR'])
  })

  it('writes to a stream it does not own: not ended, path null', async () => {
    const stream = new PassThrough()
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    const result = await writeShipperCsv({
      contributions: [contribution([perk(1, [item('MUG')])])],
      format: 'generic',
      out: stream,
    })
    expect(result).toMatchObject({ rows: 1, orders: 1, path: null })
    expect(stream.writableEnded).toBe(false)
    const records = parse(Buffer.concat(chunks), { bom: true }) as string[][]
    expect(records[0]).toEqual(GENERIC_HEADERS)
    expect(records).toHaveLength(2)
  })

  describe('no half file', () => {
    function manyRows(): CampaignContribution[] {
      const one = contribution([perk(1, [item('MUG'), item('TEE', 2, { Size: 'M' })])])
      return Array.from({ length: 200_000 }, () => one)
    }

    it('cancelled mid-write: rejects with Cancelled, leaves no temp file and the old file as it was', async () => {
      const dir = tempDir()
      const out = path.join(dir, 'orders.csv')
      fs.writeFileSync(out, 'previous export')
      const controller = new AbortController()
      const writing = writeShipperCsv({
        contributions: manyRows(),
        format: 'generic',
        out,
        signal: controller.signal,
      })
      const outcome = writing.then(
        () => 'finished',
        (error: unknown) => error,
      )
      // Abort once the temporary file exists and has data in it, i.e. truly mid-write.
      let sawTemp = false
      while (!sawTemp) {
        await new Promise((resolve) => setImmediate(resolve))
        const temp = fs.readdirSync(dir).find((name) => name.endsWith('.tmp'))
        sawTemp = temp !== undefined && fs.statSync(path.join(dir, temp)).size > 0
      }
      controller.abort()
      const error = await outcome
      expect(error).toBeInstanceOf(Cancelled)
      expect(fs.readdirSync(dir)).toEqual(['orders.csv'])
      expect(fs.readFileSync(out, 'utf8')).toBe('previous export')
    })

    it('an already-aborted signal writes nothing', async () => {
      const dir = tempDir()
      const controller = new AbortController()
      controller.abort()
      await expect(
        writeShipperCsv({
          contributions: manyRows(),
          format: 'generic',
          out: path.join(dir, 'orders.csv'),
          signal: controller.signal,
        }),
      ).rejects.toBeInstanceOf(Cancelled)
      expect(fs.readdirSync(dir)).toEqual([])
    })

    it('a failure part way through leaves no temp file and the old file as it was', async () => {
      const dir = tempDir()
      const out = path.join(dir, 'orders.csv')
      fs.writeFileSync(out, 'previous export')
      const broken = { ...contribution([]), order: null } as unknown as CampaignContribution
      const rows = [...manyRows().slice(0, 5000), broken]
      await expect(
        writeShipperCsv({ contributions: rows, format: 'generic', out }),
      ).rejects.toThrow(TypeError)
      expect(fs.readdirSync(dir)).toEqual(['orders.csv'])
      expect(fs.readFileSync(out, 'utf8')).toBe('previous export')
    })

    it('a folder that does not exist is a clear error naming the path', async () => {
      const out = path.join(tempDir(), 'missing', 'orders.csv')
      const error = await writeShipperCsv({
        contributions: [contribution([perk(1, [item('MUG')])])],
        format: 'generic',
        out,
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PerkPackError)
      expect((error as PerkPackError).message).toBe(
        `Could not save ${out}: the folder ${path.dirname(out)} does not exist. Create it or choose another folder, then try again.`,
      )
    })
  })
})

import { Writable } from 'node:stream'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OrdersDesk } from '../../src/main/orders/orders-desk'
import { openCache } from '../../src/main/core/cache'
import type { OfflineCache } from '../../src/main/core/cache'
import { writeShipperCsv } from '../../src/main/core/export/csv'
import { writePackingList } from '../../src/main/core/export/excel'
import { renderLabels, renderPackingSlips } from '../../src/main/core/print'
import { cacheProfile } from '../../src/main/core/session/profile'
import { addressParts } from '../../src/shared/address'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import campaignPage from '../fixtures/api/campaign-contributions.json'
import { cleanup, tempDir } from '../helpers/harness'
import { asReceived, toModel } from '../helpers/model'

// One order has one address: the drawer, the label, the slip, the shipper CSV and the Excel
// packing list must print the same lines and the same fields for it, whatever the country and
// whatever parts the API sent, left out or null. Held against each other, not each against itself.

const SENDER = 'US'
const LOCALE = 'en'
const CAMPAIGN_ID = 4242

type ShippingDrift = Record<string, string | null | undefined>
const template = campaignPage.response[0] as unknown as Record<string, unknown>

const ADDRESSES: [string, ShippingDrift][] = [
  ['domestic US', { country: 'US', state: 'OR', city: 'Portland', zipcode: '97214' }],
  [
    'France with its region',
    {
      country: 'FR',
      city: 'Paris',
      zipcode: '75012',
      state: 'Île-de-France',
      address: '12 Rue de Lyon',
    },
  ],
  [
    'Germany by name, state null',
    {
      country: 'Deutschland',
      city: 'Berlin',
      zipcode: '10435',
      state: null,
      address: 'Schönhauser Allee 12',
    },
  ],
  [
    '"UK", address2 and spaces',
    { country: 'UK', address2: '  Flat  3 ', city: 'London', zipcode: 'SW1Y 4JH' },
  ],
  [
    'Japan',
    {
      name: '山田 太郎',
      country: 'JP',
      state: '東京都',
      city: '千代田区',
      zipcode: '100-0001',
      address: '千代田1-1',
    },
  ],
  [
    'Canada, address2 absent',
    { country: 'CA', state: 'BC', city: 'Vancouver', zipcode: 'V6Z 1L4', address2: undefined },
  ],
  ['no postal code, blank state', { country: 'IE', city: 'Cork', zipcode: null, state: '  ' }],
  [
    'no country (domestic)',
    { country: undefined, state: 'NY', city: 'New York', zipcode: '10001' },
  ],
  [
    'line break inside a field',
    {
      country: 'NL',
      address: 'Keizersgracht\n123',
      city: 'Amsterdam',
      zipcode: '1015 CJ',
      state: null,
    },
  ],
  [
    'unknown country text',
    { country: 'Atlantis', city: 'Poseidonia', zipcode: '12345', state: undefined },
  ],
]

function rowWith(n: number, change: ShippingDrift): unknown {
  const raw = structuredClone(template) as Record<string, unknown> & {
    order: Record<string, unknown>
  }
  raw.id = 700_000 + n
  raw.order = { ...raw.order, id: 800_000 + n, sequence_number: n + 1 }
  const shipping = { ...(raw.order.shipping as ShippingDrift) }
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete shipping[key]
    else shipping[key] = value
  }
  raw.order.shipping = shipping
  return raw
}

const ROWS: CampaignContribution[] = toModel(ADDRESSES.map(([, change], n) => rowWith(n, change)))
const CASES = ADDRESSES.map(([name], n) => ({ name, row: ROWS[n] as CampaignContribution }))

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

function lineTexts(html: string): string[] {
  return [...html.matchAll(/<div class="l"[^>]*>([^<]*)<\/div>/g)].map((m) => decode(m[1] ?? ''))
}

function labelLines(row: CampaignContribution): string[] {
  const result = renderLabels([row], { layout: 'avery5160', senderCountry: SENDER, locale: LOCALE })
  return lineTexts(result.html)
}

function slipLines(row: CampaignContribution): string[] {
  const result = renderPackingSlips([row], {
    paper: 'letter',
    campaignTitle: 'T',
    senderCountry: SENDER,
    locale: LOCALE,
  })
  const shipTo = /<div class="shipto"[^>]*>([\s\S]*?)<div class="backer"/.exec(result.html)?.[1]
  return lineTexts(shipTo ?? '')
}

let cache: OfflineCache
let desk: OrdersDesk
const csvRecords = new Map<string, Record<string, string>>()
const excelRows = new Map<string, Record<string, string>>()

beforeAll(async () => {
  cache = openCache({ dataDir: tempDir(), profile: cacheProfile('http://127.0.0.1:9') })
  const writer = cache.beginSnapshot(CAMPAIGN_ID)
  writer.add(asReceived(ROWS))
  writer.commit({ expectedCount: ROWS.length, privileged: true })
  desk = new OrdersDesk(
    () => cache,
    LOCALE,
    () => SENDER,
  )
  desk.open(CAMPAIGN_ID)

  let text = ''
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8')
      done()
    },
  })
  await writeShipperCsv({ contributions: ROWS, format: 'generic', out })
  const [header = [], ...records] = parseCsv(text.replace(/^\uFEFF/, ''))
  for (const record of records) {
    const byHeader = Object.fromEntries(header.map((h, i) => [h, record[i] ?? '']))
    csvRecords.set(byHeader['order_id'] ?? '', byHeader)
  }

  const file = path.join(tempDir(), 'agree.xlsx')
  await writePackingList({
    contributions: ROWS,
    campaign: {
      id: CAMPAIGN_ID,
      title: null,
      lastSyncedAt: '2026-03-01T00:00:00Z',
      privileged: true,
    },
    out: file,
    checks: [],
  })
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  const sheet = workbook.getWorksheet('Orders')
  // ExcelJS rows are sparse and 1-based; Array.from fills the holes.
  const headers = Array.from(sheet?.getRow(1).values as unknown[], (v) => String(v ?? ''))
  sheet?.eachRow((row, at) => {
    if (at === 1) return
    const values = Array.from(row.values as unknown[])
    const byHeader = Object.fromEntries(headers.map((h, i) => [h, String(values[i] ?? '')]))
    excelRows.set(byHeader['Order ID'] ?? '', byHeader)
  })
})

afterAll(() => {
  cache?.close()
  cleanup()
})

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (ch === '"') {
      quoted = !quoted
    } else if (!quoted && ch === ',') {
      record.push(field)
      field = ''
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else {
      field += ch
    }
  }
  return records
}

describe('one address, the same everywhere', () => {
  it.each(CASES)('$name: drawer, label and slip print the same lines', ({ row }) => {
    const drawer = desk.detail(CAMPAIGN_ID, row.id).addressLines
    expect(drawer.length).toBeGreaterThanOrEqual(3)
    expect(labelLines(row)).toEqual(drawer)
    expect(slipLines(row)).toEqual(drawer)
  })

  it.each(CASES)(
    '$name: CSV columns and Excel cells hold the fields the lines print',
    ({ row }) => {
      const parts = addressParts(row.order.shipping)
      const csv = csvRecords.get(String(row.order.id))
      const excel = excelRows.get(String(row.order.id))
      expect(csv).toMatchObject({
        ship_name: parts.name,
        ship_address_1: parts.address1,
        ship_address_2: parts.address2,
        ship_city: parts.city,
        ship_state: parts.state,
        ship_zipcode: parts.postalCode,
        ship_country: parts.countryCode,
      })
      expect(excel).toMatchObject({
        'Ship to': parts.name,
        'Address line 1': parts.address1,
        'Address line 2': parts.address2,
        City: parts.city,
        'State / region': parts.state,
        'Postal code': parts.postalCode,
        Country: parts.country,
      })
      // Every field the columns hold is on the label: nothing printed differs from the file.
      const printed = desk.detail(CAMPAIGN_ID, row.id).addressLines.join('\n')
      for (const value of [
        parts.name,
        parts.address1,
        parts.address2,
        parts.city,
        parts.postalCode,
      ]) {
        expect(printed).toContain(value)
      }
    },
  )
})

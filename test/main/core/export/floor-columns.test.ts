import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { writeShipperCsv } from '../../../../src/main/core/export/csv'
import { writePackingList } from '../../../../src/main/core/export/excel'
import { blankFloorState } from '../../../../src/shared/floor/order-state'
import type { OrderFloorState } from '../../../../src/shared/floor/order-state'
import { cleanup, tempDir } from '../../../helpers/harness'
import { makeContributions } from '../../fixtures/contributions'

// The packing floor in the files: the Excel Orders sheet and the shipper CSV say where each
// order stands, and tracking numbers stay text a spreadsheet cannot shorten.

afterAll(cleanup)

const rows = makeContributions(4)
const LONG = '9400111899223856728493'
const floor = new Map<number, OrderFloorState>([
  [
    rows[0]!.order.id,
    {
      ...blankFloorState(rows[0]!.order.id),
      packedAt: '2026-11-20T10:42:00.000Z',
      station: 'Desk B',
      carrier: 'USPS',
      trackingNumbers: [LONG, '0012'],
    },
  ],
])

describe('floor columns in the files', () => {
  it('Excel: the Floor, Packed by and Tracking number cells, tracking numbers as text', async () => {
    const out = path.join(tempDir('perkpack-floor-xlsx-'), 'list.xlsx')
    await writePackingList({
      contributions: rows,
      campaign: {
        id: 7001,
        title: 'Tidepool',
        lastSyncedAt: '2026-11-20T00:00:00Z',
        privileged: true,
      },
      out,
      floor,
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    const sheet = book.getWorksheet('Orders')!
    const headers = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (r: number, header: string) => sheet.getRow(r).getCell(headers.indexOf(header) + 1)
    const byOrder = new Map<string, number>()
    sheet.eachRow((row, n) => {
      if (n > 1) byOrder.set(String(row.getCell(headers.indexOf('Order ID') + 1).value), n)
    })
    const packed = byOrder.get(String(rows[0]!.order.id))!
    expect(cell(packed, 'Floor').value).toBe('Shipped')
    expect(cell(packed, 'Packed by').value).toBe('Desk B')
    expect(cell(packed, 'Tracking number').value).toBe(`${LONG}, 0012`)
    expect(cell(packed, 'Tracking number').type).toBe(ExcelJS.ValueType.String)
    expect(cell(byOrder.get(String(rows[1]!.order.id))!, 'Floor').value).toBe('Not packed')
  })

  it('Excel: "Packed at" is a date cell in the desk\'s time zone, to the minute, named in its header', async () => {
    const packedAt = async (timeZone: string) => {
      const out = path.join(tempDir('perkpack-floor-time-'), 'list.xlsx')
      const stamped = new Map([
        [
          rows[0]!.order.id,
          { ...floor.get(rows[0]!.order.id)!, packedAt: '2026-11-25T09:21:57.629Z' },
        ],
      ])
      await writePackingList({
        contributions: rows,
        campaign: { id: 7001, title: 'T', lastSyncedAt: '2026-11-20T00:00:00Z', privileged: true },
        out,
        floor: stamped,
        timeZone,
      })
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(out)
      const sheet = book.getWorksheet('Orders')!
      const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
      const column = headers.findIndex((h) => h.startsWith('Packed at')) + 1
      const ids = sheet.getColumn(headers.indexOf('Order ID') + 1).values as unknown[]
      const cell = sheet.getRow(ids.indexOf(String(rows[0]!.order.id))).getCell(column)
      return {
        header: headers[column - 1],
        type: cell.type,
        value: cell.value,
        numFmt: cell.numFmt,
      }
    }
    // Excel dates are wall-clock times: read back as UTC fields, they are what the cell shows.
    expect(await packedAt('Europe/Berlin')).toEqual({
      header: 'Packed at (Europe/Berlin)',
      type: ExcelJS.ValueType.Date,
      value: new Date('2026-11-25T10:21:00Z'),
      numFmt: 'yyyy-mm-dd hh:mm',
    })
    expect(await packedAt('America/New_York')).toMatchObject({
      header: 'Packed at (America/New_York)',
      value: new Date('2026-11-25T04:21:00Z'),
    })
  })

  it('shipper CSV: floor state, carrier and every tracking number of the order', async () => {
    const out = path.join(tempDir('perkpack-floor-csv-'), 'ship.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out, floor })
    const records = parse(fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[]
    const mine = records.filter((r) => r['order_id'] === String(rows[0]!.order.id))
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.map((r) => [r.floor_state, r.carrier, r.tracking_number])).toEqual(
      mine.map(() => ['Shipped', 'USPS', `${LONG} 0012`]),
    )
  })
})

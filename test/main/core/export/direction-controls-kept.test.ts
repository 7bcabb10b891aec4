import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { writeShipperCsv } from '../../../../src/main/core/export/csv'
import { writePackingList } from '../../../../src/main/core/export/excel'
import { cleanup, tempDir } from '../../../helpers/harness'
import { order, shipping } from '../../../helpers/print-fixtures'

// Hidden direction controls are the backer's data: the printed documents leave them out
// (test/main/core/print/direction-controls.test.ts), the CSV and the workbook keep every
// character as it came.

afterAll(cleanup)

const NAME = '\u202eEvil Name'
const CITY = 'Portland\u2067'
const rows = [order(41, shipping({ name: NAME, address: '12 \u202aMain\u202c St', city: CITY }))]

describe('direction controls in the files a machine reads', () => {
  it('the shipper CSV keeps them', async () => {
    const out = path.join(tempDir(), 'ship.csv')
    await writeShipperCsv({ contributions: rows, format: 'generic', out })
    const text = fs.readFileSync(out, 'utf8')
    expect(text).toContain(`"${NAME}","12 \u202aMain\u202c St","","${CITY}",`)
  })

  it('the Excel packing list keeps them', async () => {
    const out = path.join(tempDir(), 'packing.xlsx')
    const campaign = {
      id: 1,
      title: 'Tidepool',
      lastSyncedAt: '2026-03-01T10:15:00.000Z',
      privileged: true,
    }
    await writePackingList({ contributions: rows, campaign, out })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    const cells: string[] = []
    book
      .getWorksheet('Orders')!
      .eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.value))))
    expect(cells).toEqual(expect.arrayContaining([NAME, CITY, '12 \u202aMain\u202c St']))
  })
})

import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { writePackingList } from '../../../../src/main/core/export/excel'
import { cleanup, tempDir } from '../../../helpers/harness'
import { CATALOG, order, perk } from '../../../shared/catalog/catalog-fixtures'

afterAll(cleanup)

const campaign = {
  id: 7,
  title: 'Tidepool',
  lastSyncedAt: '2026-05-01T10:00:00.000Z',
  privileged: true,
}

async function book(withCatalog: boolean) {
  const home = order([perk(3, 25, [{ sku: 'TEE', quantity: 1 }])], 'US')
  // The tee and mug of parcel.test.ts, to Canada: 830 g in Box L, 38.50 declared.
  const abroad = order(
    [
      perk(1, 60, [
        { sku: 'TEE', quantity: 1, choices: [{ name: 'Size', value: 'M' }] },
        { sku: 'MUG', quantity: 1 },
      ]),
    ],
    'CA',
  )
  const out = path.join(tempDir('perkpack-excel-catalog-'), 'list.xlsx')
  await writePackingList({
    contributions: [home, abroad],
    campaign,
    out,
    now: new Date('2026-05-02T00:00:00Z'),
    ...(withCatalog ? { catalog: { catalog: CATALOG, currency: 'USD', senderCountry: 'US' } } : {}),
  })
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(out)
  return { workbook, home, abroad }
}

const values = (sheet: ExcelJS.Worksheet, row: number) =>
  (sheet.getRow(row).values as unknown[]).slice(1)

describe('the packing list with a catalogue', () => {
  it('has a Parcels sheet with the weight, size, box and value of each order', async () => {
    const { workbook, home, abroad } = await book(true)
    const sheet = workbook.getWorksheet('Parcels')!
    // Mailer: tee 180 + 40 = 220 g, 35 x 25 x 3.
    expect(values(sheet, 2)).toEqual([
      `#${home.order.sequence_number}`,
      String(home.order.id),
      220,
      35,
      25,
      3,
      1,
      'Mailer',
      25,
      'USD',
    ])
    expect(values(sheet, 3)).toEqual([
      `#${abroad.order.sequence_number}`,
      String(abroad.order.id),
      830,
      40,
      30,
      20,
      1,
      'Box L',
      38.5,
      'USD',
    ])
  })

  it('has a Customs sheet of the lines leaving the customs area, HS codes as text', async () => {
    const { workbook } = await book(true)
    const sheet = workbook.getWorksheet('Customs')!
    expect(sheet.rowCount).toBe(3)
    expect(values(sheet, 2).slice(1)).toEqual([
      'CA',
      'TEE',
      'Cotton T-shirt',
      '610910',
      'PT',
      1,
      180,
      30,
      'USD',
    ])
    expect(sheet.getRow(2).getCell(5).type).toBe(ExcelJS.ValueType.String)
  })

  it('has neither sheet without a catalogue', async () => {
    const { workbook } = await book(false)
    expect(workbook.getWorksheet('Parcels')).toBeUndefined()
    expect(workbook.getWorksheet('Customs')).toBeUndefined()
  })
})

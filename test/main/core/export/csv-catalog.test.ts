import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, describe, expect, it } from 'vitest'
import { SHIPPER_CSV_COLUMNS, writeShipperCsv } from '../../../../src/main/core/export/csv'
import type { ShipperCsvFormat } from '../../../../src/shared/ipc'
import { cleanup, tempDir } from '../../../helpers/harness'
import { CATALOG, order, perk } from '../../../shared/catalog/catalog-fixtures'

afterAll(cleanup)

// A tee (size M) and a mug to Canada; parcel.test.ts works its figures out by hand:
// 830 g in Box L (40 x 30 x 20 cm), the tee declared at 30 (60 / 2 units), the mug at 8.50.
const teeAndMug = () =>
  order(
    [
      perk(1, 60, [
        { sku: 'TEE', quantity: 1, choices: [{ name: 'Size', value: 'M' }] },
        { sku: 'MUG', quantity: 1 },
      ]),
    ],
    'CA',
  )

async function written(format: ShipperCsvFormat): Promise<Record<string, string>[]> {
  const out = path.join(tempDir('perkpack-csv-catalog-'), 'ship.csv')
  await writeShipperCsv({ contributions: [teeAndMug()], format, out, catalog: CATALOG })
  return parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<string, string>[]
}

describe('shipper CSV: weights, sizes and customs from the catalogue', () => {
  it('generic: grams and centimetres, the customs data per line', async () => {
    const rows = await written('generic')
    expect(rows.map((r) => [r.product_sku, r.parcel_weight_g, r.parcel_length_cm])).toEqual([
      ['MUG', '830', '40'],
      ['TEE', '830', '40'],
    ])
    expect(
      rows.map((r) => [
        r.product_weight_g,
        r.product_hs_code,
        r.product_origin_country,
        r.product_customs_description,
        r.product_customs_value,
        r.product_customs_currency,
      ]),
    ).toEqual([
      ['350', '691200', 'CN', 'Ceramic mug', '8.5', 'USD'],
      ['180', '610910', 'PT', 'Cotton T-shirt', '30', 'USD'],
    ])
  })

  it('shipstation: ounces and inches', async () => {
    const rows = await written('shipstation')
    // 830 g / 28.3495 = 29.28 oz; 40, 30, 20 cm / 2.54 = 15.75, 11.81, 7.87 in; tee 180 g = 6.35 oz.
    expect(rows.find((r) => r['Item SKU'] === 'TEE')).toMatchObject({
      'Weight (oz)': '29.28',
      'Length (in)': '15.75',
      'Width (in)': '11.81',
      'Height (in)': '7.87',
      'Item Weight (oz)': '6.35',
      'Item HS Tariff': '610910',
      'Item Country of Origin': 'PT',
      'Item Customs Value': '30',
    })
  })

  it('pirateship: one row, the contents and the order value for the customs form', async () => {
    const rows = await written('pirateship')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      'Weight (oz)': '29.28',
      'Customs Description': '1x Cotton T-shirt, 1x Ceramic mug',
      'Customs Value': '38.5',
    })
  })
})

describe('shipper CSV columns and docs/exports.md', () => {
  // docs/exports.md lists each format's columns in a fenced block under its heading; the
  // file is what people check an import against, so it must name every column, in order.
  const docs = fs.readFileSync(path.join(__dirname, '../../../../docs/exports.md'), 'utf8')
  it.each(['generic', 'shipstation', 'pirateship'] as const)(
    '%s: the documented header is the written one',
    (format) => {
      const block = new RegExp(`<!-- columns:${format} -->\\s*\`\`\`text\\n([^\`]*)\`\`\``).exec(
        docs,
      )
      expect(block?.[1]?.trim().split('\n')).toEqual(
        SHIPPER_CSV_COLUMNS[format].map((column) => column.header),
      )
    },
  )
})

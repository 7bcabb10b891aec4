import { describe, expect, it } from 'vitest'
import {
  CATALOG_CSV_COLUMNS,
  catalogProblemText,
  readCatalogCsv,
  writeCatalogCsv,
} from '../../../src/shared/catalog'
import { CATALOG } from './catalog-fixtures'

describe('writeCatalogCsv / readCatalogCsv', () => {
  it('reads back what it wrote', () => {
    const read = readCatalogCsv(writeCatalogCsv(CATALOG))
    expect(read.problems).toEqual([])
    expect(read.items).toEqual(CATALOG.items)
    expect(read.packaging).toEqual(CATALOG.packaging)
  })

  it('writes a BOM, CRLF, quoted fields and its own header', () => {
    const text = writeCatalogCsv(CATALOG)
    expect(text.startsWith('\uFEFF"kind","sku","variant"')).toBe(true)
    expect(text.slice(1).split('\r\n')[0]).toBe(CATALOG_CSV_COLUMNS.map((c) => `"${c}"`).join(','))
    expect(text.split('\r\n')).toHaveLength(CATALOG.items.length + CATALOG.packaging.length + 2)
  })

  it('neutralises a description that starts like a formula, and reads it back as typed', () => {
    const text = writeCatalogCsv({
      items: [{ sku: 'X', variant: null, customsDescription: '=HYPERLINK("http://x")' }],
      packaging: [],
    })
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(readCatalogCsv(text).items[0]?.customsDescription).toBe('=HYPERLINK("http://x")')
  })
})

describe('readCatalogCsv, liberal in what it reads', () => {
  it("takes a spreadsheet's own headers, semicolons, decimal commas and other units", () => {
    const text = [
      'SKU;Options;Weight (oz);Length (in);Width (in);Height (in);HS Code;Country of origin;Description;Value;Currency;Notes',
      'TEE;Size: M;6,4;12;10;1;6109.10;Portugal;Cotton T-shirt;12,50;eur;ignored',
    ].join('\n')
    const read = readCatalogCsv(text)
    expect(read.problems).toEqual([])
    // 6.4 oz = 181.4 g; 12 in = 30.48 cm.
    expect(read.items).toEqual([
      {
        sku: 'TEE',
        variant: 'Size=M',
        weightG: 181.4,
        lengthCm: 30.48,
        widthCm: 25.4,
        heightCm: 2.54,
        hsCode: '610910',
        originCountry: 'PT',
        customsDescription: 'Cotton T-shirt',
        customsValue: 12.5,
        customsCurrency: 'EUR',
      },
    ])
  })

  it("takes a unit written after the number over the column's", () => {
    const read = readCatalogCsv('sku,weight_g\nMUG,0.35 kg\nPIN,12\n')
    expect(read.items.map((item) => item.weightG)).toEqual([350, 12])
  })

  it('skips blank lines and reads packaging rows', () => {
    const read = readCatalogCsv(
      'kind,name,weight_g,length_cm,width_cm,height_cm,perk_ids\n\n,,,,,,\nbox,Box S,150,25,20,15,7; 9\n',
    )
    expect(read.packaging).toEqual([
      { name: 'Box S', weightG: 150, lengthCm: 25, widthCm: 20, heightCm: 15, perkIds: [7, 9] },
    ])
    expect(read.problems).toEqual([])
  })
})

describe('readCatalogCsv, clear about what it cannot read', () => {
  it('leaves out a bad row, names its line and the fix, and reads the others', () => {
    const text = [
      'sku,weight_g,hs_code,origin_country,own_box',
      'TEE,180,610910,PT,no',
      'MUG,heavy,691200,CN,',
      'PIN,5,7117,CN,',
      'CAP,60,650500,Atlantis,',
      ',60,650500,CN,',
      'BAG,60,420222,CN,maybe',
    ].join('\r\n')
    const read = readCatalogCsv(text)
    expect(read.items.map((item) => item.sku)).toEqual(['TEE'])
    expect(read.problems.map(catalogProblemText)).toEqual([
      expect.stringMatching(/^Line 3: Weight "heavy" is not a weight .*250 g/),
      expect.stringMatching(/^Line 4: HS code "7117" has 4 digits: it needs 6 to 10/),
      expect.stringMatching(/^Line 5: Country of origin "Atlantis" .* two-letter ISO code/),
      expect.stringMatching(/^Line 6: This row has no SKU/),
      expect.stringMatching(/^Line 7: Own box "maybe" is neither yes nor no/),
    ])
  })

  it('counts lines as the file has them, quoted line breaks included', () => {
    const read = readCatalogCsv(
      'sku,customs_description,hs_code\nTEE,"Cotton\nT-shirt",610910\nMUG,Mug,12\n',
    )
    expect(read.problems.map((p) => p.line)).toEqual([4])
  })

  it('says so when the first line names no sku column', () => {
    const read = readCatalogCsv('product,grams\nTEE,180\n')
    expect(read.items).toEqual([])
    expect(read.problems[0]?.message).toMatch(/No sku column in the first line/)
  })

  it('names a SKU listed twice and keeps the later line', () => {
    const read = readCatalogCsv('sku,weight_g\nTEE,180\nTEE,190\n')
    expect(read.items).toEqual([{ sku: 'TEE', variant: null, weightG: 190 }])
    expect(read.problems).toEqual([{ line: 3, message: expect.stringContaining('also on line 2') }])
  })

  it('names a box without its size', () => {
    const read = readCatalogCsv('kind,name,weight_g,length_cm\npackaging,Tube,80,60\n')
    expect(read.problems.map(catalogProblemText)).toEqual([
      'Line 2: Box "Tube" has no width: packaging needs its weight and all three sides.',
    ])
  })
})

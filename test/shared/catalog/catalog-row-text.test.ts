import { describe, expect, it } from 'vitest'
import { readCatalogCsv, readCatalogItemText, readPackagingText } from '../../../src/shared/catalog'

describe('a catalogue row typed in the window', () => {
  it('reads units, HS code and country as the CSV does', () => {
    expect(
      readCatalogItemText({
        sku: 'TEE',
        variant: 'Size: M',
        weight_g: '0,25 kg',
        length_cm: '5 in',
        hs_code: '6109.10',
        origin_country: 'Portugal',
        customs_value: '12.5',
        customs_currency: 'eur',
        own_box: 'yes',
      }),
    ).toEqual({
      value: {
        sku: 'TEE',
        variant: 'Size=M',
        weightG: 250,
        lengthCm: 12.7,
        hsCode: '610910',
        originCountry: 'PT',
        customsValue: 12.5,
        customsCurrency: 'EUR',
        ownBox: true,
      },
    })
  })

  it('gives the CSV reader’s message, naming the problem and the fix', () => {
    const typed = readCatalogItemText({ sku: 'TEE', hs_code: '6109' })
    const file = readCatalogCsv('sku,hs_code\nTEE,6109\n')
    expect(typed).toEqual({ problem: file.problems[0]!.message })
    expect(typed).toEqual({ problem: expect.stringContaining('it needs 6 to 10') })
    expect(readCatalogItemText({ sku: 'TEE', origin_country: 'Atlantis' })).toEqual({
      problem: expect.stringContaining('two-letter ISO code'),
    })
  })

  it('refuses a row without a SKU and an empty variant means every variant', () => {
    expect(readCatalogItemText({ sku: ' ' })).toEqual({
      problem: expect.stringContaining('no SKU'),
    })
    expect(readCatalogItemText({ sku: 'PIN', variant: '' })).toEqual({
      value: { sku: 'PIN', variant: null },
    })
  })

  it('names a value the catalogue would refuse, and the file keeps its other rows', () => {
    expect(readCatalogItemText({ sku: 'PIN', weight_g: '3000 kg' })).toEqual({
      problem:
        'Weight is out of range (too big: expected number to be <=1000000): check the number and its unit.',
    })
    const file = readCatalogCsv('sku,weight_g\nPIN,3000 kg\nTEE,180\n')
    expect(file.items).toEqual([{ sku: 'TEE', variant: null, weightG: 180 }])
    expect(file.problems.map((problem) => problem.line)).toEqual([2])
  })

  it('reads a packaging preset and asks for its sides', () => {
    expect(
      readPackagingText({
        name: 'Mailer',
        weight_g: '40',
        length_cm: '35',
        width_cm: '25',
        height_cm: '3',
        perk_ids: '7, 9',
      }),
    ).toEqual({
      value: {
        name: 'Mailer',
        weightG: 40,
        lengthCm: 35,
        widthCm: 25,
        heightCm: 3,
        perkIds: [7, 9],
      },
    })
    expect(readPackagingText({ name: 'Box', weight_g: '40', length_cm: '35' })).toEqual({
      problem: expect.stringContaining('has no width'),
    })
  })
})

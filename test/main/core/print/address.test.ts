import { describe, expect, it } from 'vitest'
import { formatAddress, formatAddressDetailed } from '../../../../src/main/core/print'
import { generateDataset } from '../../../../src/simulator/data'
import { shippingSchema } from '../../../../src/shared/api/schemas'
import { shipping } from '../../../helpers/print-fixtures'

const US = shipping({
  name: 'Olivia Brown',
  address: '742 Evergreen Terrace',
  address2: 'Apt 2B',
  city: 'Boston',
  state: 'MA',
  zipcode: '02139',
  country: 'US',
})
const GB = shipping({
  name: "Siobhán O'Brien",
  address: '14 Mill Lane',
  address2: 'Flat 3',
  city: 'Manchester',
  state: '',
  zipcode: 'M1 1AE',
  country: 'GB',
})
const DE = shipping({
  name: 'Jürgen Müller',
  address: 'Schönhauser Allee 12',
  address2: 'Hinterhaus, 3. OG',
  city: 'Berlin',
  state: 'Berlin',
  zipcode: '10435',
  country: 'DE',
})
const FR = shipping({
  name: 'François Lefèvre',
  address: '12 rue de Rivoli',
  address2: null,
  city: 'Paris',
  state: '',
  zipcode: '75004',
  country: 'FR',
})
const JP = shipping({
  name: '山田 太郎',
  address: '丸の内1-9-1',
  address2: 'サンハイツ 305号室',
  city: '千代田区',
  state: '東京都',
  zipcode: '100-0005',
  country: 'JP',
})
const BR = shipping({
  name: 'João Conceição',
  address: 'Rua Augusta, 1500',
  address2: 'Apto 52',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310-100',
  country: 'BR',
})

describe('formatAddress', () => {
  it('formats a domestic US address without a country line, name first', () => {
    expect(formatAddress(US)).toEqual([
      'Olivia Brown',
      '742 Evergreen Terrace',
      'Apt 2B',
      'Boston, MA 02139',
    ])
  })

  it('formats GB, DE, FR, JP and BR the way their posts expect, country in English capitals', () => {
    expect(formatAddress(GB)).toEqual([
      "Siobhán O'Brien",
      '14 Mill Lane',
      'Flat 3',
      'Manchester',
      'M1 1AE',
      'UNITED KINGDOM',
    ])
    expect(formatAddress(DE)).toEqual([
      'Jürgen Müller',
      'Schönhauser Allee 12',
      'Hinterhaus, 3. OG',
      '10435 Berlin',
      'GERMANY',
    ])
    expect(formatAddress(FR)).toEqual([
      'François Lefèvre',
      '12 rue de Rivoli',
      '75004 Paris',
      'FRANCE',
    ])
    expect(formatAddress(JP)).toEqual([
      '山田 太郎',
      '丸の内1-9-1',
      'サンハイツ 305号室',
      '千代田区, 東京都 100-0005',
      'JAPAN',
    ])
    expect(formatAddress(BR)).toEqual([
      'João Conceição',
      'Rua Augusta, 1500',
      'Apto 52',
      'São Paulo - SP',
      '01310-100',
      'BRAZIL',
    ])
  })

  it('names the country in the sender’s language', () => {
    const de = { senderCountry: 'DE', locale: 'de' }
    expect(formatAddress(US, de).at(-1)).toBe('VEREINIGTE STAATEN')
    expect(formatAddress(GB, de).at(-1)).toBe('VEREINIGTES KÖNIGREICH')
    expect(formatAddress(FR, de).at(-1)).toBe('FRANKREICH')
    expect(formatAddress(JP, de).at(-1)).toBe('JAPAN')
    expect(formatAddress(BR, de).at(-1)).toBe('BRASILIEN')
    // Domestic for a German sender: no country line at all.
    expect(formatAddress(DE, de)).toEqual([
      'Jürgen Müller',
      'Schönhauser Allee 12',
      'Hinterhaus, 3. OG',
      '10435 Berlin',
    ])
    // The language alone does not make a parcel domestic: a German-speaking US sender.
    expect(formatAddress(DE, { locale: 'de' }).at(-1)).toBe('DEUTSCHLAND')
  })

  it('never drops a field: what the template leaves out goes back on the locality line', () => {
    const leipzig = shipping({
      address: 'Karl-Liebknecht-Straße 5',
      city: 'Leipzig',
      state: 'Sachsen',
      zipcode: '04107',
      country: 'DE',
    })
    const result = formatAddressDetailed(leipzig)
    expect(result.lines).toEqual([
      'Olivia Brown',
      'Karl-Liebknecht-Straße 5',
      '04107 Leipzig, Sachsen',
      'GERMANY',
    ])
    expect(result.restored).toEqual(['state'])
    // Korea's template has no place for a second address line; it still gets one.
    expect(
      formatAddress(
        shipping({
          name: '김민준',
          address: '세종대로 110',
          address2: '101동 1203호',
          city: '중구',
          state: '서울특별시',
          zipcode: '04524',
          country: 'KR',
        }),
      ),
    ).toEqual(['김민준', '서울특별시 중구 세종대로 110', '101동 1203호', '04524', 'SOUTH KOREA'])
    // The library deletes values that look like URLs and cuts at "||"; both come back.
    const odd = formatAddressDetailed(
      shipping({ address: 'http://example.com/door', city: 'A || B', country: 'US' }),
    )
    expect(odd.lines.join('\n')).toContain('http://example.com/door')
    expect(odd.lines.join('\n')).toContain('A || B')
    // A state the template shows as its code is not "dropped".
    const oregon = formatAddressDetailed(
      shipping({ city: 'Portland', state: 'Oregon', zipcode: '97214' }),
    )
    expect(oregon.lines).toContain('Portland, OR 97214')
    expect(oregon.restored).toEqual([])
  })

  it('keeps postcodes as typed (leading zeros, long ones) and folds stray whitespace', () => {
    const lines = formatAddress(
      shipping({
        address: '  1  Main\nSt ',
        zipcode: '00501-0001',
        city: 'Holtsville',
        state: 'NY',
      }),
    )
    expect(lines).toEqual(['Olivia Brown', '1 Main St', 'Holtsville, NY 00501-0001'])
  })

  it('handles country names, "UK", territories and unknown countries', () => {
    expect(
      formatAddress(shipping({ country: 'Germany', city: 'Köln', zipcode: '50667', state: '' })).at(
        -1,
      ),
    ).toBe('GERMANY')
    expect(
      formatAddress(shipping({ country: 'UK', city: 'Bristol', zipcode: 'BS8 1TH', state: '' })).at(
        -1,
      ),
    ).toBe('UNITED KINGDOM')
    // Puerto Rico is domestic mail from the US: no country line, the territory as the state.
    expect(
      formatAddress(shipping({ country: 'PR', city: 'San Juan', state: '', zipcode: '00901' })),
    ).toEqual(['Olivia Brown', '742 Evergreen Terrace', 'San Juan, PR 00901'])
    // A name nothing recognises is printed as given rather than dropped.
    expect(formatAddress(shipping({ country: 'Narnia' })).at(-1)).toBe('NARNIA')
    // No country at all: formatted as domestic.
    expect(formatAddress(shipping({ country: '' }))).toEqual([
      'Olivia Brown',
      '742 Evergreen Terrace',
      'Boston, MA 02139',
    ])
  })

  it('falls back to English for a locale Intl rejects', () => {
    expect(formatAddress(DE, { locale: 'not a locale!' }).at(-1)).toBe('GERMANY')
  })

  it('keeps every field of every simulated address (14 countries, showcase scripts)', () => {
    const dataset = generateDataset({ seed: 11, contributions: 400 })
    let checked = 0
    for (const rows of dataset.contributions.values()) {
      for (const row of rows) {
        const ship = row.order.shipping
        if (!ship) continue
        const text = formatAddress(shippingSchema.parse(ship)).join('\n').replace(/\s+/g, '')
        for (const value of [
          ship.name,
          ship.address,
          ship.address2 ?? '',
          ship.city,
          ship.zipcode,
        ]) {
          expect(text).toContain(value.replace(/\s+/g, ''))
        }
        checked++
      }
    }
    expect(checked).toBeGreaterThan(400)
  })
})

import { describe, expect, it } from 'vitest'
import { addressParts, orderAddressLines } from '../../../src/shared/address'

const BERLIN = {
  name: 'Jürgen Müller',
  address: 'Schönhauser Allee 12',
  address2: null,
  city: 'Berlin',
  state: 'Berlin',
  zipcode: '10435',
  country: 'DE',
  phone_number: '',
}

describe('order address lines', () => {
  it("names a foreign country in the sender's language, a domestic one not at all", () => {
    expect(orderAddressLines(BERLIN, { locale: 'fr' })).toEqual([
      'Jürgen Müller',
      'Schönhauser Allee 12',
      '10435 Berlin',
      'ALLEMAGNE',
    ])
    expect(orderAddressLines({ ...BERLIN, country: 'JP' }, { locale: 'de' }).at(-1)).toBe('JAPAN')
    expect(orderAddressLines(BERLIN, { senderCountry: 'DE' }).at(-1)).toBe('10435 Berlin')
    // A code no runtime knows is printed as sent rather than dropped.
    expect(orderAddressLines({ ...BERLIN, country: 'XX' }).at(-1)).toBe('XX')
    expect(orderAddressLines(null)).toEqual([])
  })

  it('reads a country by name through the one country table', () => {
    expect(orderAddressLines({ ...BERLIN, country: 'Deutschland' }).at(-1)).toBe('GERMANY')
    expect(orderAddressLines({ ...BERLIN, country: 'UK', city: 'London' }).at(-1)).toBe(
      'UNITED KINGDOM',
    )
  })

  it('ends a UK address with its postcode, the county above it (Royal Mail)', () => {
    const cardiff = {
      ...BERLIN,
      name: 'Rhys Evans',
      address: '1 Bute St',
      city: 'Cardiff',
      state: 'South Glamorgan',
      zipcode: 'CF11 3JY',
      country: 'GB',
    }
    expect(orderAddressLines(cardiff)).toEqual([
      'Rhys Evans',
      '1 Bute St',
      'Cardiff',
      'South Glamorgan',
      'CF11 3JY',
      'UNITED KINGDOM',
    ])
    expect(orderAddressLines({ ...cardiff, country: 'JE' }, { senderCountry: 'GB' }).at(-2)).toBe(
      'CF11 3JY',
    )
    expect(orderAddressLines(cardiff, { senderCountry: 'GB' }).at(-1)).toBe('CF11 3JY')
  })
})

describe('address parts', () => {
  it('cleans every field as the lines do and reads the country code', () => {
    expect(
      addressParts({ ...BERLIN, address: ' Schönhauser\nAllee  12 ', country: 'Deutschland' }),
    ).toMatchObject({ address1: 'Schönhauser Allee 12', country: 'Deutschland', countryCode: 'DE' })
  })

  it('gives blank fields for null, absent and blank parts, never "null"', () => {
    const parts = addressParts({ name: null, address: '  ', country: 'Atlantis' } as never)
    expect(parts).toMatchObject({ name: '', address1: '', address2: '', city: '', state: '' })
    expect(parts.countryCode).toBe('Atlantis')
    expect(addressParts(undefined).countryCode).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { formatAddress } from '../../../src/main/orders/order-address'

describe('addresses', () => {
  it("names the destination country in the sender's language", () => {
    const shipping = {
      name: 'Jürgen Müller',
      address: 'Schönhauser Allee 12',
      city: 'Berlin',
      state: 'Berlin',
      zipcode: '10435',
      country: 'DE',
      phone_number: '',
    }
    expect(formatAddress(shipping, 'fr')).toEqual([
      'Jürgen Müller',
      'Schönhauser Allee 12',
      '10435 Berlin',
      'ALLEMAGNE',
    ])
    expect(formatAddress(shipping, 'en').at(-1)).toBe('GERMANY')
    expect(formatAddress({ ...shipping, country: 'JP' }, 'de').at(-1)).toBe('JAPAN')
    // A code no runtime knows is printed as sent rather than dropped.
    expect(formatAddress({ ...shipping, country: 'XX' }, 'en').at(-1)).toBe('XX')
    expect(formatAddress(null, 'en')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import {
  returnAddressLines,
  returnAddressProblem,
  returnAddressSchema,
} from '../../../src/shared/address/return-address'

describe('the return address', () => {
  it('is written as the sender country writes addresses, without the country', () => {
    expect(
      returnAddressLines(
        { street: '500 Market St', street2: 'Suite 4', city: 'San Francisco', region: 'CA', postcode: '94105' },
        'US',
      ),
    ).toEqual(['500 Market St', 'Suite 4', 'San Francisco, CA 94105'])
    expect(
      returnAddressLines({ street: 'Hafenstraße 12', city: 'Hamburg', postcode: '20457' }, 'DE'),
    ).toEqual(['Hafenstraße 12', '20457 Hamburg'])
  }) // prettier-ignore

  it('is empty when nothing or only part of it is given', () => {
    expect(returnAddressLines({}, 'US')).toEqual([])
    expect(returnAddressLines(undefined, 'US')).toEqual([])
    expect(returnAddressLines({ city: 'Hamburg' }, 'DE')).toEqual([])
  })

  it('names what a partial address lacks, and how to fix it', () => {
    expect(returnAddressProblem({ city: 'Hamburg' })).toBe(
      'The return address has no street: type the street and number, or clear every field.',
    )
    expect(returnAddressProblem({ street: 'Hafenstraße 12' })).toContain('has no city')
    const read = returnAddressSchema.safeParse({ street: 'Hafenstraße 12', postcode: '20457' })
    expect(read.error?.issues[0]?.message).toContain('has no city: type the town or city')
    expect(returnAddressSchema.safeParse({ street: ' ', city: ' ' }).data).toEqual({
      street: '',
      city: '',
    })
  })
})

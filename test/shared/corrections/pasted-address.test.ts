import { describe, expect, it } from 'vitest'
import { parsePastedAddress } from '../../../src/shared/corrections/pasted-address'
import { addressFormFields, missingPart } from '../../../src/shared/corrections/address-form'

describe('parsePastedAddress: an address a backer wrote in an e-mail', () => {
  it('reads a US block: name, street, apartment, "City, ST ZIP", country, phone', () => {
    const text = `Jordan Avery
1200 Market Street
Apt 4B
Springfield, IL 62704
United States
+1 (217) 555-0142`
    expect(parsePastedAddress(text)).toEqual({
      name: 'Jordan Avery',
      address: '1200 Market Street',
      address2: 'Apt 4B',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      country: 'US',
      phone_number: '+1 (217) 555-0142',
    })
  })

  it('reads a German block with the postal code before the city, country in German', () => {
    expect(parsePastedAddress('Lena Brandt\nTorstraße 5\n10115 Berlin\nDeutschland')).toMatchObject(
      {
        name: 'Lena Brandt',
        address: 'Torstraße 5',
        city: 'Berlin',
        zipcode: '10115',
        state: null,
        country: 'DE',
      },
    )
  })

  it('reads a UK block with the postcode on a line of its own, and field labels', () => {
    const text = 'Name: Rowan Quayside\nAddress: 12 Harbour Road\nCity: Portsmouth\nPO1 3AA\nUK'
    expect(parsePastedAddress(text)).toMatchObject({
      name: 'Rowan Quayside',
      address: '12 Harbour Road',
      city: 'Portsmouth',
      zipcode: 'PO1 3AA',
      country: 'GB',
    })
  })

  it("keeps the order's country when the block names none, and blank lines and spaces do not count", () => {
    const parts = parsePastedAddress('  Kim  Lee \n\n 8 Rue Cler \n 75007   Paris \n', 'FR')
    expect(parts).toMatchObject({
      name: 'Kim Lee',
      address: '8 Rue Cler',
      city: 'Paris',
      zipcode: '75007',
      country: 'FR',
    })
  })

  it('answers nothing but the country for an empty paste', () => {
    expect(parsePastedAddress(' \n ', 'US')).toMatchObject({
      name: null,
      city: null,
      country: 'US',
    })
  })
})

describe('addressFormFields: the parts a country writes on an envelope', () => {
  const labels = (country: string | null) =>
    addressFormFields(country).map((f) => `${f.label}${f.required ? '*' : ''}`)

  it('asks a US address for a state and a ZIP code, a German one for a postal code only', () => {
    expect(labels('US')).toContain('State*')
    expect(labels('US')).toContain('ZIP code*')
    expect(labels('DE')).not.toContain('State or region')
    expect(labels('DE')).toContain('Postal code*')
    expect(labels('gb')).toEqual(expect.arrayContaining(['County', 'Postcode*']))
  })

  it('names the first required part left empty, by the country', () => {
    const address = {
      name: 'A',
      address: '1 Main St',
      address2: null,
      city: 'Springfield',
      state: ' ',
      zipcode: '62704',
      country: 'US',
      phone_number: null,
    }
    expect(missingPart('US', address)?.label).toBe('State')
    expect(missingPart('NZ', address)).toBeNull()
  })
})

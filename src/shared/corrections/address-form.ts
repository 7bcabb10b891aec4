import type { AddressParts } from './correction-types'

// The correction form asks for the parts the order's country writes on an envelope, in its
// words: a ZIP code and a state in the US, a postcode (and no state) in the UK, a prefecture in
// Japan. Countries not listed get every part, the optional ones marked so.

export interface AddressField {
  part: keyof AddressParts
  label: string
  required: boolean
}

interface CountryForm {
  state?: { label: string; required: boolean } | null
  postal: { label: string; required: boolean }
}

const FORMS: Readonly<Record<string, CountryForm>> = {
  US: { state: { label: 'State', required: true }, postal: { label: 'ZIP code', required: true } },
  CA: {
    state: { label: 'Province', required: true },
    postal: { label: 'Postal code', required: true },
  },
  AU: { state: { label: 'State', required: true }, postal: { label: 'Postcode', required: true } },
  GB: {
    state: { label: 'County', required: false },
    postal: { label: 'Postcode', required: true },
  },
  IE: {
    state: { label: 'County', required: false },
    postal: { label: 'Eircode', required: false },
  },
  JP: {
    state: { label: 'Prefecture', required: true },
    postal: { label: 'Postal code', required: true },
  },
  BR: { state: { label: 'State', required: true }, postal: { label: 'CEP', required: true } },
  MX: {
    state: { label: 'State', required: true },
    postal: { label: 'Postal code', required: true },
  },
  IN: { state: { label: 'State', required: true }, postal: { label: 'PIN code', required: true } },
  IT: { state: { label: 'Province', required: false }, postal: { label: 'CAP', required: true } },
  ES: {
    state: { label: 'Province', required: false },
    postal: { label: 'Postal code', required: true },
  },
  CN: {
    state: { label: 'Province', required: true },
    postal: { label: 'Postal code', required: true },
  },
}

// Most of Europe writes a postal code before the city and no region.
const POSTAL_ONLY = [
  'DE',
  'FR',
  'NL',
  'BE',
  'AT',
  'CH',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'PT',
  'LU',
]

const DEFAULT_FORM: CountryForm = {
  state: { label: 'State or region', required: false },
  postal: { label: 'Postal code', required: false },
}

function formOf(country: string | null): CountryForm {
  const code = (country ?? '').toUpperCase()
  if (POSTAL_ONLY.includes(code))
    return { state: null, postal: { label: 'Postal code', required: true } }
  return FORMS[code] ?? DEFAULT_FORM
}

/** The form's fields for an address in `country` (a two-letter code), in envelope order. */
export function addressFormFields(country: string | null): AddressField[] {
  const form = formOf(country)
  const fields: AddressField[] = [
    { part: 'name', label: 'Name', required: true },
    { part: 'address', label: 'Street and number', required: true },
    { part: 'address2', label: 'Apartment, suite, floor', required: false },
    { part: 'city', label: 'City', required: true },
  ]
  if (form.state) fields.push({ part: 'state', ...form.state })
  fields.push({ part: 'zipcode', ...form.postal })
  fields.push({ part: 'country', label: 'Country', required: true })
  fields.push({ part: 'phone_number', label: 'Phone', required: false })
  return fields
}

/** The first required part left empty, for the form to name before anything is sent. */
export function missingPart(country: string | null, address: AddressParts): AddressField | null {
  return (
    addressFormFields(country).find(
      (field) => field.required && !(address[field.part] ?? '').trim(),
    ) ?? null
  )
}

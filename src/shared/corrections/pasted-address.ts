import { countryCode } from '../address/countries'
import type { AddressParts } from './correction-types'

// "Paste from an e-mail": a backer writes their new address as a block of lines. This reads the
// parts a label needs out of it; the person checks each field before saving (nothing is saved
// from a paste alone), so a guess that is wrong costs a retype, never a parcel.

const LABEL =
  /^(?:name|to|ship to|address(?: line \d)?|street|city|town|state|province|county|region|zip(?: ?code)?|post(?:al)? ?code|postcode|country|phone|tel(?:ephone)?|mobile)\s*[:-]\s*/i
const PHONE = /^(?:(?:phone|tel|telephone|mobile)\s*[:-]?\s*)?\+?[\d\s()./-]{7,}$/i
/** "Springfield, IL 62704", "Toronto ON M5V 2T6": city, region code, postal code. */
const CITY_REGION_POSTAL = /^(.+?),?\s+([A-Z]{2,3})\s+([A-Z0-9][A-Z0-9 -]{2,9})$/
/** "10115 Berlin", "75002 Paris", "1011 AB Amsterdam": postal code first. */
const POSTAL_CITY = /^(\d{4,5}(?:\s?[A-Z]{2})?|[A-Z]{1,2}-?\d{4,5})\s+(\D.+)$/
/** "London SW1A 1AA", "Sydney NSW 2000" without comma: city then a postal code. */
const CITY_POSTAL = /^(\D+?)[,\s]+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{4,6}(?:-\d{4})?)$/i
/** A UK-style postcode alone on its line. */
const POSTCODE_ALONE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i

const EMPTY: AddressParts = {
  name: null,
  address: null,
  address2: null,
  city: null,
  state: null,
  zipcode: null,
  country: null,
  phone_number: null,
}

/**
 * The address parts a pasted block of lines most likely holds: the first line is the name, a
 * last line naming a country is the country, a line of digits is the phone, the line with the
 * postal code gives the city (and region), the lines between are the street. `country`: the
 * order's country, used when the block names none.
 */
export function parsePastedAddress(text: string, country: string | null = null): AddressParts {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(LABEL, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
  const parts: AddressParts = { ...EMPTY, country }
  if (lines.length === 0) return parts

  const phoneAt = lines.findIndex((line, i) => i > 0 && PHONE.test(line))
  if (phoneAt !== -1) {
    parts.phone_number = (lines[phoneAt] as string).replace(/^[^+\d(]+/, '')
    lines.splice(phoneAt, 1)
  }
  const last = lines[lines.length - 1] ?? ''
  const named = lines.length > 1 ? countryCode(last) : null
  if (named !== null) {
    parts.country = named
    lines.pop()
  }
  parts.name = lines.shift() ?? null

  // The city line: the last line left, unless a postcode stands alone there (UK style).
  let cityLine = lines.pop()
  if (cityLine !== undefined && POSTCODE_ALONE.test(cityLine)) {
    parts.zipcode = cityLine.toUpperCase()
    cityLine = lines.pop()
  }
  if (cityLine !== undefined) Object.assign(parts, readCityLine(cityLine, parts.zipcode))
  parts.address = lines.shift() ?? null
  parts.address2 = lines.length > 0 ? lines.join(', ') : null
  return parts
}

function readCityLine(
  line: string,
  zipcode: string | null,
): Pick<AddressParts, 'city' | 'state' | 'zipcode'> {
  const regional = CITY_REGION_POSTAL.exec(line)
  if (regional && /\d/.test(regional[3] as string))
    return {
      city: (regional[1] as string).trim(),
      state: regional[2] as string,
      zipcode: (regional[3] as string).trim(),
    }
  const postalFirst = POSTAL_CITY.exec(line)
  if (postalFirst)
    return {
      city: (postalFirst[2] as string).trim(),
      state: null,
      zipcode: postalFirst[1] as string,
    }
  const postalLast = CITY_POSTAL.exec(line)
  if (postalLast)
    return {
      city: (postalLast[1] as string).trim(),
      state: null,
      zipcode: (postalLast[2] as string).toUpperCase(),
    }
  return { city: line.replace(/,$/, ''), state: null, zipcode }
}

// Which parts an address needs, by destination country (ISO 3166-1 alpha-2). The pre-print checks
// flag a missing part only where the destination's post needs it: an Irish, Emirati or Ghanaian
// address without a postcode is complete, a German one is not.

/**
 * Countries and territories whose addresses go without a postcode: none exists, or one exists
 * but most addresses are delivered without it (Ireland's Eircode, Jamaica's and Trinidad's newer
 * codes, Ghana's digital address). Sources: the UPU's list of countries without postcodes and
 * the address forms of carriers and address-validation services.
 */
const NO_POSTCODE: ReadonlySet<string> = new Set([
  // Europe and the Middle East
  'IE',
  'AE',
  'QA',
  'YE',
  'SY',
  // Asia and the Pacific
  'HK',
  'MO',
  'KP',
  'TL',
  'FJ',
  'KI',
  'NR',
  'NU',
  'SB',
  'TK',
  'TO',
  'TV',
  'VU',
  'CK',
  // Africa
  'AO',
  'BF',
  'BI',
  'BJ',
  'BW',
  'CD',
  'CF',
  'CG',
  'CI',
  'CM',
  'DJ',
  'ER',
  'GA',
  'GH',
  'GM',
  'GQ',
  'KM',
  'LY',
  'ML',
  'MR',
  'MW',
  'RW',
  'SC',
  'SL',
  'ST',
  'TD',
  'TG',
  'UG',
  'ZW',
  // The Americas and the Caribbean
  'AG',
  'AW',
  'BO',
  'BQ',
  'BS',
  'BZ',
  'CW',
  'DM',
  'GD',
  'GY',
  'JM',
  'KN',
  'LC',
  'PA',
  'SR',
  'SX',
  'TT',
])

/**
 * Countries whose post and carriers need the state, province or prefecture on the label: their
 * addresses are sorted by it, and the same town name recurs across states.
 */
const STATE_NEEDED: ReadonlySet<string> = new Set([
  'US',
  'CA',
  'AU',
  'BR',
  'MX',
  'AR',
  'IN',
  'CN',
  'MY',
  'JP',
  'IT',
])

/** City-states, where the city is the country and an address names no other. */
const NO_CITY_NEEDED: ReadonlySet<string> = new Set(['SG', 'HK', 'MO', 'MC', 'VA', 'GI'])

export type AddressPart = 'city' | 'state' | 'postcode'

/** The parts an address in `country` must carry, beyond a street line. */
export function neededParts(country: string): AddressPart[] {
  const parts: AddressPart[] = []
  if (!NO_CITY_NEEDED.has(country)) parts.push('city')
  if (STATE_NEEDED.has(country)) parts.push('state')
  if (!NO_POSTCODE.has(country)) parts.push('postcode')
  return parts
}

import * as formatterModule from '@fragaria/address-formatter'
import type { Shipping } from '../api/schemas'
import { memoized } from '../memo'
import { countryCode } from './countries'

type FormatFunction = typeof formatterModule.format

// The package's types declare a named `format`, but its CommonJS build exports one object and its
// ES build only a default: take whichever this bundler or loader hands us.
const formatter: { format: FormatFunction } =
  typeof (formatterModule as { format?: unknown }).format === 'function'
    ? formatterModule
    : (formatterModule as unknown as { default: { format: FormatFunction } }).default

export interface AddressOptions {
  /** ISO 3166-1 alpha-2 code of the country parcels leave from. Default 'US'. */
  senderCountry?: string
  /** Language of the country names (the sender's post office reads them). Default 'en'. */
  locale?: string
}

export interface FormattedAddress {
  /** Name first, then the address as the destination's post expects, then the country if abroad. */
  lines: string[]
  /** Upper-case ISO code when the country could be identified. */
  countryCode: string | undefined
  international: boolean
  /**
   * Fields the destination's format leaves out (a German or French region, an Italian
   * province) that were put back on the locality line rather than dropped.
   */
  restored: Array<'address' | 'city' | 'state' | 'zipcode'>
}

// Territories that the US Postal Service treats as domestic mail: a label to San Juan from the
// US must not end with a country line, and the state line carries the territory code instead.
const DOMESTIC_TERRITORIES: Readonly<Record<string, string>> = {
  PR: 'US',
  GU: 'US',
  VI: 'US',
  AS: 'US',
  MP: 'US',
  UM: 'US',
}

/** A locale tag from Settings that Intl rejects falls back to English rather than failing a print. */
const localeCache = new Map<string, string>()
function supportedLocale(locale: string): string {
  return memoized(localeCache, locale, canonicalLocale)
}
function canonicalLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

const displayNamesCache = new Map<string, Intl.DisplayNames>()
function displayNames(locale: string): Intl.DisplayNames {
  return memoized(
    displayNamesCache,
    locale,
    (tag) => new Intl.DisplayNames([tag, 'en'], { type: 'region', fallback: 'none' }),
  )
}

function clean(value: string | null | undefined): string {
  // A line break inside a field would break the line structure of a label; tabs and runs of
  // spaces only waste width.
  return (value ?? '').replace(/\s+/g, ' ').trim()
}

function foldForMatch(text: string): string {
  // Plain toLowerCase: the locale-aware variant was a tenth of the time of a whole label run.
  return text.toLowerCase().replace(/\s+/g, ' ').trim()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function compact(text: string): string {
  // Postcodes get reformatted ("10552" -> "105 52"); compare them without spaces or hyphens.
  return foldForMatch(text).replace(/[\s-]+/g, '')
}

interface Country {
  code: string | undefined
  /** The name to print; the raw field when no code could be found. */
  name: string
}

// Called once per label with a handful of distinct values: Intl look-ups were a visible part of
// building 3,000 labels.
const countryCache = new Map<string, Country>()
function resolveCountry(raw: string, locale: string): Country {
  const key = `${locale}\u0000${raw}`
  let country = countryCache.get(key)
  if (country === undefined) {
    country = lookUpCountry(raw, locale)
    // Bounded: imported data could hold any number of free-text country names.
    if (countryCache.size > 1_000) countryCache.clear()
    countryCache.set(key, country)
  }
  return country
}

function lookUpCountry(raw: string, locale: string): Country {
  if (raw === '') return { code: undefined, name: '' }
  // The one country table (countries.ts): the checks, the CSV and the labels read a country
  // the same way ("UK", "Deutschland" and "us" included).
  const code = countryCode(raw) ?? undefined
  return code === undefined
    ? { code: undefined, name: raw }
    : { code, name: displayNames(locale).of(code) ?? raw }
}

interface Components {
  address: string
  city: string
  state: string
  zipcode: string
}

function runFormatter(parts: Components, countryCode: string | undefined): string[] {
  return formatter.format(
    {
      road: parts.address,
      city: parts.city,
      state: parts.state,
      // A state that is already a short code needs no look-up; the library's look-up scans
      // every state of the country and was most of its time.
      ...(/^[A-Z0-9]{1,3}$/.test(parts.state) ? { stateCode: parts.state } : {}),
      postcode: parts.zipcode,
    },
    {
      countryCode,
      output: 'array',
      appendCountry: false,
      abbreviate: false,
      // Postcodes are printed as the backer typed them: the library drops long or odd ones.
      cleanupPostcode: false,
    },
  )
}

/**
 * Lines that contain none of our values were added by the library (a territory's template
 * appends "United States of America"): the country line is ours to write, in the sender's language.
 */
function dropAddedLines(lines: string[], parts: Components): string[] {
  const values = Object.values(parts)
    .filter((v) => v !== '')
    .map(compact)
  return lines.filter((line) => {
    const text = compact(line)
    return values.some((value) => text.includes(value) || value.includes(text))
  })
}

/**
 * Postal address lines for a label or slip, formatted for the destination country by
 * `@fragaria/address-formatter` (OpenCage's templates): name first, `address2` on its own line
 * after the street, and the country in capitals in the sender's language (the UPU convention)
 * unless the parcel stays in the sender's country. The phone number is not an address line.
 *
 * Nothing the backer typed is dropped: a field the country's template omits (a German Land, an
 * Italian region) goes back on the locality line, and `restored` says which.
 */
export function formatAddressDetailed(
  shipping: Shipping,
  options: AddressOptions = {},
): FormattedAddress {
  const locale = supportedLocale(options.locale ?? 'en')
  const sender = (options.senderCountry ?? 'US').toUpperCase()
  const name = clean(shipping.name)
  const address2 = clean(shipping.address2)
  const parts: Components = {
    address: clean(shipping.address),
    city: clean(shipping.city),
    state: clean(shipping.state),
    zipcode: clean(shipping.zipcode),
  }
  const country = resolveCountry(clean(shipping.country), locale)
  const territoryOf = country.code === undefined ? undefined : DOMESTIC_TERRITORIES[country.code]
  const domestic =
    country.name === '' ||
    country.code === sender ||
    (territoryOf !== undefined && territoryOf === sender)
  if (territoryOf !== undefined && territoryOf === sender && parts.state === '') {
    parts.state = country.code ?? ''
  }
  // An address without a country is most likely domestic: format it the sender's way.
  const formatCode = country.code ?? (country.name === '' ? sender : undefined)

  let lines = postcodeLast(
    dropAddedLines(runFormatter(parts, formatCode), parts),
    parts,
    formatCode,
  )

  const restored: FormattedAddress['restored'] = []
  const present = (value: string) => {
    const needle = compact(value)
    // A short code must stand alone: "OR" is inside "Portland" but is not printed there.
    if (needle.length <= 3) {
      const word = new RegExp(
        `(^|[^\\p{L}\\p{N}])${escapeRegExp(foldForMatch(value))}($|[^\\p{L}\\p{N}])`,
        'u',
      )
      return lines.some((line) => word.test(foldForMatch(line)))
    }
    return lines.some((line) => compact(line).includes(needle))
  }
  for (const field of ['address', 'city', 'state', 'zipcode'] as const) {
    const value = parts[field]
    if (value === '' || present(value)) continue
    // A state may be printed in another form (its name as a code): formatting without it
    // changes the output then, and only an unchanged output means it was left out. Other fields
    // are printed as typed, so not finding them means the library dropped or cut them.
    if (field !== 'state') {
      restored.push(field)
      continue
    }
    const without = dropAddedLines(runFormatter({ ...parts, [field]: '' }, formatCode), {
      ...parts,
      [field]: '',
    })
    if (without.join('\n') !== lines.join('\n')) continue
    restored.push(field)
  }
  for (const field of restored) {
    const value = parts[field]
    if (field === 'address') {
      lines = [value, ...lines]
      continue
    }
    const cityNeedle = parts.city === '' ? '' : compact(parts.city)
    let at = cityNeedle === '' ? -1 : lines.findIndex((line) => compact(line).includes(cityNeedle))
    if (at === -1) at = lines.length - 1
    if (at === -1) lines.push(value)
    else lines[at] = `${lines[at]}, ${value}`
  }

  if (address2 !== '') {
    const streetNeedle = parts.address === '' ? '' : compact(parts.address)
    const street =
      streetNeedle === '' ? -1 : lines.findIndex((line) => compact(line).includes(streetNeedle))
    lines.splice(street + 1, 0, address2)
  }
  if (name !== '') lines.unshift(name)
  if (!domestic) lines.push(country.name.toLocaleUpperCase(locale))

  return { lines, countryCode: country.code, international: !domestic, restored }
}

/**
 * Royal Mail's rule (the UK, the Isle of Man and the Channel Islands): the postcode is the last
 * line before the country. The formatter's template prints a county after it, which the sorting
 * machines read as the postcode's place: the county moves above it.
 */
const POSTCODE_LAST = new Set(['GB', 'IM', 'JE', 'GG'])

function postcodeLast(lines: string[], parts: Components, code: string | undefined): string[] {
  if (code === undefined || !POSTCODE_LAST.has(code) || parts.zipcode === '') return lines
  const at = lines.findIndex((line) => compact(line) === compact(parts.zipcode))
  if (at === -1 || at === lines.length - 1) return lines
  return [...lines.slice(0, at), ...lines.slice(at + 1), lines[at] as string]
}

/** The lines of `formatAddressDetailed`. */
export function formatAddress(shipping: Shipping, options: AddressOptions = {}): string[] {
  return formatAddressDetailed(shipping, options).lines
}

/** The ship-to lines of an order, or none when it has no address (digital, or hidden). */
export function orderAddressLines(
  shipping: Shipping | null | undefined,
  options: AddressOptions = {},
): string[] {
  return shipping ? formatAddress(shipping, options) : []
}

/**
 * The same address as fields, for outputs a machine reads in columns (shipper CSV, Excel): each
 * field cleaned as the lines are (runs of spaces and line breaks made one space, trimmed), so a
 * column holds exactly the text the label prints. '' for a part that is absent, null or blank.
 */
export interface AddressParts {
  name: string
  address1: string
  address2: string
  city: string
  state: string
  postalCode: string
  /** The country as the API sent it, cleaned. */
  country: string
  /** ISO 3166-1 alpha-2 when the country could be read, else the text as sent. */
  countryCode: string
  phone: string
}

export function addressParts(shipping: Shipping | null | undefined): AddressParts {
  const country = clean(shipping?.country)
  return {
    name: clean(shipping?.name),
    address1: clean(shipping?.address),
    address2: clean(shipping?.address2),
    city: clean(shipping?.city),
    state: clean(shipping?.state),
    postalCode: clean(shipping?.zipcode),
    country,
    countryCode: countryCode(country) ?? country,
    phone: clean(shipping?.phone_number),
  }
}

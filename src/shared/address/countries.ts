import { foldText } from '../fulfillment/text'

// Country names to ISO 3166-1 alpha-2 codes, for the checks, the shipper CSV and the address
// rules: the API sends countries as codes or as names in the backer's language.

const trimmed = (value: string | null | undefined) => (value ?? '').trim()

// Reverse lookup of the region names ICU knows, in the languages backers most often type their
// country in. English first: on a clash the English reading wins.
const COUNTRY_NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'ja', 'ko', 'zh']

// ICU names regions that are not countries a parcel can be addressed to (EU, UN, "Outlying
// Oceania", pseudo-locales XA/XB, "Unknown Region") and exceptionally reserved codes
// (Ascension, Canary Islands...) that shippers reject. XK (Kosovo) is user-assigned but is what
// carriers use, so it stays.
const NOT_A_COUNTRY = new Set(['AC', 'CP', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'ZZ'])

function isAddressableRegion(code: string): boolean {
  return !NOT_A_COUNTRY.has(code) && (code[0] !== 'X' || code === 'XK')
}

// What people type that no ICU display name spells out.
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  us: 'US',
  america: 'US',
  unitedstatesofamerica: 'US',
  uk: 'GB',
  greatbritain: 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  northernireland: 'GB',
  korea: 'KR',
  republicofkorea: 'KR',
  holland: 'NL',
  thenetherlands: 'NL',
  czechrepublic: 'CZ',
  turkey: 'TR',
  burma: 'MM',
  ivorycoast: 'CI',
  russianfederation: 'RU',
}

/** Case, accents, punctuation and spacing do not matter; "St." reads as "Saint", "&" as "and". */
function countryKey(text: string): string {
  return foldText(text)
    .replace(/&/g, ' and ')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

let countryNames: Map<string, string> | undefined
let addressable: string[] | undefined

/** Every current two-letter code a parcel can be addressed to (ICU's regions less the rest). */
export function addressableCountryCodes(): readonly string[] {
  if (addressable) return addressable
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const codes: string[] = []
  for (const a of letters) for (const b of letters) codes.push(a + b)
  knownRegions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  const names = knownRegions
  // Withdrawn codes (BU for Burma, DD for East Germany) still have names; only current codes
  // are offered, so "Germany" reads as DE and not as DD.
  addressable = codes.filter(
    (code) =>
      isAddressableRegion(code) && canonicalRegion(code) === code && names.of(code) !== undefined,
  )
  return addressable
}

function countryNameMap(): Map<string, string> {
  if (countryNames) return countryNames
  const map = new Map<string, string>()
  const add = (name: string | undefined, code: string) => {
    if (!name) return
    const key = countryKey(name)
    if (key !== '' && !map.has(key)) map.set(key, code)
    // "Myanmar (Burma)", "Hong Kong SAR China": also without the parenthetical part.
    const bare = name.replace(/\s*\(.*\)\s*/g, '')
    if (bare !== name) {
      const bareKey = countryKey(bare)
      if (bareKey !== '' && !map.has(bareKey)) map.set(bareKey, code)
    }
  }
  const current = addressableCountryCodes()
  for (const locale of COUNTRY_NAME_LOCALES) {
    // `fallback: 'none'` answers undefined for codes ICU has no region for.
    const long = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
    for (const code of current) add(long.of(code), code)
  }
  // English short names ("UK", "Hong Kong", "Palestine") only: other languages' abbreviations
  // collide with codes (French "É.-U." would read as EU).
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short', fallback: 'none' })
  for (const code of current) add(short.of(code), code)
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) map.set(alias, code)
  countryNames = map
  return map
}

/** The current code of a region code: "UK" -> GB, "BU" -> MM; the code itself if current. */
function canonicalRegion(code: string): string {
  try {
    const locale = Intl.getCanonicalLocales(`und-${code}`)[0] ?? ''
    return locale.slice(locale.lastIndexOf('-') + 1).toUpperCase()
  } catch {
    return code
  }
}

let knownRegions: Intl.DisplayNames | undefined
// A selection repeats a handful of country spellings thousands of times; ICU calls are not free.
const countryCodes = new Map<string, string | null>()
const COUNTRY_CACHE_LIMIT = 10_000

/**
 * The ISO 3166-1 alpha-2 code of a country as the API may send it: already a code ("us", "DE"),
 * or a name in a common language ("United States", "Deutschland", "Côte d'Ivoire", "UK").
 * null when it cannot be told (empty, or a name not known), so callers can keep the original
 * text rather than guess.
 */
export function countryCode(text: string | null | undefined): string | null {
  const raw = trimmed(text)
  if (raw === '') return null
  let code = countryCodes.get(raw)
  if (code === undefined) {
    code = lookUpCountry(raw)
    if (countryCodes.size >= COUNTRY_CACHE_LIMIT) countryCodes.clear()
    countryCodes.set(raw, code)
  }
  return code
}

function lookUpCountry(raw: string): string | null {
  if (/^[A-Za-z]{2}$/.test(raw)) {
    const code = canonicalRegion(raw.toUpperCase())
    knownRegions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    if (isAddressableRegion(code) && knownRegions.of(code) !== undefined) return code
  }
  return countryNameMap().get(countryKey(raw)) ?? null
}

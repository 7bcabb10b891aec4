import type { CampaignContribution } from '../api/schemas'
import { foldText } from '../fulfillment'
import { problemRowName } from '../problems/report'
import type { ProblemRowRef } from '../problems/report'

export type PrePrintCheckId =
  | 'missing-address'
  | 'refunded-or-on-hold'
  | 'problem-rows'
  | 'possible-duplicates'
  | 'non-latin-address'
  | 'missing-phone-international'
  | 'stale-data'

export type PrePrintSeverity = 'error' | 'warning' | 'info'

export interface PrePrintCheck {
  id: PrePrintCheckId
  title: string
  severity: PrePrintSeverity
  /** Orders concerned. Can exceed `contributionIds.length` when the ids are left empty. */
  count: number
  /**
   * Contribution ids of the orders concerned, in selection order: "open as a filtered list"
   * shows exactly these. Empty when the finding is about the whole selection rather than some
   * orders in it (stale data, addresses hidden from an unprivileged sync).
   */
  contributionIds: number[]
  /** One sentence for a person: what was found and, where there is one, what to do. */
  detail: string
  /** Possible duplicates only: the contribution ids of each group, groups in selection order. */
  groups?: number[][]
}

export interface PrePrintContext {
  now: Date
  /** ISO 8601 time of the last sync; null when the data has never been synced (e.g. imported). */
  lastSyncedAt: string | null
  /** Default 24. */
  staleAfterHours?: number
  /** ISO 3166-1 alpha-2 code of the country parcels leave from. Default 'US'. */
  senderCountry?: string
  /** Whether the snapshot was synced with a team member's access token (addresses visible). */
  privileged: boolean
  /** Contributions of the snapshot that could not be read (problem rows); none when absent. */
  problemRows?: readonly ProblemRowRef[]
}

export const DEFAULT_STALE_AFTER_HOURS = 24
export const DEFAULT_SENDER_COUNTRY = 'US'

/** The order checks are listed in, whatever order they were computed in. */
export const PRE_PRINT_CHECK_ORDER: readonly PrePrintCheckId[] = [
  'missing-address',
  'refunded-or-on-hold',
  'problem-rows',
  'possible-duplicates',
  'non-latin-address',
  'missing-phone-international',
  'stale-data',
]

const HOUR_MS = 3_600_000

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const ordersText = (n: number) => plural(n, 'order')
const trimmed = (value: string | null | undefined) => (value ?? '').trim()

// ---------------------------------------------------------------------------------------------
// Country names to ISO 3166-1 alpha-2 codes

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
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const codes: string[] = []
  for (const a of letters) for (const b of letters) codes.push(a + b)
  // Withdrawn codes (BU for Burma, DD for East Germany) still have names; only current codes
  // are offered, so "Germany" reads as DE and not as DD.
  const current = codes.filter(
    (code) => isAddressableRegion(code) && canonicalRegion(code) === code,
  )
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

// ---------------------------------------------------------------------------------------------
// The checks

function needsShipping(row: CampaignContribution): boolean {
  for (const perk of row.order.perks) if (perk.shipping_address_required) return true
  return false
}

function hasAddress(row: CampaignContribution): boolean {
  return trimmed(row.order.shipping?.address) !== ''
}

function missingAddress(
  rows: readonly CampaignContribution[],
  privileged: boolean,
): PrePrintCheck | null {
  const ids: number[] = []
  for (const row of rows) if (needsShipping(row) && !hasAddress(row)) ids.push(row.id)
  if (ids.length === 0) return null
  if (!privileged) {
    // Every address is hidden from an API-token-only sync: listing every order would only hide
    // the one fix there is.
    return {
      id: 'missing-address',
      title: 'Addresses are hidden',
      severity: 'error',
      count: ids.length,
      contributionIds: [],
      detail:
        'Addresses are hidden: sign in with e-mail and password, then sync again ' +
        `(${ordersText(ids.length)} need shipping).`,
    }
  }
  return {
    id: 'missing-address',
    title: 'Missing address',
    severity: 'error',
    count: ids.length,
    contributionIds: ids,
    detail: `${ordersText(ids.length)} ${ids.length === 1 ? 'needs' : 'need'} shipping but ${
      ids.length === 1 ? 'has' : 'have'
    } no address.`,
  }
}

function refundedOrOnHold(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  const ids: number[] = []
  let refunded = 0
  let onHold = 0
  for (const row of rows) {
    const status = row.order.status
    if (status === 'refunded') refunded++
    else if (status === 'on_hold') onHold++
    else continue
    ids.push(row.id)
  }
  if (ids.length === 0) return null
  const what =
    onHold === 0
      ? 'refunded'
      : refunded === 0
        ? 'on hold'
        : `refunded or on hold (${refunded} refunded, ${onHold} on hold)`
  return {
    id: 'refunded-or-on-hold',
    title: 'Refunded or on hold',
    // Shipping a refunded reward is money gone: as serious as a parcel without an address.
    severity: 'error',
    count: ids.length,
    contributionIds: ids,
    detail: `${ordersText(ids.length)} in the selection ${ids.length === 1 ? 'is' : 'are'} ${what}: leave ${
      ids.length === 1 ? 'it' : 'them'
    } out unless you mean to ship.`,
  }
}

// Two typings of one address should meet: accents, case, spacing and punctuation are dropped
// ("12 Main St." = "12 main st"), "&" reads as "and".
const KEY_NOISE_RE = /[^\p{L}\p{N}]+/gu

function keyPart(text: string): string {
  return foldText(text).replace(/&/g, 'and').replace(KEY_NOISE_RE, '')
}

/**
 * Recipient and address of an order as one comparable string, or null without an address.
 * The address fields run together, so "12 Main St" + "Apt 5" meets "12 Main St Apt 5"; the
 * name and the country stay apart. State is left out: "CA" and "California" are the same place,
 * and the postal code and city already pin it down.
 */
function recipientKey(row: CampaignContribution): string | null {
  const s = row.order.shipping
  if (!s || trimmed(s.address) === '') return null
  const place = keyPart(`${s.address} ${s.address2 ?? ''} ${s.city} ${s.zipcode}`)
  const country = countryCode(s.country) ?? keyPart(s.country ?? '')
  return `${keyPart(s.name ?? '')}\n${place}\n${country}`
}

function possibleDuplicates(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  const byKey = new Map<string, number[]>()
  // The same contribution twice in a selection is one order, not a duplicate pledge.
  const seen = new Set<number>()
  for (const row of rows) {
    if (seen.has(row.id)) continue
    seen.add(row.id)
    const key = recipientKey(row)
    if (key === null) continue
    const group = byKey.get(key)
    if (group) group.push(row.id)
    else byKey.set(key, [row.id])
  }
  const groups = [...byKey.values()].filter((group) => group.length > 1)
  if (groups.length === 0) return null
  const ids = groups.flat()
  return {
    id: 'possible-duplicates',
    title: 'Possible duplicates',
    severity: 'warning',
    count: ids.length,
    contributionIds: ids,
    groups,
    detail: `${ordersText(ids.length)} go to the same recipient and address as another order (${plural(
      groups.length,
      'group',
    )}): combine them into one parcel, or check they are separate pledges.`,
  }
}

// Latin letters, combining marks, and the script-neutral characters (digits, punctuation,
// spaces) are what a Latin-only carrier system can print. Emoji are script-neutral too but no
// label font has them.
const NON_LATIN_RE =
  /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]|\p{Extended_Pictographic}/u

// Basic Latin to Latin Extended-B holds only Latin, Common and Inherited characters: text within
// it (nearly every address) skips the slower property test.
const BEYOND_LATIN_BLOCKS_RE = /[^\t\n\r\x20-\u024f]/

function hasNonLatinAddress(row: CampaignContribution): boolean {
  const s = row.order.shipping
  if (!s) return false
  const text = `${s.name}\n${s.address}\n${s.address2 ?? ''}\n${s.city}\n${s.state}\n${s.zipcode}\n${s.country}`
  return BEYOND_LATIN_BLOCKS_RE.test(text) && NON_LATIN_RE.test(text)
}

function nonLatinAddress(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  const ids: number[] = []
  for (const row of rows) if (hasNonLatinAddress(row)) ids.push(row.id)
  if (ids.length === 0) return null
  return {
    id: 'non-latin-address',
    title: 'Non-Latin characters in address',
    severity: 'warning',
    count: ids.length,
    contributionIds: ids,
    detail: `${ordersText(ids.length)} ${
      ids.length === 1 ? 'has' : 'have'
    } characters outside the Latin alphabet in the address: some carriers refuse them, so add a Latin transcription if yours does.`,
  }
}

function missingPhoneInternational(
  rows: readonly CampaignContribution[],
  senderCountry: string,
): PrePrintCheck | null {
  const sender = countryCode(senderCountry) ?? senderCountry.trim().toUpperCase()
  const ids: number[] = []
  for (const row of rows) {
    const s = row.order.shipping
    // No address is the missing-address check's finding; an empty country cannot be judged.
    if (!s || trimmed(s.address) === '' || trimmed(s.country) === '') continue
    const destination = countryCode(s.country) ?? trimmed(s.country).toUpperCase()
    if (destination === sender) continue
    // "n/a", "-" and the like are no more use to a customs office than an empty field.
    if (!/\d/.test(s.phone_number ?? '')) ids.push(row.id)
  }
  if (ids.length === 0) return null
  return {
    id: 'missing-phone-international',
    title: 'No phone on international order',
    severity: 'warning',
    count: ids.length,
    contributionIds: ids,
    detail: `${ordersText(ids.length)} shipping outside ${sender} ${
      ids.length === 1 ? 'has' : 'have'
    } no phone number: customs forms and couriers usually ask for one.`,
  }
}

/** Problem rows named in the check's sentence; the rest are counted. */
const PROBLEM_ROWS_NAMED = 10

/**
 * Rows of the sync PerkPack could not read are in no selection, pick list or export: worth a
 * look before anything ships, not a reason to stop (each is listed under Orders).
 */
function unreadableRows(rows: readonly ProblemRowRef[] | undefined): PrePrintCheck | null {
  if (!rows || rows.length === 0) return null
  const named = rows.slice(0, PROBLEM_ROWS_NAMED).map(problemRowName).join(', ')
  const more =
    rows.length > PROBLEM_ROWS_NAMED ? ` and ${rows.length - PROBLEM_ROWS_NAMED} more` : ''
  return {
    id: 'problem-rows',
    title: 'Contributions that could not be read',
    severity: 'warning',
    count: rows.length,
    contributionIds: [],
    detail: `${plural(rows.length, 'contribution')} could not be read (${named}${more}): ${
      rows.length === 1 ? 'it is' : 'they are'
    } in no selection, pick list or export. Fix ${
      rows.length === 1 ? 'it' : 'them'
    } on the platform and sync again, or ship by hand.`,
  }
}

function ageText(hours: number): string {
  if (hours < 48) return plural(Math.floor(hours), 'hour')
  return plural(Math.floor(hours / 24), 'day')
}

function staleData(
  rows: readonly CampaignContribution[],
  context: PrePrintContext,
): PrePrintCheck | null {
  const limitHours = context.staleAfterHours ?? DEFAULT_STALE_AFTER_HOURS
  const syncedAt = context.lastSyncedAt === null ? NaN : Date.parse(context.lastSyncedAt)
  if (Number.isNaN(syncedAt)) {
    // Imported data has no sync time: worth knowing, not worth stopping for.
    return {
      id: 'stale-data',
      title: 'Data age unknown',
      severity: 'info',
      count: rows.length,
      contributionIds: [],
      detail: 'Never synced: the age of this data is unknown. Sync to be sure it is current.',
    }
  }
  const ageHours = (context.now.getTime() - syncedAt) / HOUR_MS
  // Strictly older: data exactly at the threshold is still within it.
  if (!(ageHours > limitHours)) return null
  return {
    id: 'stale-data',
    title: 'Data may be out of date',
    severity: 'warning',
    count: rows.length,
    contributionIds: [],
    detail: `Last synced ${ageText(ageHours)} ago: sync again so refunds, holds and address changes since then are included.`,
  }
}

/**
 * What to look at before printing or exporting `contributions` (the selection about to go out).
 * Only checks that found something are returned, in `PRE_PRINT_CHECK_ORDER`. Pure: the clock
 * and the sync time come in through `context`.
 */
export function runPrePrintChecks(
  contributions: readonly CampaignContribution[],
  context: PrePrintContext,
): PrePrintCheck[] {
  const found: (PrePrintCheck | null)[] = [
    missingAddress(contributions, context.privileged),
    refundedOrOnHold(contributions),
    unreadableRows(context.problemRows),
    possibleDuplicates(contributions),
    nonLatinAddress(contributions),
    missingPhoneInternational(contributions, context.senderCountry ?? DEFAULT_SENDER_COUNTRY),
    staleData(contributions, context),
  ]
  return found
    .filter((check): check is PrePrintCheck => check !== null)
    .sort((a, b) => PRE_PRINT_CHECK_ORDER.indexOf(a.id) - PRE_PRINT_CHECK_ORDER.indexOf(b.id))
}

export interface CheckExportRow {
  title: string
  count: number
  detail: string
}

/** Rows of the "Checks" sheet of an export: what was found when the file was written. */
export function checksAsExportRows(checks: readonly PrePrintCheck[]): CheckExportRow[] {
  return checks.map((check) => ({ title: check.title, count: check.count, detail: check.detail }))
}

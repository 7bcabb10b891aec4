import type { CampaignContribution } from '../api/schemas'
import { foldText, joinPresent } from '../fulfillment'
import { neededParts } from './address-rules'
import type { AddressPart } from './address-rules'
import { countryCode } from './countries'

import { problemRowName } from '../problems/report'
import type { ProblemRowRef } from '../problems/report'

export { countryCode } from './countries'

export type PrePrintCheckId =
  | 'missing-address'
  | 'refunded-or-on-hold'
  | 'incomplete-address'
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
  'incomplete-address',
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

const PART_WORDS: Readonly<Record<AddressPart, string>> = {
  city: 'a city',
  state: 'a state or province',
  postcode: 'a postcode',
}

// "n/a", "none" and dashes say no more than an empty field; every postcode system has digits.
const PLACEHOLDER_RE = /^\s*(?:n\.?\/?a\.?|none|unknown|-+|\.+)?\s*$/i
const PART_PATTERN: Readonly<Record<AddressPart, RegExp>> = {
  city: /[\p{L}\p{N}]/u,
  state: /[\p{L}\p{N}]/u,
  postcode: /\p{N}/u,
}
const says = (value: string | null | undefined, part: AddressPart = 'city') =>
  value != null && !PLACEHOLDER_RE.test(value) && PART_PATTERN[part].test(value)

/**
 * Orders whose address lacks a part its destination needs (address-rules.ts): a postcode only
 * where the country uses them, a state only where the post sorts by it. An address without a
 * country is judged as domestic, as labels print it; one whose country cannot be told is not
 * judged at all.
 */
function incompleteAddress(
  rows: readonly CampaignContribution[],
  senderCountry: string,
): PrePrintCheck | null {
  const sender = countryCode(senderCountry) ?? senderCountry.trim().toUpperCase()
  const ids: number[] = []
  const missing: Record<AddressPart, number> = { city: 0, state: 0, postcode: 0 }
  for (const row of rows) {
    const s = row.order.shipping
    // No address at all is the missing-address check's finding.
    if (!s || !says(s.address)) continue
    const destination = trimmed(s.country) === '' ? sender : countryCode(s.country)
    if (destination === null) continue
    const value = { city: s.city, state: s.state, postcode: s.zipcode }
    const lacking = neededParts(destination).filter((part) => !says(value[part], part))
    if (lacking.length === 0) continue
    ids.push(row.id)
    for (const part of lacking) missing[part]++
  }
  if (ids.length === 0) return null
  const parts = (Object.keys(missing) as AddressPart[])
    .filter((part) => missing[part] > 0)
    .map((part) => `${missing[part]} without ${PART_WORDS[part]}`)
  const one = ids.length === 1
  return {
    id: 'incomplete-address',
    title: 'Incomplete address',
    severity: 'warning',
    count: ids.length,
    contributionIds: ids,
    detail: `${ordersText(ids.length)} ${one ? 'has' : 'have'} an address missing a part ${
      one ? 'its' : 'their'
    } country needs (${parts.join(', ')}): complete ${one ? 'it' : 'them'} before printing labels.`,
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
  const place = keyPart(joinPresent([s.address, s.address2, s.city, s.zipcode], ' '))
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
  const text = joinPresent(
    [s.name, s.address, s.address2, s.city, s.state, s.zipcode, s.country],
    '\n',
  )
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
    incompleteAddress(contributions, context.senderCountry ?? DEFAULT_SENDER_COUNTRY),
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

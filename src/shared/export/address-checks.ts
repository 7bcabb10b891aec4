import type { CampaignContribution } from '../api/schemas'
import { joinPresent, shipmentRole } from '../fulfillment'
import { neededParts } from './address-rules'
import type { AddressPart } from './address-rules'
import { ordersText, trimmed } from './check-text'
import { idsWhere, ordersCheck } from './pre-print-check'
import type { PrePrintCheck } from './pre-print-check'
import { countryCode } from '../address/countries'
import { addressesHiddenText } from '../api/hidden-fields-text'

// The checks of the ship-to addresses: none, hidden, missing a part, in a script carriers may
// refuse, abroad without a phone number.

export function missingAddress(
  rows: readonly CampaignContribution[],
  privileged: boolean,
): PrePrintCheck | null {
  const ids = idsWhere(rows, (row) => shipmentRole(row) === 'no-address')
  if (ids.length > 0 && !privileged) {
    // Every address is hidden from an API-token-only sync: listing every order would only hide
    // the one fix there is.
    return {
      id: 'missing-address',
      title: 'Addresses are hidden',
      severity: 'error',
      count: ids.length,
      contributionIds: [],
      detail: addressesHiddenText(ordersText(ids.length)),
    }
  }
  return ordersCheck(
    { id: 'missing-address', title: 'Missing address', severity: 'error' },
    ids,
    (n) =>
      `${ordersText(n)} ${n === 1 ? 'needs' : 'need'} shipping but ${n === 1 ? 'has' : 'have'} no address.`,
  )
}

/**
 * Orders with nothing for a parcel (digital perks only, no perk, perks without items): no label,
 * slip or CSV row is made for them, and the person should know why the counts differ.
 */
export function nothingToShip(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  return ordersCheck(
    { id: 'nothing-to-ship', title: 'Nothing to ship', severity: 'info' },
    idsWhere(rows, (row) => shipmentRole(row) === 'nothing-to-ship'),
    (n) =>
      `${ordersText(n)} ${n === 1 ? 'has' : 'have'} nothing to ship (digital perks only, no perk, or perks without items): ${
        n === 1 ? 'it gets' : 'they get'
      } no label, packing slip or shipper CSV row.`,
  )
}

/** The sender's country as a code: the checks' setting may be a code or a country's name. */
function senderCode(senderCountry: string): string {
  return countryCode(senderCountry) ?? senderCountry.trim().toUpperCase()
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
export function incompleteAddress(
  rows: readonly CampaignContribution[],
  senderCountry: string,
): PrePrintCheck | null {
  const sender = senderCode(senderCountry)
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
  const parts = (Object.keys(missing) as AddressPart[])
    .filter((part) => missing[part] > 0)
    .map((part) => `${missing[part]} without ${PART_WORDS[part]}`)
  return ordersCheck(
    { id: 'incomplete-address', title: 'Incomplete address', severity: 'warning' },
    ids,
    (n) =>
      `${ordersText(n)} ${n === 1 ? 'has' : 'have'} an address missing a part ${
        n === 1 ? 'its' : 'their'
      } country needs (${parts.join(', ')}): complete ${n === 1 ? 'it' : 'them'} before printing labels.`,
  )
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

export function nonLatinAddress(rows: readonly CampaignContribution[]): PrePrintCheck | null {
  return ordersCheck(
    { id: 'non-latin-address', title: 'Non-Latin characters in address', severity: 'warning' },
    idsWhere(rows, hasNonLatinAddress),
    (n) =>
      `${ordersText(n)} ${
        n === 1 ? 'has' : 'have'
      } characters outside the Latin alphabet in the address: some carriers refuse them, so add a Latin transcription if yours does.`,
  )
}

function abroadWithoutPhone(row: CampaignContribution, sender: string): boolean {
  const s = row.order.shipping
  // No address is the missing-address check's finding; an empty country cannot be judged.
  if (!s || trimmed(s.address) === '' || trimmed(s.country) === '') return false
  const destination = countryCode(s.country) ?? trimmed(s.country).toUpperCase()
  // "n/a", "-" and the like are no more use to a customs office than an empty field.
  return destination !== sender && !/\d/.test(s.phone_number ?? '')
}

export function missingPhoneInternational(
  rows: readonly CampaignContribution[],
  senderCountry: string,
): PrePrintCheck | null {
  const sender = senderCode(senderCountry)
  return ordersCheck(
    {
      id: 'missing-phone-international',
      title: 'No phone on international order',
      severity: 'warning',
    },
    idsWhere(rows, (row) => abroadWithoutPhone(row, sender)),
    (n) =>
      `${ordersText(n)} shipping outside ${sender} ${
        n === 1 ? 'has' : 'have'
      } no phone number: customs forms and couriers usually ask for one.`,
  )
}

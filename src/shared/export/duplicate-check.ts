import type { CampaignContribution } from '../api/schemas'
import { foldText, joinPresent } from '../fulfillment'
import { ordersText, plural, trimmed } from './check-text'
import type { PrePrintCheck } from './pre-print-check'
import { countryCode } from '../address/countries'

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

export function possibleDuplicates(rows: readonly CampaignContribution[]): PrePrintCheck | null {
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

/**
 * A problem row with the personal data masked, for text that leaves PerkPack ("Copy details",
 * a support ticket): no e-mails, names, addresses, phone numbers, tokens or passwords. What
 * helps find the fault stays: every key, which values were null, ids, statuses, perks and SKUs.
 */

export const MASK = '[redacted]'

/** Parts of key names that hold a secret or a way to reach a person wherever they appear. */
const PERSONAL_PARTS = ['email', 'e-mail', 'e_mail', 'phone', 'mobile', 'token', 'secret', 'passw']
const PERSONAL_KEYS = new Set([
  'api_key',
  'apikey',
  'avatar_url',
  'address',
  'address1',
  'address2',
  'address_1',
  'address_2',
  'address_line_1',
  'address_line_2',
  'street',
  'zip',
  'zipcode',
  'postcode',
  'post_code',
  'postal_code',
  'first_name',
  'last_name',
  'full_name',
  'display_name',
  'contributor_name',
  'backer_name',
  'birthday',
  'birth_date',
  'date_of_birth',
])

/** Keys of the contribution itself that name its backer (`by` is the public display name). */
const PERSONAL_AT_TOP = new Set(['by', 'name', 'ip', 'ip_address'])

/** Objects holding a postal address: every value in them is personal but the country. */
const ADDRESS_OBJECTS = new Set([
  'shipping',
  'shipping_address',
  'billing',
  'billing_address',
  'address',
  'recipient',
  'customer',
  'buyer',
  'backer',
  'contact',
])
const KEPT_IN_ADDRESS = new Set(['country', 'country_code', 'countrycode'])

function isPersonalKey(lower: string, depth: number): boolean {
  return (
    PERSONAL_KEYS.has(lower) ||
    PERSONAL_PARTS.some((part) => lower.includes(part)) ||
    (depth === 0 && PERSONAL_AT_TOP.has(lower))
  )
}

const EMAIL_IN_TEXT = /[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[^\s@"'<>()[\]{},;:]+/g
const SECRET_IN_URL = /((?:access|api|refresh)_?token|password|secret)=[^&#\s"']*/gi

/** Every leaf masked, keys and nulls kept (which fields were missing is what a fault looks like). */
function maskAll(value: unknown): unknown {
  if (value === null || value === undefined) return value
  if (Array.isArray(value)) return value.map(maskAll)
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAll(inner)]))
  }
  return MASK
}

/** A string cleared of e-mail addresses and secrets in URLs; the rest of it kept. */
export function maskText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, MASK).replace(SECRET_IN_URL, `$1=${MASK}`)
}

function mask(value: unknown, depth: number, inAddress: boolean): unknown {
  if (value === null || value === undefined) return value
  if (typeof value !== 'object') {
    if (inAddress) return MASK
    return typeof value === 'string' ? maskText(value) : value
  }
  if (Array.isArray(value)) return value.map((item) => mask(item, depth + 1, inAddress))
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    const lower = key.toLowerCase()
    if (inAddress)
      out[key] = KEPT_IN_ADDRESS.has(lower) ? mask(inner, depth + 1, false) : maskAll(inner)
    else if (ADDRESS_OBJECTS.has(lower)) out[key] = mask(inner, depth + 1, true)
    else if (isPersonalKey(lower, depth)) out[key] = maskAll(inner)
    else out[key] = mask(inner, depth + 1, false)
  }
  return out
}

/**
 * `raw` (a contribution as the API sent it) with personal data masked: e-mails, names, the
 * shipping address but its country, phone numbers, avatars, tokens and passwords; e-mail
 * addresses and token parameters inside any other text too. Never throws; never changes `raw`.
 */
export function maskPersonalData(raw: unknown): unknown {
  return mask(raw, 0, false)
}

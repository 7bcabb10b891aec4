import { format } from '@fragaria/address-formatter'
import type { Shipping } from '../../shared/api/schemas'

const displayNames = new Map<string, Intl.DisplayNames>()

/** "Japan" for "JP" in the sender's language; the code itself when the runtime does not know it. */
function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale)
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' })
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
    }
    displayNames.set(locale, names)
  }
  const trimmed = code.trim()
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed
  try {
    return names.of(trimmed.toUpperCase()) ?? trimmed
  } catch {
    return trimmed
  }
}

/**
 * The ship-to block as the destination's post expects it (street before or after the number,
 * postcode before or after the city), from OpenCage's per-country templates. The last line is
 * the country in the sender's language, in capitals as the UPU asks of international mail; the
 * templates' own country names are English-only, so they are left out and added here.
 */
export function formatAddress(shipping: Shipping | null | undefined, locale: string): string[] {
  if (!shipping) return []
  const code = (shipping.country ?? '').trim().toUpperCase()
  // Only the parts that say something: the formatter prints a key given as undefined as the
  // word "undefined", and a blank one as an empty line.
  const parts: Record<string, string> = {}
  const put = (key: string, value: string | null | undefined) => {
    const text = value?.trim()
    if (text) parts[key] = text
  }
  put('attention', shipping.name)
  put('road', shipping.address)
  put('city', shipping.city)
  put('state', shipping.state)
  put('postcode', shipping.zipcode)
  const lines = format(
    { ...parts, ...(/^[A-Z]{2}$/.test(code) ? { countryCode: code } : {}) },
    { output: 'array', appendCountry: false },
  )
    .map((line) => line.trim())
    // With nothing else to print the templates fall back to the bare country code; the country
    // line below says it in words.
    .filter((line) => line !== '' && line.toUpperCase() !== code)
  // The templates have no slot for a second street line; it belongs right under the first.
  const second = shipping.address2?.trim()
  const first = parts.road
  if (second) {
    const street = first ? lines.findIndex((line) => line.includes(first)) : -1
    lines.splice(street === -1 ? Math.min(1, lines.length) : street + 1, 0, second)
  }
  if (code) lines.push(countryName(code, locale).toLocaleUpperCase(locale))
  return lines
}

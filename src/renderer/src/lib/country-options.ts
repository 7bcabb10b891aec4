import { countryCode } from '@shared/address'
import { foldText } from '@shared/fulfillment'
import { formatCount } from '@shared/format/counts'
import type { CountryCount } from '@shared/ipc'

export interface CountryOption {
  /** "United States (1,204)". */
  label: string
  /** As the orders spell it: what the filter compares. */
  value: string
  /** The ISO code the value stands for, null when it is no country PerkPack knows. */
  code: string | null
  /** Folded name and spelling, what typing is compared with. */
  search: string
}

// The interface is English throughout (see format/counts.ts): country names too.
let names: Intl.DisplayNames | undefined

function countryName(code: string | null, spelled: string): string {
  if (code === null) return spelled
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  return names.of(code) ?? spelled
}

/**
 * The country filter's choices: each country the orders ship to by its name, with how many
 * orders do ("United States (1,204)"), sorted by name. Two spellings of one country ("DE",
 * "Deutschland") stay apart, as the filter compares spellings, each saying how it was spelled.
 */
export function countryOptions(counts: readonly CountryCount[]): CountryOption[] {
  const named = counts.map((entry) => {
    const code = countryCode(entry.country)
    return { ...entry, code, name: countryName(code, entry.country) }
  })
  const sameName = (name: string) => named.filter((n) => n.name === name).length > 1
  return named
    .map(({ country, count, code, name }) => {
      const shown = sameName(name) && country !== code ? `${name}, as “${country}”` : name
      return {
        label: `${shown} (${formatCount(count)})`,
        value: country,
        code,
        search: foldText(`${name}\n${country}`),
      }
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
}

/**
 * Whether a typed text finds a country: a code or a name, in any of the languages backers
 * write them in, finds that country ("US", "uk", "Deutschland"; not every name holding "us");
 * anything else finds the names and spellings holding it ("united", "kingdom").
 */
export function countryMatches(typed: string, option: CountryOption): boolean {
  const text = foldText(typed.trim())
  if (text === '') return true
  const code = countryCode(typed)
  if (code !== null) return option.code === code || option.search.startsWith(text)
  return option.search.includes(text)
}

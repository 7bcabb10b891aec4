import { countryCode } from '../address/countries'
import { variantKey } from '../fulfillment/variant'
import type { Choice } from '../fulfillment/variant'

// The checks of what a catalogue row says: an HS code customs can read, a country of origin
// that is a country, a currency code, the variant's choices; and which destinations leave the
// sender's customs area.

/**
 * The HS code as digits (dots and spaces people type removed), or a sentence naming what is
 * wrong with it. Six digits are the Harmonized System's international part; countries add up to
 * four (US HTS 10, EU CN 8, TARIC 10). Chapters run 01 to 97; 77 is reserved and unused.
 */
export function readHsCode(text: string): { code: string } | { problem: string } {
  const code = text.replace(/[\s.-]/g, '')
  if (!/^\d+$/.test(code))
    return { problem: `HS code "${text}" has characters other than digits: use 6 to 10 digits.` }
  if (code.length < 6 || code.length > 10)
    return {
      problem: `HS code "${text}" has ${code.length} digits: it needs 6 to 10 (the first 6 are the international part).`,
    }
  const chapter = Number(code.slice(0, 2))
  if (chapter < 1 || chapter > 97 || chapter === 77)
    return {
      problem: `HS code "${text}" starts with chapter ${code.slice(0, 2)}, which does not exist: look the item up in a tariff finder.`,
    }
  return { code }
}

/** An ISO 3166-1 alpha-2 code from a code or a country's name, or the problem with it. */
export function readOriginCountry(text: string): { code: string } | { problem: string } {
  const code = countryCode(text)
  if (code !== null) return { code }
  return {
    problem: `Country of origin "${text}" is not a country PerkPack knows: use its two-letter ISO code (CN, DE, US).`,
  }
}

/** An ISO 4217 currency code (three letters), upper-cased, or the problem with it. */
export function readCurrency(text: string): { code: string } | { problem: string } {
  const code = text.trim().toUpperCase()
  if (/^[A-Z]{3}$/.test(code)) return { code }
  return { problem: `Currency "${text}" is not a three-letter code: use USD, EUR, GBP, ….` }
}

// The EU customs union: its 27 members, and Monaco, which is inside the EU's customs territory
// (through France). Parts of members outside it (the Canary Islands, Åland for excise, …) cannot
// be told from a country code and are treated as their country.
const EU_CUSTOMS_UNION = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'MC',
]) // prettier-ignore

/** The customs area a country is in: 'EU' for the union's members, else the country itself. */
export function customsArea(country: string): string {
  const code = countryCode(country) ?? country.trim().toUpperCase()
  return EU_CUSTOMS_UNION.has(code) ? 'EU' : code
}

/**
 * Whether a parcel to `destination` crosses a customs border from `sender`: the EU counts as
 * one area. An unknown destination counts as abroad: asking for customs data too often costs a
 * look, a missing declaration costs a parcel.
 */
export function leavesCustomsArea(sender: string, destination: string | null | undefined): boolean {
  const to = countryCode(destination)
  if (to === null) return (destination ?? '').trim() !== ''
  return customsArea(sender) !== customsArea(to)
}

/**
 * The choices of a variant as people write them: `Size=M|Colour=Black`, `Size: M; Colour: Black`
 * or `Size=M, Colour=Black`, in any order. A part without a name is a value alone.
 */
export function parseVariant(text: string): Choice[] {
  const trimmedText = text.trim()
  if (trimmedText === '') return []
  const separator = trimmedText.includes('|') ? '|' : trimmedText.includes(';') ? ';' : ','
  const choices: Choice[] = []
  for (const part of trimmedText.split(separator)) {
    const clean = unescapeKeyPart(part.trim())
    if (clean === '') continue
    const at = clean.search(/[=:]/)
    choices.push(
      at < 0
        ? { name: '', value: clean }
        : { name: clean.slice(0, at).trim(), value: clean.slice(at + 1).trim() },
    )
  }
  return choices
}

function unescapeKeyPart(part: string): string {
  return part.replace(/%(25|7C|3D)/gi, (_, hex: string) =>
    hex === '25' ? '%' : hex.toUpperCase() === '7C' ? '|' : '=',
  )
}

/** The variant as the catalogue stores it: the variant key's text after the SKU code. */
export function canonicalVariant(text: string): string {
  const key = variantKey('', parseVariant(text))
  return key.startsWith('|') ? key.slice(1) : key
}

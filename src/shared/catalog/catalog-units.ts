// Reading the numbers a catalogue file holds as people write them: "250", "0,25 kg", "8.8oz",
// "1 lb", "4 in". Weights come out in grams, lengths in centimetres.

const WEIGHT_UNITS: Readonly<Record<string, number>> = {
  g: 1,
  gram: 1,
  grams: 1,
  kg: 1000,
  oz: 28.349523125,
  lb: 453.59237,
  lbs: 453.59237,
}
const LENGTH_UNITS: Readonly<Record<string, number>> = {
  cm: 1,
  mm: 0.1,
  m: 100,
  in: 2.54,
  inch: 2.54,
  inches: 2.54,
  '"': 2.54,
}

export type UnitKind = 'weight' | 'length'

export const UNIT_NAMES: Readonly<Record<UnitKind, readonly string[]>> = {
  weight: Object.keys(WEIGHT_UNITS),
  length: Object.keys(LENGTH_UNITS),
}

/** A plain number: a decimal comma is read as a point ("1,5"), thousands separators are not. */
export function readNumber(text: string): number | null {
  const clean = text.trim().replace(/^'/, '')
  if (!/^\d+([.,]\d+)?$|^[.,]\d+$/.test(clean)) return null
  return Number(clean.replace(',', '.'))
}

/**
 * A weight or length in the catalogue's unit (grams, centimetres); `unit` is the column's unit
 * (from its header), which a unit written after the number replaces. null: not a number.
 */
export function readMeasure(text: string, kind: UnitKind, unit: string): number | null {
  const units = kind === 'weight' ? WEIGHT_UNITS : LENGTH_UNITS
  const match = /^\s*'?([\d.,]+)\s*([a-z"]*)\.?\s*$/i.exec(text)
  if (!match) return null
  const value = readNumber(match[1]!)
  const factor = units[(match[2] || unit).toLowerCase()]
  if (value === null || factor === undefined) return null
  // Grams to the gram's tenth, centimetres to the tenth of a millimetre: what scales measure.
  return (
    Math.round(value * factor * (kind === 'weight' ? 10 : 100)) / (kind === 'weight' ? 10 : 100)
  )
}

/** Yes or no as a spreadsheet may say it; null when it says neither. */
export function readYesNo(text: string): boolean | null {
  const clean = text.trim().toLowerCase()
  if (['y', 'yes', 'true', '1', 'x', 'ja', 'oui', 'sí', 'si'].includes(clean)) return true
  if (['', 'n', 'no', 'false', '0', 'nein', 'non'].includes(clean)) return false
  return null
}

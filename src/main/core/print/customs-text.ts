import type { OrderParcel, ParcelLine } from '../../../shared/catalog'

// The figures and words both customs forms print, so the CN22 on a label and the CN23 of the
// same order read the same: kilograms to the gram, values to the cent with their currency.

/** "0.360" (kilograms, as both forms ask); '' when not known. */
export function kilograms(grams: number | null | undefined): string {
  return grams == null ? '' : (grams / 1000).toFixed(3)
}

/** "60.00"; '' when not known. */
export function money(value: number | null | undefined): string {
  return value == null ? '' : value.toFixed(2)
}

/** What customs reads for a line: the catalogue's customs description, else the item's name. */
export function lineDescription(line: ParcelLine): string {
  return line.fields.customsDescription ?? line.name
}

/** Net weight of a line's units, grams; null when the item has no weight. */
export function lineWeightG(line: ParcelLine): number | null {
  return line.fields.weightG === undefined ? null : line.fields.weightG * line.quantity
}

/** Value of a line's units, rounded to the cent; null when not known. */
export function lineValue(line: ParcelLine): number | null {
  return line.unitValue === null ? null : Math.round(line.unitValue * line.quantity * 100) / 100
}

/** The currency a form names: the parcel's, or its lines' mixed ones, named. */
export function currencyText(parcel: OrderParcel): string {
  const all = [...new Set(parcel.lines.map((line) => line.currency))]
  return all.length > 1 ? all.join('/') : parcel.currency
}

export const CERTIFICATION =
  'I, the undersigned, whose name and address are given on the item, certify that the ' +
  'particulars given in this declaration are correct and that this item does not contain any ' +
  'dangerous article or articles prohibited by legislation or by postal or customs regulations.'

export const SIGNATURE_LABEL = "Date and sender's signature"

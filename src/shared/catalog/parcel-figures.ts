import type { OrderParcel, ParcelLine } from './parcel'

// The parcel's figures as shipper files write them: grams and centimetres for the generic file,
// ounces and inches for US shippers. '' where a figure is not known, so a shipper's importer
// sees an empty cell (and asks) rather than a zero it would believe.

export type Figure = number | ''

const G_PER_OZ = 28.349523125
const CM_PER_IN = 2.54
const round2 = (value: number) => Math.round(value * 100) / 100

export const ounces = (grams: number | null | undefined): Figure =>
  grams == null ? '' : round2(grams / G_PER_OZ)
export const inches = (cm: number | null | undefined): Figure =>
  cm == null ? '' : round2(cm / CM_PER_IN)
const figure = (value: number | null | undefined): Figure => (value == null ? '' : value)

export interface ParcelFigures {
  parcelWeightG: Figure
  parcelWeightOz: Figure
  parcelLengthCm: Figure
  parcelWidthCm: Figure
  parcelHeightCm: Figure
  parcelLengthIn: Figure
  parcelWidthIn: Figure
  parcelHeightIn: Figure
  /** The order's customs value, and "2x Cotton T-shirt, 1x Ceramic mug". */
  declaredValue: Figure
  declaredCurrency: string
  contentsDescription: string
}

export interface LineFigures {
  itemWeightG: Figure
  itemWeightOz: Figure
  hsCode: string
  originCountry: string
  customsDescription: string
  customsValue: Figure
  customsCurrency: string
}

export const NO_PARCEL_FIGURES: ParcelFigures = {
  parcelWeightG: '',
  parcelWeightOz: '',
  parcelLengthCm: '',
  parcelWidthCm: '',
  parcelHeightCm: '',
  parcelLengthIn: '',
  parcelWidthIn: '',
  parcelHeightIn: '',
  declaredValue: '',
  declaredCurrency: '',
  contentsDescription: '',
}

export const NO_LINE_FIGURES: LineFigures = {
  itemWeightG: '',
  itemWeightOz: '',
  hsCode: '',
  originCountry: '',
  customsDescription: '',
  customsValue: '',
  customsCurrency: '',
}

/**
 * The order's figures. The size is the one box's; an order in several boxes (an item that
 * ships in its own box beside the rest) has its total weight and no size: one row cannot give
 * two boxes' sizes, and the shipper asks for each.
 */
export function parcelFigures(parcel: OrderParcel): ParcelFigures {
  const box = parcel.boxes.length === 1 ? parcel.boxes[0]! : null
  return {
    parcelWeightG: figure(parcel.weightG),
    parcelWeightOz: ounces(parcel.weightG),
    parcelLengthCm: figure(box?.lengthCm),
    parcelWidthCm: figure(box?.widthCm),
    parcelHeightCm: figure(box?.heightCm),
    parcelLengthIn: inches(box?.lengthCm),
    parcelWidthIn: inches(box?.widthCm),
    parcelHeightIn: inches(box?.heightCm),
    declaredValue: figure(parcel.value),
    declaredCurrency: parcel.value === null ? '' : parcel.currency,
    contentsDescription: parcel.lines
      .map((line) => `${line.quantity}x ${line.fields.customsDescription ?? line.name}`)
      .join(', '),
  }
}

export function lineFigures(line: ParcelLine | undefined): LineFigures {
  if (!line) return NO_LINE_FIGURES
  const f = line.fields
  return {
    itemWeightG: figure(f.weightG),
    itemWeightOz: ounces(f.weightG),
    hsCode: f.hsCode ?? '',
    originCountry: f.originCountry ?? '',
    customsDescription: f.customsDescription ?? '',
    customsValue: line.unitValue === null ? '' : round2(line.unitValue),
    customsCurrency: line.unitValue === null ? '' : line.currency,
  }
}

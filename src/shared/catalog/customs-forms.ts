import type { CampaignContribution } from '../api/schemas'
import { notShipping } from '../fulfillment/shipping'
import { indexCatalog } from './catalog-index'
import type { Catalog } from './catalog-model'
import { leavesCustomsArea } from './customs-rules'
import { orderParcel } from './parcel'
import type { OrderParcel } from './parcel'

// Which customs declaration a parcel leaving the sender's customs area carries: the CN22 on its
// 4×6 label, or a CN23 (with commercial invoice) printed on office paper. One rule for the
// labels, `perkpack customs` and the app's "Customs forms (CN23)", so every parcel that gets
// "see CN23" on its label is in the CN23 file, and no other.
//
// Sources (read 2026-01, docs/printing.md "Customs forms"): the UPU CN22 form's instructions
// ("If the value of the contents is more than 300 SDR, you must use a CN 23 form"; categories
// Gift, Documents, Commercial sample, Returned goods, Sale of goods, Other; "Gift is not an
// acceptable reason for export for commercial items"); letter-post items, which the CN22 is
// for, weigh at most 2 kg; the IMF's SDR rates of 22 December 2025 (29 December for CHF, SEK,
// SGD), as published by Business Recorder on 23 and 30 December 2025.

/** The UPU's CN22 ceiling, in Special Drawing Rights. */
export const CN22_LIMIT_SDR = 300

/**
 * A value this close under the ceiling takes the CN23 too: the rates are one day's, and a
 * CN23 is accepted at any value while a CN22 over the ceiling is not.
 */
export const CN22_MARGIN = 0.05

/** Heaviest letter-post item (small packet) in grams; heavier parcels are postal parcels. */
export const CN22_MAX_WEIGHT_G = 2000

/** Item lines the CN22 part of a 4×6 label has room for; more go on a CN23. */
export const CN22_MAX_LINES = 4

/** The date of SDR_PER_UNIT, printed in the docs and the CLI's help. */
export const SDR_RATES_DATE = '2025-12-22'

/** SDR per unit of each currency (IMF); a currency not listed cannot be held to the ceiling. */
export const SDR_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 0.731435, EUR: 0.85907, GBP: 0.982866, JPY: 0.0046402, CNY: 0.103929, AUD: 0.483894,
  CAD: 0.53203, CHF: 0.923765, SEK: 0.0794023, NOK: 0.0722669, DKK: 0.114993, PLN: 0.20372,
  CZK: 0.0353367, NZD: 0.421709, SGD: 0.568203, KRW: 0.000494949, INR: 0.0081682,
  ILS: 0.228146, MXN: 0.0406839, BRL: 0.132069, MYR: 0.179317,
} // prettier-ignore

/**
 * The category ticked on both forms. A reward is what the backer paid for: "Sale of goods"
 * (USPS calls it Merchandise). "Gift" is refused for commercial items, and "Other" makes
 * customs ask why.
 */
export const CUSTOMS_CATEGORY = 'Sale of goods'
export const CUSTOMS_CATEGORIES = [
  'Gift',
  'Documents',
  'Commercial sample',
  'Returned goods',
  'Sale of goods',
  'Other',
] as const

export type CustomsForm = 'CN22' | 'CN23'

export interface CustomsDeclaration {
  row: CampaignContribution
  parcel: OrderParcel
  form: CustomsForm
  /** Why a CN23, in words for a person ("value over 300 SDR"); null for a CN22. */
  why: string | null
}

export interface CustomsContext {
  catalog: Catalog
  /** The campaign's currency, for values taken from the pledge. */
  currency: string
  /** ISO code of the country parcels leave from (Settings). */
  senderCountry: string
}

/** The parcel's value in SDR; null when it is not known or its currency has no rate here. */
export function valueInSdr(parcel: Pick<OrderParcel, 'value' | 'currency'>): number | null {
  const rate = SDR_PER_UNIT[parcel.currency.toUpperCase()]
  return parcel.value === null || rate === undefined ? null : parcel.value * rate
}

/** The form a parcel's declaration takes, and why a CN23 when it is one. */
export function customsFormOf(parcel: OrderParcel): { form: CustomsForm; why: string | null } {
  const cn23 = (why: string) => ({ form: 'CN23' as const, why })
  if (parcel.lines.length > CN22_MAX_LINES)
    return cn23(`${parcel.lines.length} item lines, more than the CN22 holds`)
  const sdr = valueInSdr(parcel)
  if (parcel.value === null) return cn23('value not known')
  if (sdr === null) return cn23(`no SDR rate for ${parcel.currency}`)
  if (sdr > CN22_LIMIT_SDR * (1 - CN22_MARGIN)) return cn23(`value over ${CN22_LIMIT_SDR} SDR`)
  if (parcel.weightG !== null && parcel.weightG > CN22_MAX_WEIGHT_G)
    return cn23('heavier than 2 kg')
  return { form: 'CN22', why: null }
}

/**
 * The declarations of the orders that ship and leave the sender's customs area (the EU as one
 * area: customs-rules.ts), in the order given. Orders that stay inside need none.
 */
export function customsDeclarations(
  rows: readonly CampaignContribution[],
  context: CustomsContext,
): CustomsDeclaration[] {
  const index = indexCatalog(context.catalog)
  const out: CustomsDeclaration[] = []
  for (const row of rows) {
    if (notShipping(row) !== null) continue
    if (!leavesCustomsArea(context.senderCountry, row.order.shipping?.country)) continue
    const parcel = orderParcel(row, context.catalog, index, context)
    if (parcel.lines.length === 0) continue
    out.push({ row, parcel, ...customsFormOf(parcel) })
  }
  return out
}

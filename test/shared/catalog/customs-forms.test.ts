import { describe, expect, it } from 'vitest'
import { customsDeclarations, customsFormOf } from '../../../src/shared/catalog'
import type { Catalog, OrderParcel } from '../../../src/shared/catalog'
import { CATALOG, order, perk } from './catalog-fixtures'

/** A parcel of `lines` lines worth `value` in `currency`, weighing `weightG`. */
function parcel(value: number | null, currency = 'USD', weightG: number | null = 500, lines = 1) {
  return {
    lines: Array.from({ length: lines }, () => ({})),
    value,
    currency,
    weightG,
  } as unknown as OrderParcel
}

describe('customsFormOf', () => {
  it('keeps a CN22 up to 95 % of 300 SDR and takes a CN23 above', () => {
    // 300 SDR × 0.95 = 285 SDR; at 0.731435 SDR per dollar that is 389.65 USD.
    expect(customsFormOf(parcel(389))).toEqual({ form: 'CN22', why: null })
    expect(customsFormOf(parcel(390))).toEqual({ form: 'CN23', why: 'value over 300 SDR' })
    // 285 SDR at 0.982866 SDR per pound: 289.97 GBP.
    expect(customsFormOf(parcel(289, 'GBP')).form).toBe('CN22')
    expect(customsFormOf(parcel(291, 'GBP')).form).toBe('CN23')
  })

  it('takes a CN23 when the value cannot be held to the ceiling, for more lines than the CN22 holds, and over 2 kg', () => {
    expect(customsFormOf(parcel(null))).toEqual({ form: 'CN23', why: 'value not known' })
    expect(customsFormOf(parcel(10, 'HKD'))).toEqual({ form: 'CN23', why: 'no SDR rate for HKD' })
    expect(customsFormOf(parcel(10, 'USD', 500, 5)).why).toBe(
      '5 item lines, more than the CN22 holds',
    )
    expect(customsFormOf(parcel(10, 'USD', 500, 4)).form).toBe('CN22')
    expect(customsFormOf(parcel(10, 'USD', 2001))).toEqual({
      form: 'CN23',
      why: 'heavier than 2 kg',
    })
    expect(customsFormOf(parcel(10, 'USD', 2000)).form).toBe('CN22')
  })
})

describe('customsDeclarations', () => {
  const catalog: Catalog = CATALOG
  const mug = () => [perk(1, 20, [{ sku: 'MUG', quantity: 1 }])]

  it("declares the parcels that leave the sender's customs area, the EU as one area", () => {
    const rows = [order(mug(), 'FR'), order(mug(), 'CH'), order(mug(), 'DE'), order(mug(), 'US')]
    const fromGermany = customsDeclarations(rows, { catalog, currency: 'EUR', senderCountry: 'DE' })
    expect(fromGermany.map((d) => d.row.order.shipping?.country)).toEqual(['CH', 'US'])
    const fromUs = customsDeclarations(rows, { catalog, currency: 'USD', senderCountry: 'US' })
    expect(fromUs.map((d) => d.row.order.shipping?.country)).toEqual(['FR', 'CH', 'DE'])
    expect(fromUs.every((d) => d.form === 'CN22')).toBe(true)
  })

  it('values a pledge-priced item in the campaign currency given', () => {
    // PIN has no value: the perk's 30 over one unit, in the campaign's EUR.
    const rows = [order([perk(2, 30, [{ sku: 'PIN', quantity: 1 }])], 'CH')]
    const [decl] = customsDeclarations(rows, { catalog, currency: 'EUR', senderCountry: 'DE' })
    expect(decl?.parcel).toMatchObject({ value: 30, currency: 'EUR' })
  })
})

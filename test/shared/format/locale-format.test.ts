import { describe, expect, it } from 'vitest'
import {
  calendarDayIso,
  currencyOf,
  formatDate,
  formatMoney,
} from '../../../src/shared/format/locale-format'
import { paymentMethodText, statusText } from '../../../src/shared/fulfillment'

describe('pledge dates', () => {
  it("says the day of the timestamp's own clock, whatever this machine's time zone", () => {
    // 06:34 on 1 March in UTC; the backer pledged on the evening of 28 February.
    expect(formatDate('2026-02-28T22:34:00-08:00', 'en-US')).toBe('Feb 28, 2026')
    expect(formatDate('2026-02-28T22:34:00-08:00', 'de')).toBe('28.02.2026')
    expect(calendarDayIso('2026-02-28T22:34:00-08:00')).toBe('2026-02-28')
  })

  it('shows a dash when absent and drift as it came', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('  ')).toBe('—')
    expect(formatDate('last tuesday')).toBe('last tuesday')
    expect(formatDate('2026-02-31T10:00:00Z')).toBe('2026-02-31T10:00:00Z')
    expect(calendarDayIso('2026-02-31T10:00:00Z')).toBe('2026-02-31T10:00:00Z')
    expect(calendarDayIso(undefined)).toBe('')
  })
})

describe('money', () => {
  it('names the currency when known and is a plain number when not', () => {
    expect(formatMoney(25, currencyOf({ iso_code: 'EUR', symbol: '€', iso_num: 978 }))).toBe('€25')
    expect(formatMoney(7, currencyOf('chf'))).toBe('7 CHF')
    expect(formatMoney(12.5, currencyOf(null), 'en')).toBe('12.50')
    expect(formatMoney(12.5, currencyOf({ symbol: 7 }), 'en')).toBe('12.50')
    expect(currencyOf('dollars')).toBeNull()
  })
})

describe('status and payment words', () => {
  it('turns known and unknown codes into words and keeps words as they came', () => {
    expect(statusText('in_fulfillment')).toBe('In fulfillment')
    expect(statusText('refund_pending')).toBe('Refund pending')
    expect(statusText('backordered')).toBe('Backordered')
    expect(statusText('constructor')).toBe('Constructor')
    expect(paymentMethodText('credit_card')).toBe('Credit card')
    expect(paymentMethodText('PayPal')).toBe('PayPal')
    expect(paymentMethodText('crypto_wallet')).toBe('Crypto wallet')
    expect(paymentMethodText(null)).toBe('')
  })
})

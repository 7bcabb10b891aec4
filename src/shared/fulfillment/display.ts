import type { OrderStatus, OrderStatusText } from '../api/schemas'
import { codeWords } from '../format/code-words'
import { HELD_STATUS } from './ship-status'

// How the parts of an order read when the API left them blank. One rule per part, used by every
// output (table, drawer, labels, slips, exports, CLI), so none prints "null" or an empty name.

/** A perk's label, or "Perk 4748481" when the API sent a blank one: a perk is never nameless. */
export function perkLabel(perk: { id: number; label: string }): string {
  const label = perk.label.trim()
  return label === '' ? `Perk ${perk.id}` : label
}

/** Perk labels joined with `separator`, or '' for an order without a perk. */
export function perkLabels(perks: readonly { id: number; label: string }[], separator: string) {
  let text = ''
  for (const perk of perks) text += text === '' ? perkLabel(perk) : `${separator}${perkLabel(perk)}`
  return text
}

/** The parts that say something, trimmed and joined: never "null", never a dangling separator. */
export function joinPresent(parts: readonly (string | null | undefined)[], separator: string) {
  let text = ''
  for (const part of parts) {
    const value = part?.trim()
    if (value) text += text === '' ? value : `${separator}${value}`
  }
  return text
}

const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  captured: 'Captured',
  pending: 'Pending',
  in_fulfillment: 'In fulfillment',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
  unprocessable: 'Unprocessable',
  on_hold: 'On hold',
}

/**
 * "In fulfillment" for `in_fulfillment`; a status PerkPack does not know in words too
 * ("Refund pending" for `refund_pending`). The one reading of a status for people: the window,
 * the printed documents, the Excel list and the CLI's tables. Files other programs import (CSV
 * status columns, JSON) keep the API's code.
 */
export function statusText(status: OrderStatusText): string {
  if (status === HELD_STATUS) return 'Held on the floor'
  return Object.hasOwn(STATUS_WORDS, status)
    ? STATUS_WORDS[status as OrderStatus]
    : codeWords(status)
}

// The methods the platform is known to send; anything else is shown as it came.
const PAYMENT_WORDS: Readonly<Record<string, string>> = {
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  bank_transfer: 'Bank transfer',
  sepa_debit: 'SEPA direct debit',
}

/** "Credit card" for `credit_card`; '' when the API sent none; other codes in words. */
export function paymentMethodText(method: string | null | undefined): string {
  const raw = (method ?? '').trim()
  const key = raw.toLowerCase()
  return Object.hasOwn(PAYMENT_WORDS, key) ? (PAYMENT_WORDS[key] as string) : codeWords(raw)
}

/**
 * A label's order as the label preview and `perkpack labels` name it: "#12", or the contribution
 * of an order the API sent without a number.
 */
export function labelOrderName(label: {
  contributionId: number
  sequenceNumber: number | null | undefined
}): string {
  return label.sequenceNumber == null
    ? `contribution ${label.contributionId}`
    : `#${label.sequenceNumber}`
}

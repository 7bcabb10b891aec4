import { describe, expect, it } from 'vitest'
import { normalizeStatus, ORDER_STATUSES } from '../../../src/shared/api/schemas'
import {
  SHIPPING_STATUSES,
  statusShips,
  stopKind,
  stopReasonText,
} from '../../../src/shared/fulfillment'

describe('which statuses let an order ship: an allowlist', () => {
  it('ships captured, in fulfillment and fulfilled, and nothing else of the seven', () => {
    expect(SHIPPING_STATUSES).toEqual(['captured', 'in_fulfillment', 'fulfilled'])
    const stopped = ORDER_STATUSES.filter((status) => !statusShips(status))
    expect(stopped).toEqual(['pending', 'refunded', 'unprocessable', 'on_hold'])
  })

  it('stops every status PerkPack does not know, whatever it says', () => {
    for (const status of ['chargeback', 'disputed', 'refund_pending', 'partially_refunded']) {
      expect(statusShips(status), status).toBe(false)
    }
    // Text nobody named, an empty one, and names an object's prototype answers to.
    for (const status of ['shipped', 'ready', '', 'constructor', 'toString', '__proto__']) {
      expect(statusShips(status), status).toBe(false)
      expect(stopKind(status), status).toBe('unknown')
    }
  })

  it('reads a known status however the API writes it (read as known, then allowed)', () => {
    expect(statusShips(normalizeStatus(' CAPTURED '))).toBe(true)
    expect(statusShips(normalizeStatus('In-Fulfillment'))).toBe(true)
    // As sent, before reading: not a status PerkPack knows, so not one that ships.
    expect(statusShips('CAPTURED')).toBe(false)
  })

  it('tells money in question apart from a status nobody named', () => {
    expect(stopKind('captured')).toBeNull()
    expect(stopKind('refunded')).toBe('refunded')
    expect(stopKind('on_hold')).toBe('on-hold')
    expect(stopKind('unprocessable')).toBe('unprocessable')
    expect(stopKind('pending')).toBe('pending')
    for (const status of [
      'chargeback',
      'Charge-Back',
      'disputed',
      'dispute_open',
      'refund_pending',
      'partially_refunded',
      'payment_reversed',
      'fraud_review',
    ]) {
      expect(stopKind(status), status).toBe('in-question')
    }
    expect(stopKind('backordered')).toBe('unknown')
  })

  it('says why an order is left out, quoting a status PerkPack does not know', () => {
    expect(stopReasonText('captured')).toBe('')
    expect(stopReasonText('refunded')).toBe('Refunded: the money went back to the backer')
    expect(stopReasonText('pending')).toBe('Pending: not paid yet')
    expect(stopReasonText('chargeback')).toBe(
      'Status "Chargeback": a dispute, chargeback or refund is under way',
    )
    expect(stopReasonText('backordered')).toBe(
      'Status "Backordered": a status PerkPack does not know, so nobody has said it may ship',
    )
  })
})

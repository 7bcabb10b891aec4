import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { blankFloorState } from '../../../src/shared/floor/order-state'
import {
  isStopStatus,
  packedButStopped,
  packedButStoppedText,
  packWarnings,
  packWarningText,
} from '../../../src/shared/floor/pack-checks'
import { makeContribution } from '../../main/fixtures/contributions'

/** A captured order with items that ship, its status replaced by `status` (as the API sent it). */
function withStatus(status: string, n = 0): CampaignContribution {
  const row = makeContribution(n)
  return { ...row, order: { ...row.order, status } }
}

describe('packWarnings: a status that does not ship stops the box', () => {
  it('warns of every status but captured, in fulfillment and fulfilled', () => {
    for (const status of ['captured', 'in_fulfillment', 'fulfilled']) {
      expect(packWarnings(1, withStatus(status), null), status).toEqual([])
    }
    expect(packWarnings(1, withStatus('chargeback'), null)).toEqual([
      { kind: 'stop-status', status: 'chargeback', stop: 'in-question' },
    ])
    expect(packWarnings(1, withStatus('backordered'), null)).toEqual([
      { kind: 'stop-status', status: 'backordered', stop: 'unknown' },
    ])
    expect(packWarnings(1, withStatus('pending'), null)).toEqual([
      { kind: 'stop-status', status: 'pending', stop: 'pending' },
    ])
  })

  it('still says "nothing to ship" of a refunded order without items', () => {
    const row = withStatus('refunded')
    const digital = {
      ...row,
      order: { ...row.order, perks: row.order.perks.map((p) => ({ ...p, items: [] })) },
    }
    expect(packWarnings(1, digital, null).map((w) => w.kind)).toEqual([
      'stop-status',
      'nothing-to-ship',
    ])
  })

  it('words each stop for the station and the CLI, quoting a status PerkPack does not know', () => {
    const text = (status: string) => packWarningText(packWarnings(1, withStatus(status), null)[0]!)
    expect(text('refunded')).toBe('Refunded at the last sync: do not ship it. Set the items aside.')
    expect(text('pending')).toBe(
      'Pending at the last sync (not paid yet): do not ship it until the payment is in.',
    )
    expect(text('disputed')).toBe(
      'Status "Disputed" at the last sync: a dispute, chargeback or refund is under way. Do not ship it until the campaign team says so.',
    )
    expect(text('backordered')).toBe(
      'Status "Backordered" at the last sync, a status PerkPack does not know: do not ship it until the campaign team says it may.',
    )
  })

  it('counts packed boxes whose status stopped since, a fulfilled one not among them', () => {
    const rows = ['refunded', 'chargeback', 'fulfilled', 'captured'].map((s, n) => withStatus(s, n))
    const packed = new Map(
      rows.map((r) => [r.order.id, { ...blankFloorState(r.order.id), packedAt: 'x' }]),
    )
    expect(packedButStopped(rows, packed).map((r) => r.order.status)).toEqual([
      'refunded',
      'chargeback',
    ])
    expect(isStopStatus('fulfilled')).toBe(false)
  })
})

describe('packed boxes a sync stopped', () => {
  it('words the stopped boxes for one and for several orders', () => {
    expect(packedButStoppedText(1)).toBe(
      '1 packed order has a status that does not ship since the last sync (refunded, on hold, in dispute, or one PerkPack does not know): take it off the outgoing pile.',
    )
    expect(packedButStoppedText(3)).toBe(
      '3 packed orders have a status that does not ship since the last sync (refunded, on hold, in dispute, or one PerkPack does not know): take them off the outgoing pile.',
    )
  })
})

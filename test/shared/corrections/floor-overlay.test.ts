import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import type {
  AddressCorrection,
  AddressParts,
  OrderHold,
} from '../../../src/shared/corrections/correction-types'
import { addressPartsOf, sameAddress } from '../../../src/shared/corrections/effective-address'
import {
  addressChangedOnPlatform,
  applyOverlay,
  applyOverlayToRows,
} from '../../../src/shared/corrections/floor-overlay'
import { runPrePrintChecks } from '../../../src/shared/export/checks'
import {
  ordersThatShip,
  shipmentRole,
  statusText,
  stopReasonText,
} from '../../../src/shared/fulfillment'
import { packWarningText } from '../../../src/shared/floor/pack-checks'
import { waveCandidates } from '../../../src/shared/waves/wave-candidates'
import { item, order, perk, ship } from '../../helpers/fulfillment-rows'

const tee = () => perk(1, 'Tee', [item('TEE', { Size: 'M' }, 2)])

function correctionOf(row: CampaignContribution, city: string): AddressCorrection {
  const platform = addressPartsOf(row.order.shipping)
  return {
    orderId: row.order.id,
    address: { ...(platform as AddressParts), address: '9 New Lane', city },
    platformAddress: platform,
    reason: 'backer e-mail',
    by: 'Desk A',
    at: '2026-11-20T10:00:00.000Z',
  }
}

function holdOf(orderId: number): OrderHold {
  return {
    orderId,
    reason: 'customs question',
    by: 'Desk A',
    at: '2026-11-20T10:00:00.000Z',
    releasedAt: null,
    releasedBy: null,
  }
}

const CONTEXT = {
  now: new Date('2026-11-20T12:00:00Z'),
  lastSyncedAt: '2026-11-20T11:00:00Z',
  privileged: true,
}

describe('the effective address', () => {
  it('puts the corrected address in place of the synced one, keeping the synced object’s other keys', () => {
    const row = order({
      id: 1,
      perks: [tee()],
      shipping: { ...ship('Paris'), extra: 'kept' } as never,
    })
    const corrected = applyOverlay(row, {
      corrections: new Map([[1, correctionOf(row, 'Lyon')]]),
      holds: new Map(),
    })
    expect(corrected.order.shipping).toMatchObject({
      address: '9 New Lane',
      city: 'Lyon',
      extra: 'kept',
    })
    expect(row.order.shipping?.city).toBe('Paris')
  })

  it('leaves rows without a correction or a hold as they are', () => {
    const row = order({ id: 1, perks: [tee()] })
    expect(applyOverlay(row, { corrections: new Map(), holds: new Map() })).toBe(row)
  })

  it('reads case and spacing as the same address, another street as a different one', () => {
    const a = addressPartsOf(order({ id: 9 }).order.shipping)
    expect(sameAddress(a, { ...a!, city: '  paris ' })).toBe(true)
    expect(sameAddress(a, { ...a!, address: '2 Main St' })).toBe(false)
    expect(sameAddress(a, null)).toBe(false)
  })
})

describe('"address changed on the platform after your correction"', () => {
  it('flags an order whose synced address is no longer the one corrected against', () => {
    const before = order({ id: 1, perks: [tee()] })
    const correction = correctionOf(before, 'Lyon')
    const unchanged = order({ id: 1, perks: [tee()], shipping: { ...ship('PARIS') } })
    const moved = order({
      id: 1,
      perks: [tee()],
      shipping: { ...ship('Paris'), address: '3 Rue Neuve' },
    })
    const corrections = new Map([[1, correction]])

    expect(addressChangedOnPlatform([unchanged], corrections)).toEqual([])
    expect(addressChangedOnPlatform([moved], corrections)).toEqual([moved.id])

    const checks = runPrePrintChecks([moved], { ...CONTEXT, addressChangedOnPlatform: [moved.id] })
    expect(checks[0]).toMatchObject({
      id: 'address-changed-on-platform',
      contributionIds: [moved.id],
      detail: expect.stringMatching(/compare both addresses and keep one/),
    })
  })
})

describe('held orders are stop orders everywhere', () => {
  const rows = [order({ id: 1, perks: [tee()] }), order({ id: 2, perks: [tee()] })]
  const held = applyOverlayToRows(rows, {
    corrections: new Map(),
    holds: new Map([[2, holdOf(2)]]),
  })

  it('are left out of every output by the one stop rule', () => {
    expect(shipmentRole(held[1]!)).toBe('stopped')
    expect(ordersThatShip(held).map((row) => row.order.id)).toEqual([1])
    expect(statusText(held[1]!.order.status)).toBe('Held on the floor')
    expect(stopReasonText(held[1]!.order.status)).toBe(
      'Held on the floor: held on the floor until someone releases it',
    )
  })

  it('are named by the pre-print checks and warned of at the station', () => {
    const check = runPrePrintChecks(held, CONTEXT).find((c) => c.id === 'stop-status')
    expect(check).toMatchObject({
      contributionIds: [held[1]!.id],
      detail: expect.stringMatching(/^1 order held on the floor\./),
    })
    expect(
      packWarningText(
        { kind: 'stop-status', status: held[1]!.order.status, stop: 'held' },
        () => '',
      ),
    ).toMatch(/releases the hold/)
  })

  it('are no candidates for a wave, nor are packed orders or orders of another open wave', () => {
    const more = [
      ...held,
      order({ id: 3, perks: [tee()] }),
      order({ id: 4, perks: [tee()] }),
      order({ id: 5, perks: [tee()] }),
    ]
    const candidates = waveCandidates(more, {
      packed: new Set([3]),
      inOpenWave: new Map([[4, 'Wave 1']]),
    })
    expect(candidates.map((c) => c.orderId)).toEqual([1, 5])
    expect(candidates[0]).toMatchObject({
      country: 'FR',
      perk: 'Tee',
      lines: [{ variantKey: 'TEE|Size=M', quantity: 2 }],
    })
  })
})

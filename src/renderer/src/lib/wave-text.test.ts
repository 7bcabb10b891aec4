import { describe, expect, it } from 'vitest'
import type { WaveSummary } from '@shared/ipc'
import { changeLine, packedLine, proposalLine, waveOptions } from './wave-text'

const wave = (name: string, status: WaveSummary['status']): WaveSummary => ({
  name,
  status,
  orderCount: 2,
  packedCount: 0,
  partialCount: 0,
  followUnits: 0,
  createdAt: '2024-05-01T12:00:00.000Z',
  createdBy: 'Desk A',
  closedAt: null,
})

describe('wave text', () => {
  it('lists open waves newest first, then the closed ones marked closed', () => {
    const options = waveOptions([wave('W1', 'closed'), wave('W2', 'open'), wave('W3', 'open')])
    expect(options).toEqual([
      { label: 'W3', value: 'W3' },
      { label: 'W2', value: 'W2' },
      { label: 'W1 (closed)', value: 'W1' },
    ])
  })

  it('sums a proposal up, naming the orders shipping in part only when there are some', () => {
    const base = { priority: 'order-number' as const, partial: false, orderIds: [1, 2], units: 7 }
    expect(proposalLine({ ...base, partialOrders: 0, waiting: 1, short: [] })).toBe(
      '2 orders · 7 units · 1 order wait',
    )
    expect(proposalLine({ ...base, partialOrders: 1, waiting: 0, short: [] })).toBe(
      '2 orders · 7 units · 1 in part · 0 orders wait',
    )
  })

  it('says how many orders of a wave ship in part and how many items follow', () => {
    const open = wave('W1', 'open')
    expect(packedLine({ ...open, packedCount: 1 })).toBe('1 of 2 orders packed')
    expect(packedLine({ ...open, partialCount: 1, followUnits: 3 })).toBe(
      '0 of 2 orders packed · 1 in part, 3 items to follow',
    )
  })

  it('words a change of level with its sign, reason and order', () => {
    const at = '2024-05-01T12:00:00.000Z'
    expect(
      changeLine({
        variantKey: 'T',
        delta: -2,
        quantity: 8,
        reason: 'pack',
        orderId: 12,
        by: 'A',
        at,
      }),
    ).toBe('−2 packed, order 12 (now 8), A')
    expect(
      changeLine({
        variantKey: 'T',
        delta: 10,
        quantity: 10,
        reason: 'import',
        orderId: null,
        by: 'A',
        at,
      }),
    ).toBe('+10 imported (now 10), A')
  })
})

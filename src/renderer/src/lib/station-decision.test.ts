import { describe, expect, it } from 'vitest'
import type { StationScan } from '@shared/ipc'
import { stationOrder } from '@renderer/stores/floor-station.fixtures'
import { decideScan } from './station-decision'
import type { StationState } from './station-decision'
import type { StationPhase } from './station-phases'

const open = stationOrder(70001, 1)
const other = stationOrder(70002, 2)

/** The station with order 70001 on it (one shirt of two ticked), in `phase`. */
function at(phase: StationPhase, ticks: Record<string, number> = { 'SHIRT|M': 1 }): StationState {
  const none = phase === 'idle' || phase === 'tracking'
  return {
    phase,
    orderId: none ? null : open.orderId,
    lines: none ? [] : open.lines,
    ticks: phase === 'packed' ? {} : ticks,
  }
}

const found = (order = other, warnings: StationScan['warnings'] = []): StationScan =>
  ({ found: true, order, warnings, syncedAt: '2026-11-20T10:42:00Z' }) as StationScan
const notFound = (code: string): StationScan => ({
  found: false,
  code,
  warnings: [{ kind: 'unknown-code', code }],
})
const step = (state: StationState, raw: string, lookedUp?: StationScan) =>
  decideScan(state, raw, lookedUp).step
const cancels = (state: StationState, raw: string, lookedUp?: StationScan) =>
  decideScan(state, raw, lookedUp).cancelsQuestion

describe('decideScan: what a code means at the pack station', () => {
  it('an empty Enter: nothing, skip the tracking number, ask to pack, ask again, the packed warning again', () => {
    expect(step(at('idle'), '')).toEqual({ kind: 'nothing' })
    expect(step(at('tracking'), '  ')).toEqual({ kind: 'skip-tracking' })
    expect(step(at('order'), '')).toEqual({ kind: 'request-pack' })
    // The Enter a scanner sends after every code never packs a box the question is about.
    expect(step(at('confirm'), '')).toEqual({ kind: 'ask-again' })
    expect(cancels(at('confirm'), '')).toBe(false)
    expect(step(at('packed'), '')).toEqual({ kind: 'say-packed' })
  })

  it('while a tracking number is asked for, a code that names no order is the tracking number', () => {
    expect(step(at('tracking'), ' 1Z999AA10123456784 ')).toEqual({
      kind: 'tracking-number',
      code: '1Z999AA10123456784',
    })
    // Digits may be an order's slip: main is asked, and digits that name none are tracking.
    expect(step(at('tracking'), '9400111')).toEqual({ kind: 'look-up', code: '9400111' })
    expect(step(at('tracking'), '9400111', notFound('9400111'))).toEqual({
      kind: 'tracking-number',
      code: '9400111',
    })
  })

  it('while a tracking number is asked for, the next slip opens its order and saves no tracking', () => {
    const next = decideScan(at('tracking'), '70002', found())
    expect(next.step).toMatchObject({ kind: 'open-order', order: other })
    expect(next.dropsTracking).toBe(true)
    // `#12` is never a tracking number, even when it names no order.
    expect(step(at('tracking'), '#99', notFound('#99'))).toEqual({
      kind: 'unknown-code',
      warnings: [{ kind: 'unknown-code', code: '#99' }],
    })
    expect(decideScan(at('tracking'), '9400111', notFound('9400111')).dropsTracking).toBe(false)
  })

  it('an item of the open box ticks the first line of it still short, in any letter case', () => {
    expect(step(at('order'), ' shirt ')).toEqual({ kind: 'tick', key: 'SHIRT|M' })
  })

  it('an item whose lines are full is one too many', () => {
    expect(step(at('order', { 'SHIRT|M': 2 }), 'SHIRT')).toEqual({
      kind: 'too-many',
      warning: { kind: 'too-many', skuCode: 'SHIRT', itemName: 'T-Shirt', quantity: 2 },
    })
  })

  it('a code that is no item of the box asks main first, then opens the order it names', () => {
    expect(step(at('order'), '70002')).toEqual({ kind: 'look-up', code: '70002' })
    expect(step(at('order'), '70002', found())).toEqual({
      kind: 'open-order',
      order: other,
      warnings: [],
      readOnly: false,
    })
    expect(step(at('idle'), '#2', found())).toMatchObject({ kind: 'open-order', order: other })
  })

  it('an order packed before opens read-only', () => {
    const packed = { kind: 'already-packed', station: 'Desk B', at: '2026-11-19T09:00:00Z' }
    const answer = found(other, [packed] as StationScan['warnings'])
    expect(step(at('idle'), '70002', answer)).toMatchObject({ kind: 'open-order', readOnly: true })
  })

  it('the slip of the box being packed, scanned again, keeps it as it is', () => {
    expect(step(at('order'), '70001', found(open))).toEqual({ kind: 'same-order' })
    // A packed order shown read-only opens afresh (read-only again).
    expect(step(at('packed'), '70001', found(open))).toMatchObject({ kind: 'open-order' })
  })

  it('with a box open, a code that is no order is a wrong item', () => {
    expect(step(at('order'), 'POSTER', notFound('POSTER'))).toEqual({
      kind: 'wrong-item',
      warning: { kind: 'wrong-item', code: 'POSTER' },
    })
    // Digits too: a numeric SKU that is not in the order.
    expect(step(at('order'), '4242', notFound('4242'))).toMatchObject({ kind: 'wrong-item' })
  })

  it("an order number (#N) no order carries is main's unknown code, box open or not", () => {
    const answer = notFound('#999')
    expect(step(at('order'), '#999', answer)).toEqual({
      kind: 'unknown-code',
      warnings: answer.warnings,
    })
  })

  it('with no box open (idle, or an order packed before) a code that is no order is unknown', () => {
    const answer = notFound('POSTER')
    expect(step(at('idle'), 'POSTER', answer)).toEqual({
      kind: 'unknown-code',
      warnings: answer.warnings,
    })
    // The packed order's own items are no box to fill: nothing ticks, nothing is "wrong".
    expect(step(at('packed'), 'SHIRT')).toEqual({ kind: 'look-up', code: 'SHIRT' })
    expect(step(at('packed'), 'SHIRT', notFound('SHIRT'))).toMatchObject({ kind: 'unknown-code' })
  })

  it('while "Pack it anyway?" is open, the typed word packs and any scan withdraws the question', () => {
    expect(step(at('confirm'), ' Pack ')).toEqual({ kind: 'confirm-pack' })
    expect(cancels(at('confirm'), 'pack')).toBe(false)
    // A scan still means what it says (an item ticks, a slip opens), and the question goes.
    expect(decideScan(at('confirm'), 'SHIRT')).toEqual({
      step: { kind: 'tick', key: 'SHIRT|M' },
      cancelsQuestion: true,
      dropsTracking: false,
    })
    expect(cancels(at('confirm'), '70002', found())).toBe(true)
    expect(cancels(at('confirm'), 'POSTER', notFound('POSTER'))).toBe(true)
    // Outside the question the word is just a code, and no scan cancels anything.
    expect(step(at('order'), 'pack')).toEqual({ kind: 'look-up', code: 'pack' })
    expect(cancels(at('order'), 'SHIRT')).toBe(false)
  })

  it('an item of the box named like the word is the item: a barcode must not pack the box', () => {
    const withPack = {
      ...at('confirm'),
      lines: [{ ...open.lines[1]!, key: 'PACK|', skuCode: 'PACK' }],
    }
    expect(decideScan(withPack, 'pack')).toEqual({
      step: { kind: 'tick', key: 'PACK|' },
      cancelsQuestion: true,
      dropsTracking: false,
    })
  })
})

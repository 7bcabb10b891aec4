import { describe, expect, it } from 'vitest'
import {
  mergeLines,
  owedLines,
  packStep,
  parcelNow,
  unpackStep,
} from '../../../src/shared/waves/parcel-cut'
import type { OrderParcels, PackedParcel } from '../../../src/shared/waves/parcel-cut'
import { planWave } from '../../../src/shared/waves/wave-planner'
import type { PlanLine } from '../../../src/shared/waves/wave-planner'

/** A small seeded generator (mulberry32): every failing case is found again from its seed. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T
  return { int, pick }
}

const VARIANTS = ['TEE|Size=M', 'TEE|Size=L', 'MUG', 'PIN']

const asMap = (lines: readonly PlanLine[]) =>
  Object.fromEntries(mergeLines(lines).map((line) => [line.variantKey, line.quantity]))

function randomLines(r: ReturnType<typeof random>, most: number): PlanLine[] {
  const lines: PlanLine[] = []
  for (let n = r.int(0, most); n > 0; n--)
    lines.push({ variantKey: r.pick(VARIANTS), quantity: r.int(1, 3) })
  return lines
}

const SHIRT_MUG: PlanLine[] = [
  { variantKey: 'TEE|Size=M', quantity: 1 },
  { variantKey: 'MUG', quantity: 2 },
]
const SHIRT = [{ variantKey: 'TEE|Size=M', quantity: 1 }]
const MUGS = [{ variantKey: 'MUG', quantity: 2 }]

describe('parcelNow: the order in a wave with a parcel cut', () => {
  it('carries the cut, and the rest follows', () => {
    const now = parcelNow(SHIRT_MUG, {
      orderPacked: false,
      wave: { name: 'Wave 1', cut: SHIRT },
      packed: [],
    })
    expect(now).toEqual({ lines: SHIRT, follows: MUGS, sent: [], packed: false, partial: true })
    expect(packStep(now, false)).toEqual({ kind: 'pack', record: SHIRT })
  })

  it('once the cut is packed, reads it packed in its wave and owes the rest outside it', () => {
    const packed: PackedParcel[] = [{ wave: 'Wave 1', lines: SHIRT }]
    const inWave = parcelNow(SHIRT_MUG, {
      orderPacked: true,
      wave: { name: 'Wave 1', cut: SHIRT },
      packed,
    })
    expect(inWave).toMatchObject({ lines: SHIRT, follows: MUGS, packed: true })
    expect(packStep(inWave, true)).toEqual({ kind: 'packed-already' })
    const later = parcelNow(SHIRT_MUG, {
      orderPacked: true,
      wave: { name: 'Wave 2', cut: null },
      packed,
    })
    expect(later).toEqual({ lines: MUGS, follows: [], sent: SHIRT, packed: false, partial: true })
    // The second parcel is packable: its record alone, the floor has the order packed already.
    expect(packStep(later, true)).toEqual({ kind: 'pack-parcel', record: MUGS })
  })

  it('an order packed whole (no parcel record) is packed, whatever its wave cuts', () => {
    const now = parcelNow(SHIRT_MUG, {
      orderPacked: true,
      wave: { name: 'Wave 1', cut: SHIRT },
      packed: [],
    })
    expect(now).toMatchObject({ lines: mergeLines(SHIRT_MUG), packed: true, partial: false })
    expect(unpackStep(SHIRT_MUG, { orderPacked: true, wave: null, packed: [] })).toEqual({
      kind: 'unpack',
      parcel: null,
      store: true,
      lines: mergeLines(SHIRT_MUG),
    })
  })

  it('unpacks the parcel of the open wave, and the floor pack only with the last record', () => {
    const first = { wave: 'Wave 1', lines: SHIRT }
    const second = { wave: 'Wave 2', lines: MUGS }
    const parcels: OrderParcels = {
      orderPacked: true,
      wave: { name: 'Wave 2', cut: null },
      packed: [first, second],
    }
    expect(unpackStep(SHIRT_MUG, parcels)).toEqual({
      kind: 'unpack',
      parcel: second,
      store: false,
      lines: MUGS,
    })
    expect(unpackStep(SHIRT_MUG, { ...parcels, wave: null, packed: [first] })).toEqual({
      kind: 'unpack',
      parcel: first,
      store: true,
      lines: SHIRT,
    })
    expect(unpackStep(SHIRT_MUG, { orderPacked: false, wave: null, packed: [] })).toEqual({
      kind: 'not-packed',
    })
  })
})

describe('parcelNow: properties', () => {
  it('never more than ordered; parcel + follows + sent = the order, for any cut and history', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = random(seed)
      const shipping = randomLines(r, 4)
      const packed: PackedParcel[] = []
      let owed = mergeLines(shipping)
      for (let n = r.int(0, 2); n > 0 && owed.length > 0; n--) {
        const part = owed.map((line) => ({ ...line, quantity: r.int(0, line.quantity) }))
        packed.push({ wave: `W${n}`, lines: mergeLines(part) })
        owed = owedLines(shipping, { orderPacked: true, packed })
      }
      const parcels: OrderParcels = {
        orderPacked: packed.length > 0 || r.int(0, 3) === 0,
        wave: r.int(0, 2) === 0 ? null : { name: r.pick(['W1', 'W9']), cut: randomLines(r, 3) },
        packed,
      }
      const now = parcelNow(shipping, parcels)
      const ordered = asMap(shipping)
      for (const line of now.lines)
        expect(line.quantity, `seed ${seed}`).toBeLessThanOrEqual(ordered[line.variantKey] ?? 0)
      expect(asMap([...now.lines, ...now.follows, ...now.sent]), `seed ${seed}`).toEqual(ordered)
    }
  })

  it('plan, pack, plan again: a later plan never re-plans what was packed, and all ships once', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const r = random(seed)
      const shipping = randomLines(r, 4)
      const stock = new Map<string, number>()
      let orderPacked = false
      const packed: PackedParcel[] = []
      const shelf: PlanLine[] = []
      for (let round = 1; round <= 12; round++) {
        for (const key of VARIANTS) stock.set(key, (stock.get(key) ?? 0) + r.int(0, 1))
        const owed = owedLines(shipping, { orderPacked, packed })
        const plan = planWave(
          stock,
          [
            {
              orderId: 1,
              sequenceNumber: 1,
              country: null,
              perk: null,
              createdAt: null,
              lines: owed,
            },
          ],
          { partial: true },
        )
        const shipment = plan.shipments[0]
        if (!shipment) continue
        for (const line of shipment.lines)
          expect(line.quantity, `seed ${seed}`).toBeLessThanOrEqual(asMap(owed)[line.variantKey]!)
        const wave = { name: `W${round}`, cut: shipment.follows.length > 0 ? shipment.lines : null }
        const now = parcelNow(shipping, { orderPacked, wave, packed })
        expect(now.lines, `seed ${seed}`).toEqual(shipment.lines)
        const step = packStep(now, orderPacked)
        expect(step.kind, `seed ${seed}`).not.toBe('packed-already')
        if (step.kind !== 'packed-already' && step.record)
          packed.push({ wave: wave.name, lines: step.record })
        orderPacked = true
        shelf.push(...now.lines)
        for (const line of now.lines)
          stock.set(line.variantKey, (stock.get(line.variantKey) ?? 0) - line.quantity)
      }
      const owedAtEnd = owedLines(shipping, { orderPacked, packed })
      // Whatever went out plus what is still owed is the order, exactly: nothing twice, nothing lost.
      expect(asMap([...shelf, ...owedAtEnd]), `seed ${seed}`).toEqual(asMap(shipping))
    }
  })
})

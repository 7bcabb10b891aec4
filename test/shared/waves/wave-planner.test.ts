import { describe, expect, it } from 'vitest'
import { inPriority, planWave, WAVE_PRIORITIES } from '../../../src/shared/waves/wave-planner'
import type { PlanOptions, PlanOrder, WavePlan } from '../../../src/shared/waves/wave-planner'

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
const COUNTRIES = ['US', 'DE', 'GB', null]
const PERKS = ['Early bird', 'Deluxe', null]

interface Case {
  stock: Map<string, number>
  orders: PlanOrder[]
  options: PlanOptions
}

function makeCase(seed: number, maxOrders: number): Case {
  const r = random(seed)
  const stock = new Map<string, number>()
  for (const key of VARIANTS) if (r.int(0, 5) > 0) stock.set(key, r.int(-1, 6))
  const count = r.int(0, maxOrders)
  const orders: PlanOrder[] = []
  for (let i = 0; i < count; i++) {
    const lines = []
    for (let n = r.int(0, 3); n > 0; n--)
      lines.push({ variantKey: r.pick(VARIANTS), quantity: r.int(1, 3) })
    orders.push({
      orderId: 1000 + i,
      sequenceNumber: r.int(0, 9) === 0 ? null : r.int(1, 40),
      country: r.pick(COUNTRIES),
      perk: r.pick(PERKS),
      createdAt: r.int(0, 9) === 0 ? null : `2026-0${r.int(1, 9)}-1${r.int(0, 9)}T00:00:00.000Z`,
      lines,
    })
  }
  const priority = r.pick(WAVE_PRIORITIES)
  const first = priority === 'country' ? ['GB'] : priority === 'perk' ? ['Deluxe'] : undefined
  return { stock, orders, options: { priority, first } }
}

function demand(order: PlanOrder): Map<string, number> {
  const need = new Map<string, number>()
  for (const line of order.lines)
    need.set(line.variantKey, (need.get(line.variantKey) ?? 0) + line.quantity)
  return need
}

function fits(orders: readonly PlanOrder[], stock: ReadonlyMap<string, number>): boolean {
  const used = new Map<string, number>()
  for (const order of orders)
    for (const [key, quantity] of demand(order)) used.set(key, (used.get(key) ?? 0) + quantity)
  for (const [key, quantity] of used) if (quantity > Math.max(0, stock.get(key) ?? 0)) return false
  return true
}

/**
 * Every subset of the orders that fits the stock, the best by priority: the one taking the
 * first order in priority order that any subset can take, then the next, ... (lexicographic).
 */
function bruteForce(
  stock: ReadonlyMap<string, number>,
  orders: readonly PlanOrder[],
  options: PlanOptions,
): number[] {
  const sorted = inPriority(orders, options).filter((order) => order.lines.length > 0)
  let best: number[] | null = null
  let bestKey = ''
  for (let mask = 0; mask < 1 << sorted.length; mask++) {
    const chosen = sorted.filter((_, i) => (mask >> i) & 1)
    if (!fits(chosen, stock)) continue
    const key = sorted.map((_, i) => ((mask >> i) & 1 ? '1' : '0')).join('')
    if (best === null || key > bestKey) {
      best = chosen.map((order) => order.orderId)
      bestKey = key
    }
  }
  return best ?? []
}

function allocated(plan: WavePlan): Map<string, number> {
  const used = new Map<string, number>()
  for (const shipment of plan.shipments)
    for (const line of shipment.lines)
      used.set(line.variantKey, (used.get(line.variantKey) ?? 0) + line.quantity)
  return used
}

const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1)

describe('the wave planner against a brute-force solver', () => {
  it('takes exactly the orders the best subset by priority takes (up to 8 orders)', () => {
    for (const seed of SEEDS) {
      const { stock, orders, options } = makeCase(seed, 8)
      const plan = planWave(stock, orders, options)
      expect({ seed, ids: plan.shipments.map((s) => s.orderId).sort() }).toEqual({
        seed,
        ids: bruteForce(stock, orders, options).sort(),
      })
    }
  })
})

describe('the wave planner: properties', () => {
  it('never allocates more than is on hand, complete or partial', () => {
    for (const seed of SEEDS)
      for (const partial of [false, true]) {
        const { stock, orders, options } = makeCase(seed, 30)
        const plan = planWave(stock, orders, { ...options, partial })
        for (const [key, used] of allocated(plan))
          expect({ seed, key, over: used > Math.max(0, stock.get(key) ?? 0) }).toEqual({
            seed,
            key,
            over: false,
          })
        for (const [key, left] of plan.left)
          expect({ seed, key, negative: left < 0 }).toEqual({ seed, key, negative: false })
      }
  })

  it('ships every order complete unless partial; a partial parcel plus what follows is the order', () => {
    for (const seed of SEEDS)
      for (const partial of [false, true]) {
        const { stock, orders, options } = makeCase(seed, 30)
        const byId = new Map(orders.map((order) => [order.orderId, order]))
        for (const shipment of planWave(stock, orders, { ...options, partial }).shipments) {
          const whole = new Map<string, number>()
          for (const line of [...shipment.lines, ...shipment.follows])
            whole.set(line.variantKey, (whole.get(line.variantKey) ?? 0) + line.quantity)
          expect(whole).toEqual(demand(byId.get(shipment.orderId)!))
          expect({
            seed,
            partial,
            followsNothing: partial || shipment.follows.length === 0,
          }).toEqual({
            seed,
            partial,
            followsNothing: true,
          })
        }
      }
  })

  it('respects the priority: an order left waiting could not fit after the orders before it', () => {
    for (const seed of SEEDS) {
      const { stock, orders, options } = makeCase(seed, 30)
      const plan = planWave(stock, orders, options)
      const shipped = new Set(plan.shipments.map((s) => s.orderId))
      const sorted = inPriority(orders, options)
      const before: PlanOrder[] = []
      const fitAfterAll: number[] = []
      for (const order of sorted) {
        if (shipped.has(order.orderId)) before.push(order)
        else if (order.lines.length > 0 && fits([...before, order], stock))
          fitAfterAll.push(order.orderId)
      }
      expect({ seed, fitAfterAll }).toEqual({ seed, fitAfterAll: [] })
      expect(plan.shipments.map((s) => s.orderId)).toEqual(
        sorted.filter((o) => shipped.has(o.orderId)).map((o) => o.orderId),
      )
    }
  })

  it('is deterministic: shuffled input gives the same plan', () => {
    for (const seed of SEEDS.slice(0, 100)) {
      const { stock, orders, options } = makeCase(seed, 30)
      const r = random(seed * 7)
      const shuffled = orders.slice()
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = r.int(0, i)
        ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
      }
      for (const partial of [false, true])
        expect(planWave(stock, shuffled, { ...options, partial })).toEqual(
          planWave(stock, orders, { ...options, partial }),
        )
    }
  })

  it('names what is short per variant for every waiting order to ship', () => {
    for (const seed of SEEDS) {
      const { stock, orders, options } = makeCase(seed, 30)
      const need = new Map<string, number>()
      for (const order of orders)
        for (const [key, q] of demand(order)) need.set(key, (need.get(key) ?? 0) + q)
      const expected = [...need]
        .filter(([key, n]) => n > Math.max(0, stock.get(key) ?? 0))
        .map(([key, n]) => ({ variantKey: key, short: n - Math.max(0, stock.get(key) ?? 0) }))
        .sort((a, b) => (a.variantKey < b.variantKey ? -1 : 1))
      expect(
        planWave(stock, orders, options).short.map(({ variantKey, short }) => ({
          variantKey,
          short,
        })),
      ).toEqual(expected)
    }
  })
})

describe('the wave planner: priorities by example', () => {
  const order = (
    orderId: number,
    sequenceNumber: number,
    extra: Partial<PlanOrder> = {},
  ): PlanOrder => ({
    orderId,
    sequenceNumber,
    country: 'US',
    perk: 'Tee',
    createdAt: '2026-01-01T00:00:00.000Z',
    lines: [{ variantKey: 'TEE', quantity: 1 }],
    ...extra,
  })
  const stock = new Map([['TEE', 1]])

  it('ships the lowest order number first by default', () => {
    expect(planWave(stock, [order(2, 7), order(1, 9)]).shipments.map((s) => s.orderId)).toEqual([2])
  })

  it('takes the named countries first, then the others', () => {
    const orders = [order(1, 1, { country: 'US' }), order(2, 2, { country: 'DE' })]
    expect(
      planWave(stock, orders, { priority: 'country', first: ['de'] }).shipments[0]?.orderId,
    ).toBe(2)
  })

  it('takes the oldest pledge first', () => {
    const orders = [
      order(1, 1, { createdAt: '2026-03-01T00:00:00.000Z' }),
      order(2, 2, { createdAt: '2025-12-01T00:00:00.000Z' }),
    ]
    expect(planWave(stock, orders, { priority: 'oldest' }).shipments[0]?.orderId).toBe(2)
  })

  it('sends what is on hand of a short order when partial, and says what follows', () => {
    const big = order(1, 1, {
      lines: [
        { variantKey: 'TEE', quantity: 3 },
        { variantKey: 'MUG', quantity: 1 },
      ],
    })
    const plan = planWave(new Map([['TEE', 2]]), [big], { partial: true })
    expect(plan.shipments).toEqual([
      {
        orderId: 1,
        lines: [{ variantKey: 'TEE', quantity: 2 }],
        follows: [
          { variantKey: 'TEE', quantity: 1 },
          { variantKey: 'MUG', quantity: 1 },
        ],
      },
    ])
    expect(planWave(new Map([['TEE', 2]]), [big]).waiting).toEqual([1])
  })
})

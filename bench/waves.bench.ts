import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openCache } from '../src/main/core/cache'
import type { ReceivedContribution } from '../src/main/core/cache'
import { OrdersDesk } from '../src/main/orders/orders-desk'
import { narrowByFloorRecord } from '../src/main/orders/floor-narrowing'
import type { OrdersFilter } from '../src/shared/ipc'
import { readCampaignContribution } from '../src/shared/api/schemas'
import { WAVE_PRIORITIES, planWave } from '../src/shared/waves/wave-planner'
import type { PlanOptions, PlanOrder } from '../src/shared/waves/wave-planner'
import { generateDataset } from '../src/simulator/data'

// Issue 28's budgets: planning a wave for 100,000 orders over 200 variants takes < 1 s, and a
// wave filter costs < 1.1x the unfiltered path of the outputs (the selection every output reads).
// Figures are medians of alternated runs, each with its baseline in the same process.

const ORDERS = Number(process.env.PERKPACK_BENCH_WAVE_ORDERS ?? 100_000)
const VARIANTS = 200
const RUNS = 5

const median = (values: number[]) =>
  values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function time(run: () => unknown): number {
  const started = performance.now()
  run()
  return performance.now() - started
}

/** A seeded campaign's worth of orders, 1 to 4 lines over 200 variants, and stock for about half. */
function planInput(): { orders: PlanOrder[]; stock: Map<string, number> } {
  let seed = 28
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const countries = ['US', 'DE', 'GB', 'FR', 'CA', 'JP', 'AU', 'BR']
  const orders: PlanOrder[] = []
  const demand = new Map<string, number>()
  for (let i = 0; i < ORDERS; i++) {
    const lines = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
      const variantKey = `SKU-${Math.floor(next() * VARIANTS)}`
      const quantity = 1 + Math.floor(next() * 2)
      demand.set(variantKey, (demand.get(variantKey) ?? 0) + quantity)
      return { variantKey, quantity }
    })
    orders.push({
      orderId: 1_000_000 + i,
      sequenceNumber: i + 1,
      country: countries[i % countries.length]!,
      perk: `Perk ${i % 12}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      lines,
    })
  }
  const stock = new Map([...demand].map(([key, n]) => [key, Math.floor(n * 0.5)]))
  return { orders, stock }
}

/** Planning, each priority and in part, against a pass that only adds up every order's lines. */
function benchPlanner(lines: string[]): void {
  const { orders, stock } = planInput()
  const baseline = () => {
    const need = new Map<string, number>()
    for (const order of orders)
      for (const line of order.lines)
        need.set(line.variantKey, (need.get(line.variantKey) ?? 0) + line.quantity)
    return need
  }
  lines.push(
    `### Planning ${ORDERS.toLocaleString('en-US')} orders over ${VARIANTS} variants (stock for about half)`,
    '',
    "Baseline: one pass adding up every order's lines. Budget: < 1,000 ms.",
    '',
    '| Plan | Baseline (ms) | Plan (ms) | Ratio | Orders in the wave |',
    '| --- | --- | --- | --- | --- |',
  )
  const cases: [string, PlanOptions][] = [
    ...WAVE_PRIORITIES.map((priority): [string, PlanOptions] => [priority, { priority }]),
    ['order-number, in part', { priority: 'order-number', partial: true }],
  ]
  for (const [name, options] of cases) {
    const base: number[] = []
    const plan: number[] = []
    let shipped = 0
    for (let run = 0; run < RUNS; run++) {
      base.push(time(baseline))
      plan.push(time(() => (shipped = planWave(stock, orders, options).shipments.length)))
    }
    const a = median(base)
    const b = median(plan)
    lines.push(
      `| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(1)}x | ${shipped.toLocaleString('en-US')} |`,
    )
  }
}

/**
 * The selection every output reads (OrdersDesk.matching: the view's query, then the whole rows
 * from the cache), for every order, and for a wave holding every order: what the filter adds.
 */
function benchWaveFilter(lines: string[]): void {
  const dataset = generateDataset({ seed: 7, contributions: ORDERS })
  const campaignId = dataset.campaigns[0]!.id
  const received: ReceivedContribution[] = []
  for (const raw of dataset.contributions.get(campaignId) ?? []) {
    const read = readCampaignContribution(raw)
    if (read.ok) received.push({ model: read.value, raw })
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-bench-waves-'))
  const cache = openCache({ dataDir, profile: 'bench' })
  try {
    const writer = cache.beginSnapshot(campaignId)
    writer.add(received)
    writer.commit({ expectedCount: received.length, privileged: true })
    const orders = new OrdersDesk(() => cache, 'en')
    orders.open(campaignId)
    const everyOrder = received.map((r) => r.model.order.id)
    cache.floorPlan().waves.create(campaignId, 'Everything', everyOrder, 'bench')
    const plain: number[] = []
    const waved: number[] = []
    const counts = [0, 0]
    const runPlain = () =>
      plain.push(
        time(
          () => (counts[0] = orders.selection(campaignId, { statuses: [] }).contributions.length),
        ),
      )
    const runWaved = () =>
      waved.push(
        time(
          () =>
            (counts[1] = orders.selection(campaignId, { wave: 'Everything' }).contributions.length),
        ),
      )
    // Each goes first in every other run: the one run second pays for the garbage of the first.
    for (let run = 0; run < RUNS * 2; run++) {
      if (run % 2 === 0) {
        runPlain()
        runWaved()
      } else {
        runWaved()
        runPlain()
      }
    }
    // The filter's own work, apart from reading the rows (SQLite and the collector dominate the
    // selection and swing with the machine's load): narrowing to the wave and the kept match.
    const workspace = orders.snapshot(campaignId)
    const own = (filter: OrdersFilter) =>
      median(
        Array.from({ length: RUNS * 2 }, () =>
          time(() => workspace.match(narrowByFloorRecord(cache, workspace, filter))),
        ),
      )
    const ownPlain = own({ statuses: [] })
    const ownWaved = own({ wave: 'Everything' })
    if (counts[0] !== counts[1])
      throw new Error(`the wave selected ${counts[1]} orders, not ${counts[0]}`)
    const a = median(plain)
    const b = median(waved)
    lines.push(
      '',
      `### A wave filter on the outputs' selection (${counts[0]!.toLocaleString('en-US')} orders)`,
      '',
      'Baseline: the selection of every order (any status). With the filter: a wave holding every order. Budget: < 1.1x.',
      '',
      '| Without (ms) | With the wave (ms) | Ratio |',
      '| --- | --- | --- |',
      `| ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(2)}x |`,
      '',
      `The filter's own work (narrowing to the wave, the kept match), median: ${ownPlain.toFixed(1)} ms without, ${ownWaved.toFixed(1)} ms with the wave.`,
    )
  } finally {
    cache.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function benchWaves(): Promise<string> {
  const lines = ['## Waves: planning and the wave filter', '']
  benchPlanner(lines)
  benchWaveFilter(lines)
  return lines.join('\n')
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FloorPlanDesk } from '../src/main/floor/floor-plan-desk'
import { StationDesk } from '../src/main/floor/station-desk'
import { floorHandlers } from '../src/main/floor/floor-handlers'
import { TrackingDesk } from '../src/main/floor/tracking-desk'
import { NO_DESKTOP } from '../src/main/export/desktop-port'
import { OrdersDesk } from '../src/main/orders/orders-desk'
import { openCache } from '../src/main/core/cache'
import type { ReceivedContribution } from '../src/main/core/cache'
import { readCampaignContribution } from '../src/shared/api/schemas'
import type { CampaignContribution } from '../src/shared/api/schemas'
import { IPC_CHANNELS } from '../src/shared/ipc'
import { generateDataset } from '../src/simulator/data'
import { fmt, percentile } from './lib'

const COUNT = 20_000
const SCANS = 2_000
const PACKS = 500
const BUDGET_MS = 100

/** Runs `run` for each input, after a warm-up over the first tenth; per-call times in ms. */
/** As timeEach, each run awaited: a pack is async (it may go through the team store). */
async function timeEachAwaited<T>(
  inputs: readonly T[],
  run: (input: T) => Promise<unknown>,
): Promise<number[]> {
  const samples: number[] = []
  for (const input of inputs) {
    const started = performance.now()
    await run(input)
    samples.push(performance.now() - started)
  }
  return samples
}

function timeEach<T>(inputs: readonly T[], run: (input: T) => unknown): number[] {
  for (const input of inputs.slice(0, Math.ceil(inputs.length / 10))) run(input)
  return inputs.map((input) => {
    const started = performance.now()
    run(input)
    return performance.now() - started
  })
}

/** A deterministic shuffle (the same orders every run), so the lookups are not in cache order. */
function spread<T>(items: readonly T[], count: number): T[] {
  const out: T[] = []
  let seed = 12345
  for (let i = 0; i < count; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    out.push(items[seed % items.length]!)
  }
  return out
}

/**
 * A scan at the pack station, as main answers it: the arguments checked by the channel's
 * schema, the handler (a lookup in the rows main holds for the Orders view, one read of the
 * floor's record, the checklist), and the answer through JSON as it crosses to the renderer.
 * Baseline: the same order found with a plain Map.get, the least any lookup costs.
 */
export async function benchPackStation(): Promise<string> {
  const dataset = generateDataset({ seed: 7, contributions: COUNT })
  const campaignId = dataset.campaigns[0]!.id
  const raws = dataset.contributions.get(campaignId) ?? []
  const received: ReceivedContribution[] = []
  for (const raw of raws) {
    const read = readCampaignContribution(raw)
    if (read.ok) received.push({ model: read.value, raw })
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-bench-station-'))
  const cache = openCache({ dataDir, profile: 'bench' })
  try {
    const writer = cache.beginSnapshot(campaignId)
    writer.add(received)
    writer.commit({ expectedCount: received.length, privileged: true })
    const orders = new OrdersDesk(() => cache, 'en')
    const desk = new StationDesk({
      cache: () => cache,
      workspace: (id) => orders.snapshot(id),
      stationName: () => 'Bench desk',
    })
    const handlers = floorHandlers(
      desk,
      new TrackingDesk(() => cache, NO_DESKTOP, Date.now),
      new FloorPlanDesk({
        cache: () => cache,
        orders,
        stationName: () => 'Bench desk',
        // Reships are not measured here: no dialog, and the stock's defaults.
        desktop: NO_DESKTOP,
        locale: 'en',
        settings: () => ({
          senderCountry: 'US',
          labelLayout: 'thermal4x6',
          labelOffsetMm: { x: 0, y: 0 },
          labelSummary: true,
          slipPaper: 'letter',
          slipFooterNote: '',
        }),
      }),
    )
    const scanArgs = IPC_CHANNELS['floor:scanOrder'].args
    const packArgs = IPC_CHANNELS['floor:pack'].args
    const scan = (code: string) => {
      const [request] = scanArgs.parse([{ campaignId, code }])
      return JSON.parse(JSON.stringify(handlers['floor:scanOrder'](request))) as unknown
    }

    const models: CampaignContribution[] = received.map((r) => r.model)
    // The Orders view's workspace is loaded (opening that view did it); opening the station
    // builds its index, so no scan waits for it.
    orders.open(campaignId)
    const openStarted = performance.now()
    handlers['floor:stationSession']({ campaignId })
    const openMs = performance.now() - openStarted
    const firstStarted = performance.now()
    scan(String(models[0]!.order.id))
    const firstMs = performance.now() - firstStarted

    const picks = spread(models, SCANS)
    const plain = new Map(models.map((row) => [row.order.id, row]))
    const baseline = timeEach(picks, (row) => plain.get(row.order.id))
    const byId = timeEach(picks, (row) => scan(String(row.order.id)))
    const withNumber = picks.filter((row) => row.order.sequence_number != null)
    const bySequence = timeEach(withNumber, (row) => scan(`#${row.order.sequence_number}`))
    const packing = [...new Set(picks.map((row) => row.order.id))].slice(0, PACKS)
    const packs = await timeEachAwaited(packing, async (orderId) => {
      const [request] = packArgs.parse([{ campaignId, orderId }])
      return JSON.parse(JSON.stringify(await handlers['floor:pack'](request))) as unknown
    })

    const base50 = percentile(baseline, 0.5)
    const row = (name: string, samples: number[]) => {
      const p50 = percentile(samples, 0.5)
      const p95 = percentile(samples, 0.95)
      // In microseconds: a Map.get takes well under one.
      return `| ${name} | ${fmt(p50 * 1000)} µs | ${fmt(p95 * 1000)} µs | ${fmt(p50 / base50, 0)}x |`
    }
    const worst = Math.max(percentile(byId, 0.95), percentile(bySequence, 0.95), firstMs)
    return [
      `### Pack station: a scan among ${models.length.toLocaleString('en')} orders, in main`,
      '',
      `Command: \`npm run bench -- pack-station\`. ${SCANS.toLocaleString('en')} scans of orders picked`,
      `at random, after a warm-up; ${PACKS} packs. Each scan is the IPC handler called in-process: the`,
      "channel's argument schema, the lookup in the rows main holds for the Orders view (indexed by",
      "order id and sequence number once per snapshot), one read of the floor's record in SQLite,",
      'the checklist, and the answer through JSON as it crosses to the renderer. Baseline: the',
      `same order found with a plain \`Map.get\`. Goal: scan to screen under ${BUDGET_MS} ms. Not in these`,
      "figures: the hop between processes and the renderer's paint of the order card.",
      '',
      '| Step | p50 | p95 | p50 vs Map.get |',
      '|---|---|---|---|',
      row('Baseline: Map.get by order id', baseline),
      row('Scan a slip (order id)', byId),
      row('Type #sequence number', bySequence),
      row('Pack (one write transaction)', packs),
      '',
      `Opening the station (builds the index of ${models.length.toLocaleString('en')} orders, once per snapshot): ${fmt(openMs)} ms; the first scan after it: ${fmt(firstMs)} ms.`,
      `Slowest scan (p95 or the first): ${fmt(worst, 2)} ms, ${fmt(worst / BUDGET_MS, 3)}x the ${BUDGET_MS} ms goal.`,
    ].join('\n')
  } finally {
    cache.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * `npx tsx bench/model-read-drift.ts`: where reading drifted rows with the model costs more,
 * as CPU-time ratios measured in this one process (steadier than wall time on a shared
 * machine). Three views of the same work, parse each page and read every row:
 * 1. whole listings, 0 and 5 % drift, taking turns round after round (median of pair ratios);
 * 2. clean pages before and after the process has read drifted ones: what the drifted rows
 *    do to the engine's code for every row (property sites that saw one row shape see many);
 * 3. the cost per row once every shape has been seen: clean, drifted but readable, broken.
 */
import { loadavg } from 'node:os'
import { readCampaignContribution } from '../src/shared/api/schemas'
import { PAGE_SIZE } from '../src/shared/config'
import { generateDataset } from '../src/simulator/data'
import { driftedCampaignRow } from '../src/simulator/drift'
import { fmt } from './lib'

const ROWS = Number(process.env.BENCH_READ_ROWS ?? 3000)
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 41)
const DRIFT = 0.05
const SEED = 1

const dataset = generateDataset({ seed: SEED, contributions: ROWS })
const rows = dataset.contributions.get(dataset.campaigns[0]!.id) ?? []
const served = (rate: number) =>
  rows.map((row) => (rate === 0 ? row : (driftedCampaignRow(SEED, rate, row) ?? row)))

function pages(list: readonly unknown[]): string[] {
  const out: string[] = []
  for (let i = 0; i < list.length; i += PAGE_SIZE)
    out.push(JSON.stringify({ response: list.slice(i, i + PAGE_SIZE) }))
  return out
}

const cpuUs = () => {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN

function readPages(list: readonly string[]): number {
  const started = cpuUs()
  for (const text of list)
    for (const raw of (JSON.parse(text) as { response: unknown[] }).response)
      readCampaignContribution(raw)
  return cpuUs() - started
}

const clean = pages(served(0))
const drifted = pages(served(DRIFT))
const load = loadavg()[0] ?? NaN

// 2 first, while the process has seen clean rows only.
const warm = (list: readonly string[]) => Array.from({ length: 5 }, () => readPages(list))
warm(clean)
const cleanBefore = median(Array.from({ length: ROUNDS }, () => readPages(clean)))
warm(drifted)
const cleanAfter = median(Array.from({ length: ROUNDS }, () => readPages(clean)))

// 1: taking turns, the order swapped each round.
const pairs: number[] = []
const times = { clean: [] as number[], drift: [] as number[] }
for (let round = 0; round < ROUNDS; round++) {
  const first = round % 2 === 0
  const a = first ? readPages(clean) : 0
  const b = readPages(drifted)
  const c = first ? a : readPages(clean)
  times.clean.push(c)
  times.drift.push(b)
  pairs.push(b / c)
}

// 3: per row, every kind read in turn until the costs settle.
const kinds = { clean: [] as unknown[], readable: [] as unknown[], broken: [] as unknown[] }
for (const row of rows) {
  const drift = driftedCampaignRow(SEED, DRIFT, row)
  if (!drift) kinds.clean.push(row)
  else if (readCampaignContribution(drift).ok) kinds.readable.push(drift)
  else kinds.broken.push(drift)
}
const perRow: Record<keyof typeof kinds, number[]> = { clean: [], readable: [], broken: [] }
for (let round = 0; round < ROUNDS * 5; round++) {
  for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) {
    const list = kinds[kind].slice(0, 150)
    const started = cpuUs()
    for (const raw of list) readCampaignContribution(raw)
    if (round >= 10) perRow[kind].push((cpuUs() - started) / list.length)
  }
}
const cleanRow = median(perRow.clean)
const row = (kind: keyof typeof kinds) =>
  `| ${kind} | ${fmt(median(perRow[kind]), 1)} µs | ${fmt(median(perRow[kind]) / cleanRow, 2)}x |`

const lines = [
  `Reading ${ROWS.toLocaleString('en-US')} rows (parse each page, read every row with the model), CPU of`,
  `one process, ${ROUNDS} rounds, medians; load average ${fmt(load, 1)} at the start,`,
  `${fmt(loadavg()[0] ?? NaN, 1)} at the end.`,
  '',
  `- Drift 5 % against drift 0, taking turns: ${fmt(median(pairs), 3)}x (median of the pair ratios;`,
  `  ${fmt(median(times.drift) / 1000, 1)} ms against ${fmt(median(times.clean) / 1000, 1)} ms).`,
  `- Clean pages before the process read drifted ones: ${fmt(cleanBefore / 1000, 1)} ms; after:`,
  `  ${fmt(cleanAfter / 1000, 1)} ms (${fmt(cleanAfter / cleanBefore, 3)}x).`,
  '',
  '| Row, once every shape was seen | CPU per row | vs clean |',
  '|---|---|---|',
  row('clean'),
  row('readable'),
  row('broken'),
]
process.stdout.write(`${lines.join('\n')}\n`)

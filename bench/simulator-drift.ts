/**
 * `npx tsx bench/simulator-drift.ts`: what serving drifted pages costs the simulator, as ratios
 * against drift 0 measured in the same run. Part 1 is the server's own work (build every page
 * of the listing and serialise it); part 2 is a whole privileged walk over HTTP against a
 * simulator process per rate, at concurrency 4, the rates interleaved so machine load hits all.
 */
import { PAGE_SIZE } from '../src/shared/config'
import { generateDataset } from '../src/simulator/data'
import { driftedCampaignRow } from '../src/simulator/drift'
import { listingPage } from '../src/simulator/server-paging'
import { median, spawnSimulator } from './lib'
import type { SimulatorProcess } from './lib'

const ROWS = 20_000
const RATES = [0, 0.05, 1] as const
const RUNS = 7

function serveEveryPage(rows: Parameters<typeof listingPage>[0], seed: number, rate: number) {
  const pages = Math.ceil(rows.length / PAGE_SIZE)
  let bytes = 0
  for (let page = 1; page <= pages; page++) {
    const body = listingPage(rows, page, (row) =>
      rate === 0 ? row : (driftedCampaignRow(seed, rate, row as never) ?? row),
    )
    bytes += JSON.stringify(body).length
  }
  return bytes
}

function serverWork(): string[] {
  const dataset = generateDataset({ seed: 1, contributions: ROWS })
  const rows = dataset.contributions.get(dataset.campaigns[0]?.id ?? 0) ?? []
  const times = new Map<number, number[]>(RATES.map((rate) => [rate, []]))
  for (let run = 0; run <= RUNS; run++) {
    for (const rate of RATES) {
      const start = performance.now()
      serveEveryPage(rows, dataset.seed, rate)
      // Run 0 warms the JIT up and is not counted.
      if (run > 0) times.get(rate)?.push(performance.now() - start)
    }
  }
  const base = median(times.get(0) ?? [])
  return RATES.map((rate) => {
    const ms = median(times.get(rate) ?? [])
    return `| ${rate} | ${ms.toFixed(1)} ms | ${(ms / base).toFixed(2)}x |`
  })
}

async function signIn(sim: SimulatorProcess): Promise<string> {
  const res = await fetch(`${sim.authUrl}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      credential_type: 'email',
      email: sim.email,
      password: sim.password,
    }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

async function walk(sim: SimulatorProcess, token: string): Promise<number> {
  const base = `${sim.baseUrl}/2/campaigns/${sim.campaignIds[0]}/contributions.json`
  const query = `api_token=${sim.apiToken}&access_token=${token}`
  const pages = Math.ceil(ROWS / PAGE_SIZE)
  let next = 1
  const start = performance.now()
  const worker = async () => {
    while (next <= pages) {
      const page = next++
      const res = await fetch(`${base}?${query}&page=${page}`)
      JSON.parse(await res.text())
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return performance.now() - start
}

async function httpWalks(): Promise<string[]> {
  const sims = await Promise.all(
    RATES.map((rate) => spawnSimulator(['--contributions', String(ROWS), '--drift', String(rate)])),
  )
  try {
    const tokens = await Promise.all(sims.map(signIn))
    const times = RATES.map(() => [] as number[])
    for (let run = 0; run <= 5; run++) {
      for (const [i, sim] of sims.entries()) {
        const ms = await walk(sim, tokens[i] ?? '')
        if (run > 0) times[i]?.push(ms)
      }
    }
    const base = median(times[0] ?? [])
    return RATES.map((rate, i) => {
      const ms = median(times[i] ?? [])
      return `| ${rate} | ${(ms / 1000).toFixed(2)} s | ${(ms / base).toFixed(2)}x |`
    })
  } finally {
    await Promise.all(sims.map((sim) => sim.stop()))
  }
}

async function main(): Promise<void> {
  const pages = Math.ceil(ROWS / PAGE_SIZE)
  const lines = [
    `### Simulator drift: ${ROWS.toLocaleString('en')} contributions (${pages} privileged pages)`,
    '',
    `Server work: build and serialise every page, median of ${RUNS} runs.`,
    '',
    '| Drift | Time | vs drift 0 |',
    '|---|---|---|',
    ...serverWork(),
    '',
    'Whole walk over HTTP, simulator in its own process, concurrency 4, median of 5 runs.',
    '',
    '| Drift | Wall time | vs drift 0 |',
    '|---|---|---|',
    ...(await httpWalks()),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})

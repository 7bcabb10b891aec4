import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { saveView } from '../src/main/core/orders/view-store'
import type { ApiClient } from '../src/main/core/api/api-client'
import { openCache } from '../src/main/core/cache'
import type { OfflineCache, ReceivedContribution } from '../src/main/core/cache'
import { syncCampaign } from '../src/main/core/sync/sync-engine'
import { readCampaignContribution } from '../src/shared/api/schemas'
import { PAGE_SIZE } from '../src/shared/config'
import { generateDataset } from '../src/simulator/data'
import { driftedCampaignRow } from '../src/simulator/drift'
import { openLegacyCache } from './cache-v2-legacy'
import { fmt, runWhenScript, signedInClient, spawnSimulator } from './lib'

const COUNT = Number(process.env.BENCH_CACHE_CONTRIBUTIONS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_CACHE_ROUNDS ?? 5)
const OPENS = 7
const CONCURRENCY = 4
const DRIFT = 0.05
const SEED = 1

const log = (line: string) => process.stderr.write(`bench cache: ${line}\n`)
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN
const mb = (bytes: number) => fmt(bytes / 1e6, 1)

/** A store under test: the storage of schema 2 (before) or 4 (after), and what it syncs. */
interface Store {
  name: string
  format: 'v2' | 'v4'
  drift: number
  dataDir: string
  cache: OfflineCache
  client: ApiClient
  campaignId: number
  syncMs: number[]
  /** CPU time of this process (the client) during the sync: steadier than wall time. */
  syncCpuMs: number[]
  savedMs: number[]
  /** Database + WAL after each measured sync and view save, the cache still open. */
  openBytes: number[]
  closedBytes: number
}

function bytesOnDisk(file: string): number {
  return ['', '-wal'].reduce(
    (sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0),
    0,
  )
}

function openStore(format: 'v2' | 'v4', dataDir: string): OfflineCache {
  return format === 'v2' ? openLegacyCache(dataDir) : openCache({ dataDir, profile: 'bench' })
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

/** A sync as `perkpack sync` runs it: the walk, then the orders view saved beside the rows. */
async function syncOnce(store: Store, measured: boolean): Promise<void> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await syncCampaign({
    client: store.client,
    cache: store.cache,
    campaignId: store.campaignId,
    privileged: true,
    concurrency: CONCURRENCY,
  })
  const synced = performance.now()
  const syncCpuMs = cpuMs(cpu)
  saveView(store.cache, store.campaignId, result.snapshot.lastSyncedAt)
  const saved = performance.now()
  if (result.snapshot.count + result.problemRows.length !== COUNT)
    throw new Error(`${store.name}: ${result.snapshot.count} rows stored of ${COUNT}`)
  if (!measured) return
  store.syncMs.push(synced - started)
  store.syncCpuMs.push(syncCpuMs)
  store.savedMs.push(saved - started)
  store.openBytes.push(bytesOnDisk(store.cache.path))
  log(
    `${store.name}: sync ${fmt((synced - started) / 1000, 2)} s, ${mb(bytesOnDisk(store.cache.path))} MB`,
  )
}

/** Pages of the campaign listing as the API writes them, served at `rate`. */
function servedPages(rate: number): string[] {
  const dataset = generateDataset({ seed: SEED, contributions: COUNT })
  const rows = dataset.contributions.get(dataset.campaigns[0]!.id) ?? []
  const pages: string[] = []
  for (let i = 0; i < rows.length; i += PAGE_SIZE) {
    const page = rows
      .slice(i, i + PAGE_SIZE)
      .map((row) => (rate === 0 ? row : (driftedCampaignRow(SEED, rate, row) ?? row)))
    pages.push(JSON.stringify({ response: page }))
  }
  return pages
}

interface StageTimes {
  wallMs: number
  /** CPU time of this process: steadier than wall time on a shared machine. */
  readCpuMs: number
  storeCpuMs: number
}

/**
 * The client's own work of a sync without the network: parse each page and read its rows with
 * the model (read), stage them and commit (store). What the storage and the drift cost, free
 * of HTTP and of the simulator's own work.
 */
function stageOnce(format: 'v2' | 'v4', dataDir: string, pages: readonly string[]): StageTimes {
  const cache = openStore(format, dataDir)
  try {
    let readCpuMs = 0
    let storeCpuMs = 0
    const started = performance.now()
    let cpu = process.cpuUsage()
    const writer = cache.beginSnapshot(1)
    for (const text of pages) {
      cpu = process.cpuUsage()
      const rows: ReceivedContribution[] = []
      for (const raw of (JSON.parse(text) as { response: unknown[] }).response) {
        const read = readCampaignContribution(raw)
        if (read.ok) rows.push({ model: read.value, raw })
      }
      readCpuMs += cpuMs(cpu)
      cpu = process.cpuUsage()
      writer.add(rows)
      storeCpuMs += cpuMs(cpu)
    }
    cpu = process.cpuUsage()
    writer.commit({ expectedCount: COUNT, privileged: true })
    storeCpuMs += cpuMs(cpu)
    return { wallMs: performance.now() - started, readCpuMs, storeCpuMs }
  } finally {
    cache.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

interface OpenTimes {
  savedView: boolean
  orders: number
  rows: number
  raws: number
  openMs: number
  workspaceMs: number
  workspaceCpuMs: number
  rowsMs: number
  rowsCpuMs: number
  rawMs: number
}

function openInFreshProcess(store: Store): OpenTimes {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'cache-open-child.ts'),
      store.dataDir,
      store.format,
      String(store.campaignId),
    ],
    { cwd: path.join(__dirname, '..'), encoding: 'utf8' },
  )
  const times = JSON.parse(out.trim().split('\n').pop() ?? '{}') as OpenTimes
  if (!times.savedView || times.orders !== times.rows)
    throw new Error(`${store.name}: the orders view saved by the sync was not used`)
  return times
}

export async function benchCache(): Promise<string> {
  const loadStart = loadavg()[0] ?? 0
  log(`starting simulators with ${COUNT} contributions (drift 0 and ${DRIFT})`)
  const [clean, drifted] = await Promise.all([
    spawnSimulator(['--contributions', String(COUNT), '--seed', String(SEED)]),
    spawnSimulator([
      '--contributions',
      String(COUNT),
      '--seed',
      String(SEED),
      '--drift',
      String(DRIFT),
    ]),
  ])
  const root = fs.mkdtempSync(path.join(tmpdir(), 'perkpack-bench-cache-'))
  const stores: Store[] = []
  try {
    const variants = [
      { name: 'schema 2 (before)', format: 'v2' as const, sim: clean, drift: 0 },
      { name: 'schema 4 (after)', format: 'v4' as const, sim: clean, drift: 0 },
      {
        name: `schema 4, drift ${DRIFT * 100} %`,
        format: 'v4' as const,
        sim: drifted,
        drift: DRIFT,
      },
    ]
    for (const [i, v] of variants.entries()) {
      const dataDir = path.join(root, `store-${i}`)
      stores.push({
        ...v,
        dataDir,
        cache: openStore(v.format, dataDir),
        client: (await signedInClient(v.sim)).client,
        campaignId: v.sim.campaignIds[0]!,
        syncMs: [],
        syncCpuMs: [],
        savedMs: [],
        openBytes: [],
        closedBytes: 0,
      })
    }
    // Round 0 makes the first snapshot (and warms up); measured rounds replace it, as a re-sync
    // does. The order turns every round so that load on the shared machine hits every store.
    for (let round = 0; round <= ROUNDS; round++) {
      for (let k = 0; k < stores.length; k++) {
        await syncOnce(stores[(round + k) % stores.length]!, round > 0)
      }
    }
    for (const store of stores) {
      store.cache.close()
      store.closedBytes = bytesOnDisk(store.cache.path)
    }

    log(`first opens in fresh processes (${OPENS} each)`)
    const opens = new Map<Store, OpenTimes[]>(stores.map((s) => [s, []]))
    for (let run = 0; run < OPENS; run++) {
      for (let k = 0; k < stores.length; k++) {
        const store = stores[(run + k) % stores.length]!
        opens.get(store)!.push(openInFreshProcess(store))
      }
    }

    log('staging the same pages in process, without HTTP')
    const pages = new Map([
      [0, servedPages(0)],
      [DRIFT, servedPages(DRIFT)],
    ])
    const staging = [
      { name: 'schema 2, drift 0', format: 'v2' as const, drift: 0, runs: [] as StageTimes[] },
      { name: 'schema 4, drift 0', format: 'v4' as const, drift: 0, runs: [] as StageTimes[] },
      {
        name: `schema 4, drift ${DRIFT * 100} %`,
        format: 'v4' as const,
        drift: DRIFT,
        runs: [] as StageTimes[],
      },
    ]
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, s] of staging.entries()) {
        const times = stageOnce(
          s.format,
          path.join(root, `stage-${i}-${round}`),
          pages.get(s.drift)!,
        )
        if (round > 0) s.runs.push(times)
      }
    }

    const [before, after, drift] = stores as [Store, Store, Store]
    const openRow = (store: Store) => {
      const times = opens.get(store)!
      const m = (key: Exclude<keyof OpenTimes, 'savedView' | 'orders' | 'rows' | 'raws'>) =>
        median(times.map((t) => t[key]))
      return {
        open: m('openMs'),
        workspace: m('workspaceMs'),
        workspaceCpu: m('workspaceCpuMs'),
        rows: m('rowsMs'),
        rowsCpu: m('rowsCpuMs'),
        raw: m('rawMs'),
      }
    }
    const o = new Map(stores.map((s) => [s, openRow(s)]))
    const ratio = (a: number, b: number) => `${fmt(a / b, 2)}x`
    const sizeLine = (s: Store) => {
      const open = Math.max(...s.openBytes)
      return `| ${s.name} | ${mb(open)} MB | ${mb(s.closedBytes)} MB | ${fmt(open / COUNT, 0)} | ${ratio(open, Math.max(...before.openBytes))} |`
    }
    const syncLine = (s: Store) => {
      const cell = (values: number[], base: number[]) =>
        `${fmt(median(values) / 1000, 2)} s (${ratio(median(values), median(base))})`
      return `| ${s.name} | ${cell(s.syncMs, before.syncMs)} | ${cell(s.syncCpuMs, before.syncCpuMs)} | ${cell(s.savedMs, before.savedMs)} |`
    }
    const openLine = (s: Store) => {
      const t = o.get(s)!
      const b = o.get(before)!
      const raw = s.format === 'v2' ? 'n/a (no raw rows)' : `${fmt(t.raw, 0)} ms`
      return (
        `| ${s.name} | ${fmt(t.open, 0)} ms | ${fmt(t.workspace, 0)} ms (${ratio(t.workspace, b.workspace)}) | ` +
        `${fmt(t.workspaceCpu, 0)} ms (${ratio(t.workspaceCpu, b.workspaceCpu)}) | ` +
        `${fmt(t.rows, 0)} ms (${ratio(t.rows, b.rows)}) | ${fmt(t.rowsCpu, 0)} ms (${ratio(t.rowsCpu, b.rowsCpu)}) | ${raw} |`
      )
    }
    const stageMedian = (s: (typeof staging)[number], key: keyof StageTimes) =>
      median(s.runs.map((run) => run[key]))
    const stageLine = (s: (typeof staging)[number]) => {
      const base = staging[0]!
      const cells = (['wallMs', 'readCpuMs', 'storeCpuMs'] as const).map(
        (key) =>
          `${fmt(stageMedian(s, key) / 1000, 2)} s (${ratio(stageMedian(s, key), stageMedian(base, key))})`,
      )
      return `| ${s.name} | ${cells.join(' | ')} |`
    }
    const [, stageClean, stageDrift] = staging as [
      unknown,
      (typeof staging)[number],
      (typeof staging)[number],
    ]
    const pagesCount = Math.ceil(COUNT / PAGE_SIZE)
    return [
      `### Offline cache: ${COUNT.toLocaleString('en')} contributions, schema 2 (before) and schema 4 (after)`,
      '',
      `\`npm run bench cache\`. Schema 2 is the storage before issue 9 (the model's JSON in every`,
      'row), kept in bench/cache-v2-legacy.ts and measured in the same run; schema 4 stores each row',
      'as its values with layouts and perks once per snapshot, the raw row always and the model row',
      `where it differs. Simulators in their own processes (seed ${SEED}, drift 0 and ${DRIFT}), latency 0,`,
      `concurrency ${CONCURRENCY}, ${pagesCount} pages; one warm-up sync, then ${ROUNDS} re-syncs per store,`,
      'the stores taking turns. Medians. Budget (../shared/ARCHITECTURE.md): at most 100 MB.',
      '',
      '| Storage | On disk after a re-sync (database + WAL, open) | After close | Bytes per contribution | vs schema 2 |',
      '|---|---|---|---|---|',
      ...stores.map(sizeLine),
      '',
      '| Storage | Sync (vs schema 2) | Client CPU during the sync | Sync + orders view saved (as `perkpack sync`) |',
      '|---|---|---|---|',
      ...stores.map(syncLine),
      '',
      `Sync with drift ${DRIFT * 100} % against drift 0, same run: ${ratio(median(drift.syncMs), median(after.syncMs))} wall, ${ratio(median(drift.syncCpuMs), median(after.syncCpuMs))} client CPU (goal at most 1.05x).`,
      '',
      `The client's own work without HTTP, into a fresh file, in this process: read = parse the`,
      'pages and read every row with the model, store = stage and commit (CPU time of this process,',
      'steadier than wall time on a shared machine). Ratios against schema 2, drift 0. Reading is',
      'the same code for both schemas: its ratio on the first two lines shows the noise of the run.',
      '',
      '| Variant | Wall time | Read (CPU) | Store (CPU) |',
      '|---|---|---|---|',
      ...staging.map(stageLine),
      '',
      `Drift ${DRIFT * 100} % against drift 0 without HTTP: wall ${ratio(stageMedian(stageDrift, 'wallMs'), stageMedian(stageClean, 'wallMs'))}, reading ${ratio(stageMedian(stageDrift, 'readCpuMs'), stageMedian(stageClean, 'readCpuMs'))}, storing ${ratio(stageMedian(stageDrift, 'storeCpuMs'), stageMedian(stageClean, 'storeCpuMs'))}.`,
      '',
      `First open in a fresh process (median of ${OPENS}; times after the modules are loaded):`,
      '',
      '| Storage | Open the cache | Orders view (open + loadWorkspace from the saved view) | Same, CPU | Every row, model | Same, CPU | Every row, raw |',
      '|---|---|---|---|---|---|---|',
      ...stores.map(openLine),
      '',
      `Load average (1 min) ${fmt(loadStart, 1)} at the start, ${fmt(loadavg()[0] ?? 0, 1)} at the end: the machine`,
      'is shared, so the ratios (same run, stores taking turns) are the figures to read.',
    ].join('\n')
  } finally {
    for (const store of stores) {
      try {
        store.cache.close()
      } catch {
        // Closed above.
      }
    }
    await Promise.all([clean.stop(), drifted.stop()])
    fs.rmSync(root, { recursive: true, force: true })
  }
}

runWhenScript('cache.bench.ts', benchCache)

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DashboardImportDesk } from '../src/main/dashboard/dashboard-import-desk'
import { NO_DESKTOP } from '../src/main/export/desktop-port'
import { campaignSummary } from '../src/main/orders/orders-desk'
import { openCache } from '../src/main/core/cache'
import { openDashboardExport } from '../src/main/core/dashboard/dashboard-export'
import { importDashboardExport } from '../src/main/core/dashboard/dashboard-import'
import { syncCampaign } from '../src/main/core/sync/sync-engine'
import { dashboardExportCsv } from '../src/simulator/dashboard-export'
import { generateDataset } from '../src/simulator/data'
import { toModel } from '../test/helpers/model'
import { fmt, measureInChild, measureWhenChild, signedInClient, spawnSimulator } from './lib'
import type { SimulatorProcess } from './lib'

const CONTRIBUTIONS = Number(process.env.PERKPACK_BENCH_IMPORT_ROWS ?? 100_000)
const SEED = 21
const CONCURRENCY = 8

type Variant = 'cli-import' | 'app-import' | 'api-sync'

interface ChildInput {
  file: string
  campaignId: number
  sim: Omit<SimulatorProcess, 'stop'>
}

interface Measure {
  variant: Variant
  ms: number
  cpuMs: number
  /** Resident memory above the level before the work, at its highest. */
  peakRssMb: number
  /** V8 heap in use, at its highest during the work (GC trace). */
  peakHeapMb: number
  heapAfterMb: number
  orders: number
}

const MARK = 'bench: work starts'

/** The kernel's resident high-water mark of this process, in bytes (Linux). */
function rssHighWater(): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
  return match ? Number(match[1]) * 1024 : process.memoryUsage().rss
}

/**
 * Peak RSS above the level before `run`, from the kernel's high-water mark (reset first), so a
 * synchronous parse that never lets a timer run is measured too. The heap's high-water comes
 * from --trace-gc, read by the parent after MARK.
 */
async function highWater<T>(run: () => Promise<T>) {
  ;(globalThis as { gc?: () => void }).gc?.()
  try {
    // "5" resets VmHWM to the current RSS (Linux 4.0+); without it the mark may be older.
    writeFileSync('/proc/self/clear_refs', '5')
  } catch {
    // Not Linux, or not allowed: the mark then includes the set-up.
  }
  const base = process.memoryUsage().rss
  process.stdout.write(`${MARK}\n`)
  const result = await run()
  const heapAfter = process.memoryUsage().heapUsed
  return { result, peakRssMb: (rssHighWater() - base) / 2 ** 20, heapAfterMb: heapAfter / 2 ** 20 }
}

/** The largest heap a GC found after MARK, in MB: the heap's high-water, near enough. */
function heapHighWater(stdout: string, floorMb: number): number {
  const after = stdout.slice(stdout.indexOf(MARK))
  let peak = floorMb
  for (const match of after.matchAll(/ms: [A-Za-z -]+? ([\d.]+) \(/g))
    peak = Math.max(peak, Number(match[1]))
  return peak
}

/** One variant in a fresh process: one run's heap cannot hide the next one's peak. */
async function runChild({
  variant,
  input,
}: {
  variant: Variant
  input: ChildInput
}): Promise<Measure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perkpack-bench-import-'))
  const cache = openCache({ dataDir, profile: 'bench' })
  const client = variant === 'api-sync' ? (await signedInClient(input.sim)).client : null
  const { campaignId, file } = input
  try {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const { result, peakRssMb, heapAfterMb } = await highWater(async () => {
      if (variant === 'api-sync') {
        const synced = await syncCampaign({
          client: client!,
          cache,
          campaignId,
          privileged: true,
          concurrency: CONCURRENCY,
        })
        return synced.snapshot.count
      }
      if (variant === 'cli-import') {
        // What `perkpack import` does: read, parse, write.
        const opened = openDashboardExport(readFileSync(file), 'contributions.csv')
        return importDashboardExport(cache, campaignId, opened, { fileName: 'contributions.csv' })
          .orders
      }
      // What the app does: a preview (held), then the import of that preview (file re-hashed).
      const desk = new DashboardImportDesk({
        cache: () => cache,
        desktop: NO_DESKTOP,
        now: Date.now,
        syncing: () => false,
        summary: (id) => campaignSummary(cache.campaign(id)!),
        rename: () => undefined,
        imported: () => undefined,
      })
      const preview = await desk.preview(campaignId, file)
      const done = await desk.import({ campaignId, previewId: preview.previewId })
      return done.outcome === 'imported' ? done.campaign.count : 0
    })
    const used = process.cpuUsage(cpu)
    const measure: Measure = {
      variant,
      ms: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      peakRssMb,
      peakHeapMb: 0,
      heapAfterMb,
      orders: result,
    }
    return measure
  } finally {
    cache.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureVariant(variant: Variant, input: ChildInput): Promise<Measure> {
  const { measure, stdout } = await measureInChild<Measure>(
    __filename,
    ['--expose-gc', '--trace-gc'],
    { variant, input },
    `dashboard import bench child ${variant}`,
  )
  return { ...measure, peakHeapMb: heapHighWater(stdout, measure.heapAfterMb) }
}

/**
 * The dashboard's contributions file of 100,000 pledges made the offline copy, against the API
 * sync of the same data from the simulator (its own process, loopback, no added latency,
 * concurrency 8) in the same run. Each in a fresh process, memory sampled every 10 ms.
 */
export async function benchDashboardImport(): Promise<string> {
  const dataset = generateDataset({ seed: SEED, contributions: CONTRIBUTIONS })
  const campaignId = dataset.campaigns[0]!.id
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-bench-import-file-'))
  const file = join(dir, 'contributions.csv')
  writeFileSync(
    file,
    `\uFEFF${dashboardExportCsv(toModel(dataset.contributions.get(campaignId)!))}`,
  )
  const bytes = statSync(file).size
  const sim = await spawnSimulator([
    '--contributions',
    String(CONTRIBUTIONS),
    '--seed',
    String(SEED),
  ])
  try {
    if (sim.campaignIds[0] !== campaignId) throw new Error('the simulator serves another campaign')
    const { baseUrl, authUrl, apiToken, email, password, campaignIds } = sim
    const input: ChildInput = {
      file,
      campaignId,
      sim: { baseUrl, authUrl, apiToken, email, password, campaignIds },
    }
    const results: Measure[] = []
    for (const variant of ['api-sync', 'cli-import', 'app-import'] as const)
      results.push(await measureVariant(variant, input))
    const sync = results[0]!
    for (const m of results)
      if (m.orders !== CONTRIBUTIONS) throw new Error(`${m.variant} stored ${m.orders} orders`)
    const label: Record<Variant, string> = {
      'api-sync': `API sync (simulator, loopback, concurrency ${CONCURRENCY})`,
      'cli-import': 'perkpack import (read, parse, write)',
      'app-import': 'App: preview, then import of that preview (file hashed twice, read twice)',
    }
    return [
      `### Dashboard file import: ${CONTRIBUTIONS.toLocaleString('en')} pledges (${fmt(bytes / 2 ** 20)} MB CSV)`,
      '',
      'Each variant in a fresh process into a fresh SQLite cache; peak resident memory above the',
      "level before the work (the kernel's VmHWM, reset first) and the V8 heap's high-water (the",
      'largest heap a GC found, --trace-gc). The baseline is the API sync of',
      'the same data in the same run (simulator in its own process, no added latency: the sync at',
      'its fastest, so the ratio is the least flattering to the import).',
      '',
      '| Variant | Wall time | CPU time | Time vs sync | Peak RSS growth | Peak heap | RSS vs sync |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (m) =>
          `| ${label[m.variant]} | ${fmt(m.ms / 1000, 2)} s | ${fmt(m.cpuMs / 1000, 2)} s | ${fmt(m.ms / sync.ms, 2)}x | ${fmt(m.peakRssMb, 0)} MB | ${fmt(m.peakHeapMb, 0)} MB | ${fmt(m.peakRssMb / sync.peakRssMb, 2)}x |`,
      ),
    ].join('\n')
  } finally {
    await sim.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

measureWhenChild(__filename, runChild)

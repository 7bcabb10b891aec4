/**
 * One first open in a fresh process, for cache.bench.ts: `node --import tsx
 * bench/cache-open-child.ts <dataDir> <v2|v4> <campaignId>`. Prints one JSON line of times
 * taken after the modules are loaded: opening the cache, the orders view (loadWorkspace, from
 * the view saved by the sync), then every row as the model reads it and as the API sent it.
 */
import { hasCurrentView, loadWorkspace } from '../src/main/core/orders/view-store'
import { openCache } from '../src/main/core/cache'
import { openLegacyCache } from './cache-v2-legacy'

const [dataDir, format, campaign] = process.argv.slice(2)
if (!dataDir || (format !== 'v2' && format !== 'v4') || !campaign) {
  process.stderr.write('usage: cache-open-child.ts <dataDir> <v2|v4> <campaignId>\n')
  process.exit(2)
}
const campaignId = Number(campaign)

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

const started = performance.now()
let cpu = process.cpuUsage()
const cache = format === 'v2' ? openLegacyCache(dataDir) : openCache({ dataDir, profile: 'bench' })
const openCpuMs = cpuMs(cpu)
const opened = performance.now()
const saved = hasCurrentView(cache, campaignId)
const checked = performance.now()
cpu = process.cpuUsage()
const workspace = loadWorkspace(cache, campaignId)
const workspaceCpuMs = openCpuMs + cpuMs(cpu)
const loaded = performance.now()
cpu = process.cpuUsage()
const rows = cache.contributions(campaignId)
const rowsCpuMs = cpuMs(cpu)
const read = performance.now()
const raws = cache.rawContributions(campaignId)
const readRaw = performance.now()
cache.close()

process.stdout.write(
  `${JSON.stringify({
    savedView: saved,
    orders: workspace?.rows.length ?? 0,
    rows: rows.length,
    raws: raws.length,
    openMs: opened - started,
    workspaceMs: loaded - checked + (opened - started),
    workspaceCpuMs,
    rowsMs: read - loaded,
    rowsCpuMs,
    rawMs: readRaw - read,
  })}\n`,
)

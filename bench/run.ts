import { benchShipperCsv } from './shipper-csv.bench'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { benchCache } from './cache.bench'
import { benchCacheEncryption } from './cache-encryption.bench'
import { benchDashboardImport } from './dashboard-import.bench'
import { benchExcel } from './excel.bench'
import { benchFulfillment } from './fulfillment.bench'
import { benchLabels, benchSlips } from './print.bench'
import { benchOrdersView } from './orders-view.bench'
import { benchPackStation } from './pack-station.bench'
import { benchPackStationScreen } from './pack-station-screen.bench'
import { benchSync } from './sync.bench'
import { benchTeamStore } from './team-store.bench'
import { benchTracking } from './tracking.bench'
import { benchWaves } from './waves.bench'

const BENCHES: Record<string, () => Promise<string>> = {
  fulfillment: benchFulfillment,
  sync: benchSync,
  cache: benchCache,
  'cache-encryption': benchCacheEncryption,
  'orders-view': benchOrdersView,
  excel: benchExcel,
  labels: benchLabels,
  slips: benchSlips,
  tracking: benchTracking,
  'dashboard-import': benchDashboardImport,
  'pack-station': benchPackStation,
  'pack-station-screen': benchPackStationScreen,
  'team-store': benchTeamStore,
  'shipper-csv': benchShipperCsv,
  waves: benchWaves,
}

async function main(): Promise<void> {
  const only = process.argv.slice(2)
  const sections: string[] = []
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (only.length && !only.includes(name)) continue
    process.stderr.write(`bench: ${name}...\n`)
    const section = await bench()
    process.stdout.write(`${section}\n\n`)
    sections.push(section)
  }
  const header = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version},`,
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB. Every figure is a ratio against a baseline`,
    'measured in the same run. Budgets are in ../shared/ARCHITECTURE.md.',
    '',
  ].join('\n')
  if (!only.length)
    writeFileSync(join(__dirname, '..', 'BENCHMARKS.md'), `${header}\n${sections.join('\n\n')}\n`)
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})

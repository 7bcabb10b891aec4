import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { openCache } from '../src/main/core/cache'
import { fillDashboardFile } from '../src/main/core/floor/dashboard-fill'
import { readTrackingFile } from '../src/main/core/floor/tracking-file'
import { applyTracking, previewTracking } from '../src/main/core/floor/tracking-import'
import { generateDataset } from '../src/simulator/data'
import { asReceived, toModel } from '../test/helpers/model'
import { fmt } from './lib'

const ORDERS = 20_000
const BUDGET_MS = 2_000

function best(times: number[]): number {
  return Math.min(...times)
}

function timed(work: () => void): number {
  const started = performance.now()
  work()
  return performance.now() - started
}

/**
 * 20,000 tracking rows in (read, match, preview, store) and the dashboard file of 20,000 rows
 * filled, each against a bare baseline in the same run: the text split on line breaks and commas
 * and the rows inserted with one prepared statement in one transaction; for the fill, the file
 * decoded, split and joined again unchanged.
 */
export async function benchTracking(): Promise<string> {
  const dataset = generateDataset({ seed: 3, contributions: ORDERS })
  const campaignId = dataset.campaigns[0]!.id
  const rows = toModel(dataset.contributions.get(campaignId)!).slice(0, ORDERS)
  const lines = rows.map(
    (row, i) =>
      `${row.order.sequence_number ?? row.order.id},USPS,94001${String(i).padStart(17, '0')}`,
  )
  const text = `order_number,carrier,tracking_number\n${lines.join('\n')}\n`
  const dashboard = Buffer.from(
    `\uFEFFOrder No.,Pledge ID,Name,Shipping Address,Carrier,Tracking Number,Item Name,Item SKU\r\n` +
      rows
        .map(
          (row) =>
            `${row.order.sequence_number ?? ''},${row.id},"${row.order.shipping?.name ?? ''}","${row.order.shipping?.address ?? ''}",,,Mug,MUG-1`,
        )
        .join('\r\n') +
      '\r\n',
    'utf8',
  )
  const importMs: number[] = []
  const baseMs: number[] = []
  const fillMs: number[] = []
  const fillBaseMs: number[] = []
  let matched = 0
  for (let round = 0; round < 3; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'perkpack-bench-tracking-'))
    try {
      const cache = openCache({ dataDir: dir, profile: 'bench' })
      const writer = cache.beginSnapshot(campaignId)
      writer.add(asReceived(rows))
      writer.commit({ expectedCount: rows.length, privileged: true })
      const floor = cache.floor()
      importMs.push(
        timed(() => {
          const file = readTrackingFile(text, 'tracking.csv')
          const preview = previewTracking(
            file,
            cache.contributions(campaignId),
            floor.states(campaignId),
          )
          matched = applyTracking(floor, campaignId, preview).added
        }),
      )
      const states = floor.states(campaignId)
      fillMs.push(timed(() => void fillDashboardFile(dashboard, 'c.csv', rows, states)))
      fillBaseMs.push(
        timed(() => {
          const decoded = new TextDecoder().decode(dashboard)
          Buffer.from(
            decoded
              .split('\r\n')
              .map((l) => l.split(',').join(','))
              .join('\r\n'),
          )
        }),
      )
      cache.close()
      const db = new Database(join(dir, 'bare.sqlite'))
      db.exec('CREATE TABLE t (order_number TEXT, carrier TEXT, tracking_number TEXT)')
      const insert = db.prepare('INSERT INTO t VALUES (?, ?, ?)')
      baseMs.push(
        timed(() => {
          const cells = text
            .split('\n')
            .slice(1, -1)
            .map((line) => line.split(','))
          db.transaction(() => {
            for (const [a, b, c] of cells) insert.run(a, b, c)
          })()
        }),
      )
      db.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const s = (ms: number) => `${fmt(ms / 1000, 2)} s`
  const x = (a: number, b: number) => `${fmt(a / b, 1)}x`
  return [
    `### Tracking numbers in and the dashboard file out: ${ORDERS.toLocaleString('en')} orders`,
    '',
    '`npm run bench -- tracking`. Import: a generic tracking file of 20,000 rows read, matched by',
    "order number against the offline copy's rows (read from the cache inside the timing), previewed",
    'and stored in the floor record. Baseline: the text split on line breaks and commas and inserted',
    'with one prepared statement in one transaction. Fill: a dashboard file of 20,000 rows filled',
    'for every order; baseline: the file decoded, split and joined unchanged. Best of 3.',
    `Budget: import under ${s(BUDGET_MS)}.`,
    '',
    '| Step | Time | Baseline | vs baseline |',
    '|---|---|---|---|',
    `| Import ${ORDERS.toLocaleString('en')} tracking rows (${matched.toLocaleString('en')} stored) | ${s(best(importMs))} | ${s(best(baseMs))} | ${x(best(importMs), best(baseMs))} |`,
    `| Fill the dashboard file, ${ORDERS.toLocaleString('en')} rows | ${s(best(fillMs))} | ${s(best(fillBaseMs))} | ${x(best(fillMs), best(fillBaseMs))} |`,
    '',
    `Budget ${best(importMs) < BUDGET_MS ? 'met' : 'MISSED'}: import ${s(best(importMs))}.`,
  ].join('\n')
}

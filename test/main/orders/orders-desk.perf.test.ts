import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCache } from '../../../src/main/core/cache'
import { cacheProfile } from '../../../src/main/core/session/profile'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { buildPickList, filterContributions, groupByPerk } from '../../../src/shared/fulfillment'
import type {
  IpcArgs,
  IpcChannel,
  IpcEnvelope,
  IpcResult,
  OrdersFilter,
  OrdersQueryResult,
} from '../../../src/shared/ipc'
import { ORDERS_PAGE_SIZE } from '../../../src/shared/ipc'
import type { TestApp } from '../../helpers/app'
import { generateDataset } from '../../../src/simulator'
import { cleanupApps, makeApp, queryAll, tempDir } from '../../helpers/app'
import { asReceived, toModel } from '../../helpers/model'

/**
 * The orders view's budget (ARCHITECTURE.md): with 100,000 orders, opening under 1 s and each
 * filter under 200 ms in the main process. The cache is filled straight from the simulator's
 * dataset: syncing 3,334 pages over HTTP would test the sync engine, not this.
 */

const COUNT = 100_000
const BASE_URL = 'http://127.0.0.1:9'
const OPEN_BUDGET_MS = 1000
const QUERY_BUDGET_MS = 200

let dataDir: string
let campaignId: number
let rows: CampaignContribution[]

const time = async <T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const start = performance.now()
  const value = await run()
  return { ms: performance.now() - start, value }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number
const fmt = (ms: number) => `${ms.toFixed(0)} ms`

/** Straight to the handler: the helper's recording of every answer would be timed too. */
async function direct<C extends IpcChannel>(
  app: TestApp,
  channel: C,
  ...args: IpcArgs<C>
): Promise<IpcResult<C>> {
  const handler = app.table[channel] as (raw: unknown[]) => Promise<IpcEnvelope<IpcResult<C>>>
  const envelope = await handler(args)
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`)
  return envelope.value
}

/**
 * How much slower than the machine the budgets were set on this one is right now, from the
 * shared core's own budget (grouping and pick list of 100,000 orders: 50 ms): a shared CI box
 * running other suites can be several times slower, and the figures are printed raw as well.
 */
function slowdown(): { factor: number; referenceMs: number } {
  const runs: number[] = []
  for (let run = 0; run < 3; run++) {
    const start = performance.now()
    groupByPerk(rows)
    buildPickList(rows)
    runs.push(performance.now() - start)
  }
  const referenceMs = Math.min(...runs)
  return { factor: Math.max(1, referenceMs / 50), referenceMs }
}

beforeAll(() => {
  const dataset = generateDataset({ seed: 1, contributions: COUNT })
  campaignId = dataset.campaigns[0]!.id
  rows = toModel(dataset.contributions.get(campaignId)!)
  dataDir = tempDir()
  const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL) })
  const writer = cache.beginSnapshot(campaignId)
  for (let i = 0; i < rows.length; i += 5000) writer.add(asReceived(rows.slice(i, i + 5000)))
  writer.commit({ expectedCount: rows.length, privileged: true })
  cache.close()
}, 180_000)

afterAll(cleanupApps)

describe('100,000 orders', () => {
  it('opens within 1 s and filters within 200 ms', async () => {
    const env = { PERKPACK_BASE_URL: BASE_URL, PERKPACK_AUTH_URL: BASE_URL }
    // One keychain across the restarts: the offline copy's key outlives each app.
    const store = new MemorySecretStore()
    const figures: string[] = []

    // First open ever: from the cache's rows, saving the compact view for the next ones.
    const first = await makeApp({ dataDir, env, store })
    const firstOpen = await time(() => direct(first, 'orders:open', { campaignId }))
    expect(firstOpen.value.campaign.count).toBe(COUNT)
    figures.push(`first open (from the rows, saves the view): ${fmt(firstOpen.ms)}`)
    await first.services.dispose()

    // Every later start: from the saved view. Best of three: noise only ever adds time.
    const opens: number[] = []
    let app = first
    for (let run = 0; run < 3; run++) {
      app = await makeApp({ dataDir, env, store })
      const open = await time(() => direct(app, 'orders:open', { campaignId }))
      expect(open.value.campaign.count).toBe(COUNT)
      expect(open.value.countries.length).toBeGreaterThan(5)
      opens.push(open.ms)
      if (run < 2) await app.services.dispose()
    }
    const open = Math.min(...opens)
    figures.push(`open after a restart (from the saved view): ${opens.map(fmt).join(', ')}`)
    const snapshot = await direct(app, 'orders:open', { campaignId })
    figures.push(
      `snapshot over IPC: ${(JSON.stringify(snapshot).length / 1e3).toFixed(1)} kB of JSON`,
    )
    const warm = await time(() => direct(app, 'orders:open', { campaignId }))
    figures.push(`open again (workspace in memory): ${fmt(warm.ms)}`)

    const firstQuery = await time(() => direct(app, 'orders:query', { campaignId, filter: {} }))
    figures.push(`first query (default statuses): ${fmt(firstQuery.ms)}`)
    // What the person does next: search (haystacks built once), pick a country, a tree node.
    const firstSearch = await time(() =>
      direct(app, 'orders:query', { campaignId, filter: { search: 'mill' } }),
    )
    figures.push(`first search (builds the search index): ${fmt(firstSearch.ms)}`)
    const perk = firstQuery.value.tree[0]!
    const filters: OrdersFilter[] = [
      {},
      { statuses: [] },
      { search: 'mueller' },
      { search: 'berlin', statuses: [] },
      { country: 'JP' },
      { perkId: perk.perkId },
      { perkId: perk.perkId, variant: perk.variants[0]?.key },
      { search: '#4242' },
      { statuses: ['refunded', 'on_hold'], country: 'US', search: 'a' },
    ]
    // Round-robin, so no query repeats the one before it (which the workspace would reuse).
    const runs = filters.map(() => [] as number[])
    const answers: OrdersQueryResult[] = []
    for (let round = 0; round < 5; round++) {
      for (const [i, filter] of filters.entries()) {
        const result = await time(() => direct(app, 'orders:query', { campaignId, filter }))
        runs[i]!.push(result.ms)
        answers[i] = result.value
      }
    }
    // Fast and right: every answer is the shared core's, and two whole answers, paged through,
    // are the core's past the first page too.
    for (const [i, filter] of filters.entries()) {
      const ids = filterContributions(rows, filter).map((row) => row.id)
      expect(answers[i]!.count).toBe(ids.length)
      expect(answers[i]!.rows.map((row) => row.id)).toEqual(ids.slice(0, ORDERS_PAGE_SIZE))
    }
    for (const filter of filters.slice(0, 2)) {
      const all = await queryAll(app, campaignId, filter)
      expect(all.all.map((row) => row.id)).toEqual(
        filterContributions(rows, filter).map((row) => row.id),
      )
    }
    // Noise on a shared machine only ever adds time: the best run is the code's own cost.
    const best = runs.map((r) => Math.min(...r))
    figures.push(
      `queries (best, median of 5):\n    ${filters
        .map((f, i) => `${JSON.stringify(f)}: ${fmt(best[i]!)}, ${fmt(median(runs[i]!))}`)
        .join('\n    ')}`,
    )
    // A page as the table asks for it while scrolling, deep in a fresh answer.
    const everyOrder = await direct(app, 'orders:query', { campaignId, filter: { statuses: [] } })
    const pages: number[] = []
    for (let offset = 40_000; offset < 40_000 + 20 * ORDERS_PAGE_SIZE; offset += ORDERS_PAGE_SIZE) {
      const page = await time(() =>
        direct(app, 'orders:rows', {
          campaignId,
          resultId: everyOrder.resultId,
          offset,
          limit: ORDERS_PAGE_SIZE,
        }),
      )
      expect(page.value.map((row) => row.id)).toEqual(
        rows.slice(offset, offset + ORDERS_PAGE_SIZE).map((row) => row.id),
      )
      pages.push(page.ms)
    }
    figures.push(`a page of ${ORDERS_PAGE_SIZE} rows while scrolling: median ${fmt(median(pages))}`)
    const detail = await time(() =>
      direct(app, 'orders:detail', { campaignId, contributionId: rows[500]!.id }),
    )
    figures.push(`order detail: ${fmt(detail.ms)}`)

    const { factor, referenceMs } = slowdown()
    figures.push(
      `machine: grouping + pick list of 100,000 took ${fmt(referenceMs)} (budget 50 ms), ` +
        `so budgets here are x${factor.toFixed(1)}`,
    )
    console.log(`orders view, ${COUNT.toLocaleString('en')} orders:\n  ${figures.join('\n  ')}`)
    expect(open).toBeLessThan(OPEN_BUDGET_MS * factor)
    expect(Math.max(...best)).toBeLessThan(QUERY_BUDGET_MS * factor)
    // Scrolling asks for a page about every 40 frames: it must fit well inside one.
    expect(median(pages)).toBeLessThan(16 * factor)
  }, 240_000)
})

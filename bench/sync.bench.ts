import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openCache } from '../src/main/core/cache'
import { syncCampaign } from '../src/main/core/sync/sync-engine'
import { PAGE_SIZE } from '../src/shared/config'
import { fmt, signedInClient, spawnSimulator, withPeakRss } from './lib'

const CONTRIBUTIONS = Number(process.env.BENCH_CONTRIBUTIONS ?? 20_000)
const LATENCY_MS = 40

/**
 * Sync of 20,000 contributions at 40 ms latency: wall time against the latency bound
 * ceil(pages / concurrency) x 40 ms and against a one-page-at-a-time walk, in one run.
 */
export async function benchSync(): Promise<string> {
  const sim = await spawnSimulator([
    '--contributions',
    String(CONTRIBUTIONS),
    '--latency-ms',
    String(LATENCY_MS),
  ])
  const dataDir = mkdtempSync(join(tmpdir(), 'perkpack-bench-'))
  try {
    const { session, client } = await signedInClient(sim)
    const cache = openCache({ dataDir, profile: 'bench' })
    const campaignId = sim.campaignIds[0]!
    const pages = Math.ceil(CONTRIBUTIONS / PAGE_SIZE)

    const runOnce = async (concurrency: number) => {
      const started = performance.now()
      let saving = 0
      const { result, peakMb } = await withPeakRss(() =>
        syncCampaign({
          client,
          cache,
          campaignId,
          privileged: true,
          concurrency,
          // When the last page is in: from here on the commit (the copy swapped in) is all.
          onProgress: (progress) => {
            if (progress.phase === 'saving' && saving === 0) saving = performance.now()
          },
        }),
      )
      const wallMs = performance.now() - started
      const savingMs = performance.now() - saving
      if (result.snapshot.count !== CONTRIBUTIONS)
        throw new Error(`synced ${result.snapshot.count}, expected ${CONTRIBUTIONS}`)
      const boundMs = Math.ceil(pages / concurrency) * LATENCY_MS
      // The replaced snapshot's deletion, deferred past the result: timed on its own, so that
      // it neither hides nor lands in the next run's wall time.
      const tidyStarted = performance.now()
      cache.tidy()
      const tidyMs = performance.now() - tidyStarted
      return { concurrency, wallMs, savingMs, tidyMs, peakMb, boundMs }
    }

    /** Baseline: the same pages fetched and read as text, nothing parsed, validated or stored. */
    const accessToken = await session.accessToken()
    const bareWalk = async (concurrency: number) => {
      const url = (page: number) =>
        `${sim.baseUrl}/2/campaigns/${campaignId}/contributions.json?api_token=${sim.apiToken}&access_token=${accessToken}&page=${page}`
      let next = 1
      const started = performance.now()
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next <= pages) await (await fetch(url(next++))).text()
        }),
      )
      return performance.now() - started
    }

    // Warm-up: connection pool, JIT, SQLite file growth.
    await runOnce(8)
    const bare1 = await bareWalk(1)
    const bare4 = await bareWalk(4)
    const sequential = await runOnce(1)
    const runs = [await runOnce(4), await runOnce(6), await runOnce(8), await runOnce(16)]

    const rows = [sequential, ...runs].map(
      (r) =>
        `| ${r.concurrency} | ${fmt(r.wallMs / 1000, 2)} s | ${fmt(r.boundMs / 1000, 2)} s | ${fmt(r.wallMs / r.boundMs, 2)}x | ${fmt(sequential.wallMs / r.wallMs, 2)}x | ${fmt(r.peakMb, 0)} MB |`,
    )
    cache.close()
    return [
      `### Sync: ${CONTRIBUTIONS.toLocaleString('en')} contributions (${pages} pages), ${LATENCY_MS} ms latency`,
      '',
      'Simulator in its own process on loopback; privileged sync into a fresh SQLite cache; the',
      'latency bound is ceil(pages / concurrency) x 40 ms. Budget: within 1.25x of the bound, at',
      'least 4x faster than one page at a time (concurrency 1, same run).',
      '',
      '| Concurrency | Wall time | Latency bound | Wall / bound | Speed-up vs 1 | Peak RSS growth |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      `Bare HTTP walk of the same pages (fetch + read text only), same run: concurrency 1 ${fmt(bare1 / 1000, 2)} s`,
      `(${fmt(bare1 / Math.ceil(pages) / LATENCY_MS, 2)}x the bound), concurrency 4 ${fmt(bare4 / 1000, 2)} s (${fmt(bare4 / (Math.ceil(pages / 4) * LATENCY_MS), 2)}x the bound).`,
      `The full sync costs ${fmt(sequential.wallMs / bare1, 2)}x (concurrency 1) and ${fmt(runs[0]!.wallMs / bare4, 2)}x (concurrency 4) the bare walk.`,
      `At concurrency 4 the walk took ${fmt((runs[0]!.wallMs - runs[0]!.savingMs) / runs[0]!.boundMs, 2)}x the bound and the commit after it ${fmt(runs[0]!.savingMs / 1000, 2)} s (${fmt((runs[0]!.savingMs / runs[0]!.boundMs) * 100, 1)} % of the bound);`,
      `the replaced snapshot's deletion after the result took ${fmt(runs[0]!.tidyMs / 1000, 2)} s.`,
    ].join('\n')
  } finally {
    await sim.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

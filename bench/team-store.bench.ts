import { cpus, loadavg } from 'node:os'
import { openCache } from '../src/main/core/cache'
import { openTeamDesk } from '../src/main/core/team/open-team-desk'
import { connectTeam } from '../src/main/core/team/team-connection'
import type { TeamChange } from '../src/main/core/team/team-desk'
import { migrateTeam } from '../src/main/core/team/team-schema'
import { parseTeamUrl } from '../src/shared/team/team-url'
import { cleanup, tempDir } from '../test/helpers/harness'
import { PG_PASSWORD, startPostgres } from '../test/helpers/postgres-server'
import { spawnDesk } from '../test/helpers/team-desk-spawn'
import { fmt, percentile } from './lib'

const DESKS = 5
const ORDERS_PER_DESK = 2_000
const REPLAYED = 2_000
const CAMPAIGN = 1

/** The local store's pack (one SQLite transaction per pack), in this process: the baseline. */
function localBaseline(): { latencies: number[]; seconds: number } {
  const cache = openCache({ dataDir: tempDir('perkpack-bench-local-'), profile: 'bench' })
  try {
    const floor = cache.floor()
    const latencies: number[] = []
    const started = performance.now()
    for (let orderId = 1; orderId <= ORDERS_PER_DESK; orderId += 1) {
      const one = performance.now()
      floor.pack(CAMPAIGN, orderId, 'Desk L')
      latencies.push(performance.now() - one)
    }
    return { latencies, seconds: (performance.now() - started) / 1000 }
  } finally {
    cache.close()
  }
}

/**
 * Five desks (processes of their own) pack 2,000 orders each against one PostgreSQL on this
 * machine; an observing desk follows live. Then one desk replays 2,000 queued packs. The local
 * SQLite store's pack is measured in the same run as the baseline.
 */
export async function benchTeamStore(): Promise<string> {
  const server = await startPostgres()
  try {
    const raw = await server.createDatabase('bench')
    const url = parseTeamUrl(raw, PG_PASSWORD)
    const admin = await connectTeam(url)
    await migrateTeam(admin)

    const local = localBaseline()

    const observerCache = openCache({ dataDir: tempDir('perkpack-bench-obs-'), profile: 'bench' })
    const observer = openTeamDesk({ url, cache: observerCache, desk: 'Observer' })
    const seenAt = new Map<number, number>()
    observer.on('changed', (change: TeamChange) => {
      const now = performance.timeOrigin + performance.now()
      for (const orderId of change.orderIds) if (!seenAt.has(orderId)) seenAt.set(orderId, now)
    })
    await observer.startLive(1_000)

    const desks = Array.from({ length: DESKS }, (_, index) =>
      spawnDesk({
        TEAM_CHILD_URL: raw,
        TEAM_CHILD_PASSWORD: PG_PASSWORD,
        TEAM_CHILD_DATA_DIR: tempDir('perkpack-bench-desk-'),
        TEAM_CHILD_DESK: `Desk ${index + 1}`,
        TEAM_CHILD_MODE: 'pack',
        TEAM_CHILD_CAMPAIGN: String(CAMPAIGN),
        TEAM_CHILD_FIRST: String(index * ORDERS_PER_DESK + 1),
        TEAM_CHILD_COUNT: String(ORDERS_PER_DESK),
      }),
    )
    await Promise.all(desks.map((desk) => desk.line((line) => line === 'ready')))
    const started = performance.now()
    for (const desk of desks) desk.process.stdin!.write('go\n')
    const results = await Promise.all(
      desks.map(
        async (desk) =>
          JSON.parse(await desk.line((line) => line.startsWith('{'))) as {
            won: number[]
            latencies: number[]
            doneAt: number[]
          },
      ),
    )
    const seconds = (performance.now() - started) / 1000
    const total = DESKS * ORDERS_PER_DESK
    // Wait for the observer to have every order (or give up after 10 s).
    const deadline = performance.now() + 10_000
    while (seenAt.size < total && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    await observer.close()
    observerCache.close()
    const latencies = results.flatMap((result) => result.latencies)
    const delays: number[] = []
    for (const result of results)
      result.won.forEach((orderId, i) => {
        const seen = seenAt.get(orderId)
        if (seen !== undefined) delays.push(Math.max(0, seen - result.doneAt[i]!))
      })

    // Replay: 2,000 packs queued while the store was unreachable, then sent in order.
    const replayCache = openCache({ dataDir: tempDir('perkpack-bench-replay-'), profile: 'bench' })
    const away = openTeamDesk({
      url: parseTeamUrl(raw.replace(/:\d+\//, ':9/'), PG_PASSWORD),
      cache: replayCache,
      desk: 'Desk R',
    })
    for (let orderId = total + 1; orderId <= total + REPLAYED; orderId += 1)
      await away.write(CAMPAIGN, { kind: 'pack', orderId })
    await away.close()
    const back = openTeamDesk({ url, cache: replayCache, desk: 'Desk R' })
    const replayStarted = performance.now()
    const report = await back.replay()
    const replaySeconds = (performance.now() - replayStarted) / 1000
    await back.close()
    replayCache.close()
    const held = await admin.pg.query<{ n: string; desks: string }>(
      'SELECT count(*) AS n, count(DISTINCT station) AS desks FROM team_packs',
    )
    await admin.close()

    const localRate = ORDERS_PER_DESK / local.seconds
    const teamRate = total / seconds
    const localP50 = percentile(local.latencies, 0.5)
    const localP95 = percentile(local.latencies, 0.95)
    return [
      `### Team store: ${DESKS} desks packing ${ORDERS_PER_DESK.toLocaleString('en')} orders each on one PostgreSQL`,
      '',
      `\`npm run bench team-store\`. One PostgreSQL 15 on this machine (fsync off, a throwaway`,
      `server from test/helpers/postgres-server.ts); ${DESKS} desks, each a process of its own with`,
      `its own offline cache, packing ${ORDERS_PER_DESK.toLocaleString('en')} different orders one by one (pack = one`,
      'round trip, then the local mirror); an observing desk follows live (LISTEN/NOTIFY, poll every',
      `1 s). The server held ${Number(held.rows[0]!.n).toLocaleString('en')} packed orders of ${held.rows[0]!.desks} desks at the end (the ${DESKS}, and`,
      `the replaying one). Baseline: the local SQLite store's pack, ${ORDERS_PER_DESK.toLocaleString('en')} orders in this process,`,
      `same run. Load average during the run: ${fmt(loadavg()[0]!, 1)} on ${cpus().length} cores (a machine shared with other jobs:`,
      'absolute times vary from run to run, the ratios less).',
      '',
      '| Measure | Team store | Local store (baseline) | Ratio |',
      '|---|---|---|---|',
      `| Packs per second (all desks together) | ${fmt(teamRate, 0)} | ${fmt(localRate, 0)} (one desk) | ${fmt(teamRate / localRate, 2)}x |`,
      `| One pack, p50 | ${fmt(percentile(latencies, 0.5), 2)} ms | ${fmt(localP50, 3)} ms | ${fmt(percentile(latencies, 0.5) / localP50, 0)}x |`,
      `| One pack, p95 | ${fmt(percentile(latencies, 0.95), 2)} ms | ${fmt(localP95, 3)} ms | ${fmt(percentile(latencies, 0.95) / localP95, 0)}x |`,
      `| Seen by another desk, p50 / p95 (${delays.length.toLocaleString('en')} of ${total.toLocaleString('en')} packs) | ${fmt(percentile(delays, 0.5), 0)} / ${fmt(percentile(delays, 0.95), 0)} ms | n/a | |`,
      `| Outbox replay (${report.applied.toLocaleString('en')} queued packs) | ${fmt(report.applied / replaySeconds, 0)} actions/s | n/a | ${fmt(report.applied / replaySeconds / teamRate, 2)}x the live rate |`,
    ].join('\n')
  } finally {
    server.destroy()
    await cleanup()
  }
}

/**
 * A desk in its own process, for the team-mode tests (bundled, program-bundles.ts) and the bench
 * (`node --import tsx`).
 * Configured through the environment:
 *   TEAM_CHILD_URL, TEAM_CHILD_PASSWORD: the team store
 *   TEAM_CHILD_DATA_DIR, TEAM_CHILD_DESK: this desk's cache folder and name
 *   TEAM_CHILD_MODE: `pack` connects, prints "ready", waits for a line on stdin (so several
 *     desks start together), packs TEAM_CHILD_CAMPAIGN's orders TEAM_CHILD_FIRST ..
 *     TEAM_CHILD_FIRST + TEAM_CHILD_COUNT - 1 one by one and prints one JSON line
 *     {won: [ids], lost: [[id, station, at]], latencies: [ms], doneAt: [epoch ms]};
 *     `replay` prints "replaying" and replays the outbox, then prints the report as JSON.
 */
import { openCache } from '../../src/main/core/cache'
import { openTeamDesk } from '../../src/main/core/team/open-team-desk'
import { parseTeamUrl } from '../../src/shared/team/team-url'

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    console.error(`team-desk-child: ${name} is not set`)
    process.exit(2)
  }
  return value
}

const cache = openCache({ dataDir: required('TEAM_CHILD_DATA_DIR'), profile: 'team-child' })
const desk = openTeamDesk({
  url: parseTeamUrl(required('TEAM_CHILD_URL'), process.env.TEAM_CHILD_PASSWORD ?? null),
  cache,
  desk: required('TEAM_CHILD_DESK'),
})

async function packAll(): Promise<void> {
  const campaignId = Number(required('TEAM_CHILD_CAMPAIGN'))
  const first = Number(required('TEAM_CHILD_FIRST'))
  const count = Number(required('TEAM_CHILD_COUNT'))
  const won: number[] = []
  const lost: [number, string | null, string | null][] = []
  const latencies: number[] = []
  const doneAt: number[] = []
  if (!(await desk.connect())) throw new Error('the team store cannot be reached')
  process.stdout.write('ready\n')
  await new Promise((resolve) => process.stdin.once('data', resolve))
  process.stdin.pause()
  for (let orderId = first; orderId < first + count; orderId += 1) {
    const started = performance.now()
    const result = await desk.write(campaignId, { kind: 'pack', orderId })
    const done = performance.now()
    latencies.push(done - started)
    doneAt.push(performance.timeOrigin + done)
    if (result.status === 'applied') won.push(orderId)
    else if (result.status === 'lost') lost.push([orderId, result.station, result.at])
    else throw new Error(`order ${orderId} was queued: ${result.reason}`)
  }
  process.stdout.write(`${JSON.stringify({ won, lost, latencies, doneAt })}\n`)
}

async function replay(): Promise<void> {
  process.stdout.write('replaying\n')
  const report = await desk.replay()
  process.stdout.write(`${JSON.stringify(report)}\n`)
}

async function main(): Promise<void> {
  const mode = required('TEAM_CHILD_MODE')
  try {
    if (mode === 'pack') await packAll()
    else if (mode === 'replay') await replay()
    else throw new Error(`unknown TEAM_CHILD_MODE ${mode}`)
  } finally {
    await desk.close()
    cache.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})

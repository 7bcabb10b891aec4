import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/services/cache'
import type { OfflineCache } from '../../../../src/main/services/cache'
import { openTeamDesk } from '../../../../src/main/services/team/open-team-desk'
import type { TeamChange, TeamDesk } from '../../../../src/main/services/team/team-desk'
import { connectTeam } from '../../../../src/main/services/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../../../src/main/services/team/team-schema'
import { parseTeamUrl } from '../../../../src/shared/team/team-url'
import type { TeamUrl } from '../../../../src/shared/team/team-url'
import { cleanup, tempDir } from '../../../helpers/harness'
import { PG_PASSWORD, startPostgres } from '../../../helpers/postgres-server'
import type { PostgresServer } from '../../../helpers/postgres-server'
import { spawnDesk } from '../../../helpers/team-desk-spawn'

// One real PostgreSQL for the file (test/helpers/postgres-server.ts); a database per test.
const CAMPAIGN = 42
const PROFILE = 'team-child'
let server: PostgresServer
const opened: { desk: TeamDesk; cache: OfflineCache }[] = []

beforeAll(async () => {
  server = await startPostgres()
}, 60_000)

afterAll(async () => {
  for (const { desk, cache } of opened.splice(0)) {
    await desk.close()
    cache.close()
  }
  server?.destroy()
  await cleanup()
})

async function teamStore(
  name: string,
  schema = TEAM_SCHEMA_VERSION,
): Promise<{ raw: string; url: TeamUrl }> {
  const raw = await server.createDatabase(name)
  const url = parseTeamUrl(raw, PG_PASSWORD)
  const client = await connectTeam(url)
  await migrateTeam(client, schema)
  await client.close()
  return { raw, url }
}

async function sql<R extends pg.QueryResultRow>(
  url: TeamUrl,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = await connectTeam(url)
  try {
    return (await client.pg.query<R>(text, values)).rows
  } finally {
    await client.close()
  }
}

function deskAt(url: TeamUrl, name: string, dataDir = tempDir('perkpack-desk-')) {
  const cache = openCache({ dataDir, profile: PROFILE })
  const desk = openTeamDesk({ url, cache, desk: name, connectTimeoutMs: 1_000 })
  opened.push({ desk, cache })
  return { desk, cache, dataDir }
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('team store on PostgreSQL', () => {
  it('three desks in their own processes race for the same 2,000 orders: each packed once, every loser told who won', async () => {
    const { raw, url } = await teamStore('race')
    const desks = ['Desk A', 'Desk B', 'Desk C'].map((name) =>
      spawnDesk({
        TEAM_CHILD_URL: raw,
        TEAM_CHILD_PASSWORD: PG_PASSWORD,
        TEAM_CHILD_DATA_DIR: tempDir('perkpack-desk-'),
        TEAM_CHILD_DESK: name,
        TEAM_CHILD_MODE: 'pack',
        TEAM_CHILD_CAMPAIGN: String(CAMPAIGN),
        TEAM_CHILD_FIRST: '1',
        TEAM_CHILD_COUNT: '2000',
      }),
    )
    await Promise.all(desks.map((desk) => desk.line((line) => line === 'ready')))
    for (const desk of desks) desk.process.stdin!.write('go\n')
    const results = await Promise.all(
      desks.map(async (desk) => {
        const line = await desk.line((text) => text.startsWith('{'))
        expect((await desk.exited).code).toBe(0)
        return JSON.parse(line) as { won: number[]; lost: [number, string, string][] }
      }),
    )

    const won = results.flatMap((result) => result.won)
    expect(won).toHaveLength(2_000)
    expect(new Set(won).size).toBe(2_000)
    expect(results.reduce((sum, result) => sum + result.lost.length, 0)).toBe(4_000)
    const packs = await sql<{ order_id: string; station: string; packed_at: Date }>(
      url,
      'SELECT order_id, station, packed_at FROM team_packs WHERE campaign_id = $1',
      [CAMPAIGN],
    )
    expect(packs).toHaveLength(2_000)
    const winner = new Map(packs.map((row) => [Number(row.order_id), row]))
    results.forEach((result, index) => {
      const name = ['Desk A', 'Desk B', 'Desk C'][index]
      for (const orderId of result.won) expect(winner.get(orderId)?.station).toBe(name)
      // Every loser was told the desk and time that won, not just "no".
      for (const [orderId, station, at] of result.lost) {
        expect(station).toBe(winner.get(orderId)?.station)
        expect(at).toBe(winner.get(orderId)?.packed_at.toISOString())
      }
    })
  }, 120_000)
})

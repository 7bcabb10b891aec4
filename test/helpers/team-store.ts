/**
 * Team stores for the team mode tests: one real PostgreSQL for a test file
 * (postgres-server.ts), a database per test migrated to a team schema, SQL read straight from
 * it, and desks on it whose offline copies may hold a campaign's rows as after a sync.
 */
import type pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { openCache } from '../../src/main/core/cache'
import type { OfflineCache } from '../../src/main/core/cache'
import { openTeamDesk } from '../../src/main/core/team/open-team-desk'
import type { TeamDesk } from '../../src/main/core/team/team-desk'
import { connectTeam } from '../../src/main/core/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../src/main/core/team/team-schema'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { parseTeamUrl } from '../../src/shared/team/team-url'
import type { TeamUrl } from '../../src/shared/team/team-url'
import { syncRows } from './cache-fixtures'
import { cleanup } from './harness'
import { PG_PASSWORD, startPostgres } from './postgres-server'
import type { PostgresServer } from './postgres-server'

let server: PostgresServer | undefined
const opened: OpenDesk[] = []

/**
 * Call once at the top of a test file: starts its PostgreSQL before the tests and, after them,
 * closes the desks `openDesk` opened, the server and harness's temp dirs. Returns the server
 * (for tests that stop and start it).
 */
export function useTeamServer(): () => PostgresServer {
  beforeAll(async () => {
    server = await startPostgres()
  }, 60_000)
  afterAll(async () => {
    for (const desk of opened.splice(0)) await closeDesk(desk)
    server?.destroy()
    server = undefined
    await cleanup()
  })
  return () => {
    if (!server) throw new Error('useTeamServer: the server starts in beforeAll')
    return server
  }
}

/** A database `name` on the file's server, migrated to team schema `schema`: its URL, raw and read. */
export async function teamStore(
  name: string,
  schema = TEAM_SCHEMA_VERSION,
): Promise<{ raw: string; url: TeamUrl }> {
  if (!server) throw new Error('teamStore: call useTeamServer() in the test file')
  const raw = await server.createDatabase(name)
  const url = parseTeamUrl(raw, PG_PASSWORD)
  const client = await connectTeam(url)
  await migrateTeam(client, schema)
  await client.close()
  return { raw, url }
}

/** The rows `text` returns from the store at `url`, on a connection of its own. */
export async function teamSql<R extends pg.QueryResultRow>(
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

export interface OpenDesk {
  desk: TeamDesk
  cache: OfflineCache
  dataDir: string
  readonly plan: ReturnType<OfflineCache['floorPlan']>
}

export interface DeskSetup {
  profile: string
  dataDir: string
  /** Synced into the offline copy first when it holds none of the campaign's rows yet. */
  synced?: { campaignId: number; rows: readonly CampaignContribution[] }
}

/** Desk `name` on the store at `url`, its offline copy `setup.profile`'s in `setup.dataDir`. */
export function openDesk(url: TeamUrl, name: string, setup: DeskSetup): OpenDesk {
  const cache = openCache({ dataDir: setup.dataDir, profile: setup.profile })
  const { synced } = setup
  if (synced && cache.contributions(synced.campaignId).length === 0)
    syncRows(cache, synced.campaignId, synced.rows)
  const desk = openTeamDesk({ url, cache, desk: name, connectTimeoutMs: 1_000 })
  const entry: OpenDesk = {
    desk,
    cache,
    dataDir: setup.dataDir,
    get plan() {
      return cache.floorPlan()
    },
  }
  opened.push(entry)
  return entry
}

/** Closes a desk and its offline copy now, as a desk that quits does. */
export async function closeDesk(entry: OpenDesk): Promise<void> {
  const at = opened.indexOf(entry)
  if (at >= 0) opened.splice(at, 1)
  await entry.desk.close()
  entry.cache.close()
}

import { afterAll, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { connectTeam } from '../../../../src/main/core/team/team-connection'
import type { TeamClient } from '../../../../src/main/core/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../../../src/main/core/team/team-schema'
import {
  meetTeamCatalog,
  saveTeamCatalog,
} from '../../../../src/main/core/catalog/team-catalog-sync'
import type { TeamUrl } from '../../../../src/shared/team/team-url'
import { tempDir } from '../../../helpers/harness'
import { teamStore as newTeamStore, useTeamServer } from '../../../helpers/team-store'
import { CATALOG } from '../../../shared/catalog/catalog-fixtures'

const CAMPAIGN = 42
const caches: OfflineCache[] = []
const clients: TeamClient[] = []

useTeamServer()

// Registered after useTeamServer's: vitest runs it first, while the server still answers.
afterAll(async () => {
  for (const client of clients.splice(0)) await client.close()
  for (const cache of caches.splice(0)) cache.close()
})

const teamStore = async (name: string, schema = TEAM_SCHEMA_VERSION) =>
  (await newTeamStore(name, schema)).url

async function desk(url: TeamUrl) {
  const cache = openCache({ dataDir: tempDir('perkpack-catalog-'), profile: 'desk' })
  caches.push(cache)
  const client = await connectTeam(url)
  clients.push(client)
  return { store: cache.catalog(), client }
}

const lighter = { ...CATALOG, items: CATALOG.items.map((item) => ({ ...item, weightG: 1 })) }

describe('the catalogue shared in team mode', () => {
  it('upgrades a v2 team store with the catalogue table', async () => {
    const url = await teamStore('catalog-upgrade', 2)
    const client = await connectTeam(url)
    clients.push(client)
    expect(await migrateTeam(client)).toEqual({ from: 2, to: TEAM_SCHEMA_VERSION })
    const { rows } = await client.pg.query("SELECT to_regclass('team_catalogs')::text AS t")
    expect(rows[0]).toEqual({ t: 'team_catalogs' })
  })

  it("gives one desk's save to another desk, which keeps it offline", async () => {
    const url = await teamStore('catalog-share')
    const a = await desk(url)
    const b = await desk(url)
    expect((await saveTeamCatalog(a.client, a.store, CAMPAIGN, CATALOG, 'Desk A')).from).toBe(
      'desk',
    )
    const met = await meetTeamCatalog(b.client, b.store, CAMPAIGN, 'Desk B')
    expect(met.from).toBe('team')
    expect(b.store.load(CAMPAIGN).catalog).toEqual(CATALOG)
  })

  it('sends a save made out of reach on the next meeting, and the later save wins', async () => {
    const url = await teamStore('catalog-offline')
    const a = await desk(url)
    const b = await desk(url)
    await saveTeamCatalog(a.client, a.store, CAMPAIGN, CATALOG, 'Desk A')
    // Desk B saves with no server; its save is later than A's, so it wins when B meets the team.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await saveTeamCatalog(null, b.store, CAMPAIGN, lighter, 'Desk B')
    expect((await meetTeamCatalog(b.client, b.store, CAMPAIGN, 'Desk B')).from).toBe('desk')
    expect((await meetTeamCatalog(a.client, a.store, CAMPAIGN, 'Desk A')).from).toBe('team')
    expect(a.store.load(CAMPAIGN).catalog).toEqual(lighter)
  })

  it('takes the team copy over an older save of the desk', async () => {
    const url = await teamStore('catalog-older')
    const a = await desk(url)
    const b = await desk(url)
    b.store.save(CAMPAIGN, lighter, '2026-01-01T00:00:00.000Z')
    await saveTeamCatalog(a.client, a.store, CAMPAIGN, CATALOG, 'Desk A')
    expect((await meetTeamCatalog(b.client, b.store, CAMPAIGN, 'Desk B')).from).toBe('team')
    expect(b.store.load(CAMPAIGN).catalog).toEqual(CATALOG)
  })
})

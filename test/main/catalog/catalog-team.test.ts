import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectTeam } from '../../../src/main/core/team/team-connection'
import { migrateTeam } from '../../../src/main/core/team/team-schema'
import { parseTeamUrl } from '../../../src/shared/team/team-url'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { perkpackHere } from '../../helpers/cli-in-process'
import { PG_PASSWORD, startPostgres } from '../../helpers/postgres-server'
import type { PostgresServer } from '../../helpers/postgres-server'
import { syncedDataDir } from '../../helpers/synced-desk'
import { makeContributions } from '../fixtures/contributions'

// The catalogue exchanged through the team store on its own (issue 29): a save on one desk is
// what the other desk's catalogue view opens with, and `perkpack catalog import` with a team
// URL saves through the same store. A real PostgreSQL, two apps and the CLI.

let server: PostgresServer
let teamUrl: string
let deskA: TestApp
let deskB: TestApp
let campaignId: number

async function desk(name: string, sim: Parameters<typeof signIn>[1]): Promise<TestApp> {
  const app = await makeApp({
    sim,
    dataDir: tempDir(),
    services: { team: { connectTimeoutMs: 1_000, pollMs: 200, replayMs: 300 } },
  })
  await signIn(app, sim)
  await app.value('settings:update', { stationName: name })
  await app.value('sync:run', { campaignId })
  await app.value('team:configure', { url: teamUrl, password: PG_PASSWORD })
  return app
}

beforeAll(async () => {
  server = await startPostgres()
  teamUrl = await server.createDatabase('team_catalog')
  const client = await connectTeam(parseTeamUrl(teamUrl, PG_PASSWORD))
  await migrateTeam(client)
  await client.close()
  const sim = await startSim({ contributions: 30 })
  campaignId = sim.campaignIds[0] as number
  deskA = await desk('Desk A', sim)
  deskB = await desk('Desk B', sim)
}, 60_000)

afterAll(async () => {
  try {
    await cleanupApps()
  } finally {
    server?.destroy()
  }
})

const row = { sku: 'TEE', variant: 'Size=M', weight_g: '180', hs_code: '610910' }

describe('the catalogue between two desks of the app', () => {
  it("opens desk B's catalogue with what desk A saved", async () => {
    const saved = await deskA.value('catalog:saveItem', { campaignId, replaces: null, row })
    expect(saved.team).toBe('shared')
    const seen = await deskB.value('catalog:view', { campaignId })
    expect(seen.team).toBe('shared')
    expect(seen.catalog.items).toEqual([
      { sku: 'TEE', variant: 'Size=M', weightG: 180, hsCode: '610910' },
    ])
    expect(seen.updatedAt).toBe(saved.updatedAt)
  })

  it("takes the later save on both desks: B's edit replaces A's copy", async () => {
    await deskB.value('catalog:saveItem', {
      campaignId,
      replaces: { sku: 'TEE', variant: 'Size=M' },
      row: { ...row, weight_g: '200' },
    })
    const seen = await deskA.value('catalog:view', { campaignId })
    expect(seen.catalog.items.map((item) => item.weightG)).toEqual([200])
  })
})

describe('the team link starting', () => {
  it("brings the team's catalogue into this desk's cache for every campaign it holds", async () => {
    await deskA.value('catalog:saveItem', {
      campaignId,
      replaces: null,
      row: { sku: 'CAP', weight_g: '90' },
    })
    expect(await deskB.services.catalog.meetTeam()).toBe(1)
    const kept = deskB.services.connection.cache().catalog().load(campaignId).catalog
    expect(kept.items.map((item) => item.sku)).toEqual(['TEE', 'CAP'])
  })
})

describe('perkpack catalog import with a team URL', () => {
  it('adds the file to the team catalogue, which the app then opens with', async () => {
    const dataDir = syncedDataDir(
      'perkpack-catalog-team-',
      'http://127.0.0.1:9',
      campaignId,
      makeContributions(2),
    )
    const file = path.join(dataDir, 'catalog.csv')
    fs.writeFileSync(file, 'sku,weight_g\nMUG,350\n')
    const env = {
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: 'http://127.0.0.1:9',
      PERKPACK_TEAM_URL: teamUrl,
      PERKPACK_TEAM_PASSWORD: PG_PASSWORD,
    }
    const imported = await perkpackHere(['catalog', 'import', String(campaignId), file], env)
    expect(imported.code, imported.stderr).toBe(0)
    const listed = await perkpackHere(['catalog', 'list', String(campaignId), '--json'], env)
    // The import met the team's copy first: the app's rows are kept beside the file's MUG.
    expect(JSON.parse(listed.stdout).items.map((item: { sku: string }) => item.sku)).toEqual([
      'TEE',
      'CAP',
      'MUG',
    ])
    const seen = await deskB.value('catalog:view', { campaignId })
    expect(seen.catalog.items.map((item) => item.sku)).toEqual(['TEE', 'CAP', 'MUG'])
  })

  it('saves on the desk and says so when the team store is out of reach', async () => {
    const dataDir = syncedDataDir(
      'perkpack-catalog-away-',
      'http://127.0.0.1:9',
      campaignId,
      makeContributions(2),
    )
    const file = path.join(dataDir, 'catalog.csv')
    fs.writeFileSync(file, 'sku,weight_g\nPIN,5\n')
    const away = await perkpackHere(['catalog', 'import', String(campaignId), file], {
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: 'http://127.0.0.1:9',
      PERKPACK_TEAM_URL: teamUrl.replace(/:\d+\//, ':9/'),
      PERKPACK_TEAM_PASSWORD: PG_PASSWORD,
    })
    expect(away.code, away.stderr).toBe(0)
    expect(away.stderr).toContain(
      'The team store cannot be reached: the catalogue is saved on this desk',
    )
    const listed = await perkpackHere(['catalog', 'list', String(campaignId), '--json'], {
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: 'http://127.0.0.1:9',
      PERKPACK_TEAM_URL: '',
    })
    expect(JSON.parse(listed.stdout).items).toEqual([{ sku: 'PIN', variant: null, weightG: 5 }])
  })
})

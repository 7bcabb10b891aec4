import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectTeam } from '../../src/main/core/team/team-connection'
import { migrateTeam } from '../../src/main/core/team/team-schema'
import { shipmentRole, shippableLines } from '../../src/shared/fulfillment'
import { parseTeamUrl } from '../../src/shared/team/team-url'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { PG_PASSWORD, startPostgres } from '../helpers/postgres-server'
import type { PostgresServer } from '../helpers/postgres-server'
import { syncedDataDir } from '../helpers/synced-desk'
import { makeContributions } from '../main/fixtures/contributions'

// stock, wave, hold, release, address and reship with a team URL: the same floor plan as the
// app's, shared through the team store's log (docs/team-mode.md "The floor's plan").

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7002
const rows = makeContributions(12)
const [corrected, held, waved] = rows.filter((row) => shipmentRole(row) === 'ships')
const id = String(CAMPAIGN)
let server: PostgresServer
let teamUrl: string
let deskA: string
let deskB: string

beforeAll(async () => {
  server = await startPostgres()
  teamUrl = await server.createDatabase('cli_floor')
  const client = await connectTeam(parseTeamUrl(teamUrl, PG_PASSWORD))
  await migrateTeam(client)
  await client.close()
  deskA = syncedDataDir('perkpack-floor-cli-', BASE_URL, CAMPAIGN, rows)
  deskB = syncedDataDir('perkpack-floor-cli-', BASE_URL, CAMPAIGN, rows)
}, 60_000)

afterAll(async () => {
  server?.destroy()
  await cleanup()
})

async function at(dataDir: string, url: string, station: string, ...args: string[]) {
  const named = args[0] === 'export-csv' ? args : [...args, '--station', station]
  const result = await perkpackHere(named, {
    PERKPACK_DATA_DIR: dataDir,
    PERKPACK_BASE_URL: BASE_URL,
    PERKPACK_TEAM_URL: url,
    PERKPACK_TEAM_PASSWORD: PG_PASSWORD,
  })
  expect(result.code, result.stderr).toBe(0)
  return result
}

describe('the floor plan commands in team mode', () => {
  it("desk B's outputs print desk A's correction, skip its hold, and list its stock and wave", async () => {
    const a = (...args: string[]) => at(deskA, teamUrl, 'Desk A', ...args)
    const b = (...args: string[]) => at(deskB, teamUrl, 'Desk B', ...args)
    await a(
      'address',
      'set',
      id,
      String(corrected!.order.id),
      '--street',
      '9 Quay Lane',
      '--reason',
      'Moved',
    )
    await a('hold', id, String(held!.order.id), '--reason', 'Customs question')
    const keys = [...new Set(shippableLines(waved!).map((line) => line.key))]
    for (const key of keys) await a('stock', 'set', id, key, '5')
    await a('wave', 'plan', id, '--name', 'First')

    // Desk B's first floor command pulls; its outputs then ship what desk A planned.
    const stock = JSON.parse((await b('stock', 'list', id, '--json')).stdout) as {
      variant_key: string
      quantity: number
    }[]
    expect(stock.map((level) => [level.variant_key, level.quantity]).sort()).toEqual(
      keys.map((key) => [key, 5]).sort(),
    )
    const show = JSON.parse(
      (await b('address', 'show', id, String(corrected!.order.id), '--json')).stdout,
    )
    expect(show.correction).toMatchObject({ by: 'Desk A', reason: 'Moved' })
    const out = path.join(deskB, 'orders.csv')
    await b('export-csv', id, '--format', 'generic', '--out', out, '--force')
    const records = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    const byOrder = new Map(records.map((record) => [Number(record.order_id), record]))
    expect(Object.values(byOrder.get(corrected!.order.id)!)).toContain('9 Quay Lane')
    expect(byOrder.has(held!.order.id)).toBe(false)
    const waves = JSON.parse((await b('wave', 'list', id, '--json')).stdout) as {
      name: string
      orders: number[]
    }[]
    expect(waves.map((wave) => wave.name)).toEqual(['First'])
    expect(waves[0]!.orders).toContain(waved!.order.id)

    // And back: B releases, A's next command sees the order ship again.
    await b('release', id, String(held!.order.id))
    await a('stock', 'list', id)
    const again = path.join(deskA, 'orders.csv')
    await a('export-csv', id, '--format', 'generic', '--out', again, '--force')
    const back = parse(fs.readFileSync(again), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(back.map((record) => Number(record.order_id))).toContain(held!.order.id)
  }, 120_000)

  it('offline, a hold is kept on the desk with a warning and goes with the next command', async () => {
    const exported = async (name: string) => {
      const out = path.join(deskB, name)
      await at(
        deskB,
        teamUrl,
        'Desk B',
        'export-csv',
        id,
        '--format',
        'generic',
        '--out',
        out,
        '--force',
      )
      const records = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<
        string,
        string
      >[]
      return records.map((record) => Number(record.order_id))
    }
    const before = await exported('before-hold.csv')
    const target = before.find((orderId) => orderId !== corrected!.order.id)!
    expect(target).toBeDefined()
    const unreachable = teamUrl.replace(/:\d+\//, ':9/')
    const away = await at(
      deskA,
      unreachable,
      'Desk A',
      'hold',
      id,
      String(target),
      '--reason',
      'Wait',
    )
    expect(away.stdout).toContain(`Order ${target} is held`)
    expect(away.stderr).toContain(
      'The team store cannot be reached: 1 change of the floor plan wait on this desk and go with the next `perkpack team sync` or command.',
    )
    await at(deskA, teamUrl, 'Desk A', 'stock', 'list', id)
    await at(deskB, teamUrl, 'Desk B', 'stock', 'list', id)
    expect(await exported('after-hold.csv')).not.toContain(target)
  }, 120_000)
})

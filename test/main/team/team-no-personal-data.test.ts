import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { connectTeam } from '../../../src/main/core/team/team-connection'
import { migrateTeam } from '../../../src/main/core/team/team-schema'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { addressPartsOf } from '../../../src/shared/corrections/effective-address'
import { shippableLines } from '../../../src/shared/fulfillment'
import { parseTeamUrl } from '../../../src/shared/team/team-url'
import { cleanupApps, makeApp, rowsOf, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { PG_PASSWORD, PG_USER, startPostgres } from '../../helpers/postgres-server'
import type { PostgresServer } from '../../helpers/postgres-server'

// docs/security.md: the team store holds order ids, desk names, times, carriers, tracking
// numbers and notes, never a backer's name, e-mail or address. Two desks of the app, signed in
// with e-mail and password (so their offline copies hold every name and address), do what a
// floor does through the store; then every column of every table of the team database is read
// and searched for the simulator's personal data.

let server: PostgresServer
let teamUrl: string
let database: string
let campaignId: number
let rows: CampaignContribution[]
let ships: CampaignContribution[]
let deskA: TestApp
let deskB: TestApp

/** Prints "happen" and PDFs are saved into a folder: the floor marks both as printed. */
function printingDesktop(dir: string): Desktop {
  return {
    chooseSavePath: async (options) => path.join(dir, options.defaultName),
    print: async () => true,
  }
}

async function desk(name: string, sim: Parameters<typeof signIn>[1]): Promise<TestApp> {
  const app = await makeApp({
    sim,
    services: {
      desktop: printingDesktop(tempDir()),
      team: { connectTimeoutMs: 1_000, pollMs: 200, replayMs: 300 },
    },
  })
  await signIn(app, sim)
  await app.value('settings:update', { stationName: name })
  await app.value('sync:run', { campaignId })
  await app.value('team:configure', { url: teamUrl, password: PG_PASSWORD })
  return app
}

beforeAll(async () => {
  server = await startPostgres()
  database = 'no_personal_data'
  teamUrl = await server.createDatabase(database)
  const client = await connectTeam(parseTeamUrl(teamUrl, PG_PASSWORD))
  await migrateTeam(client)
  await client.close()
  const sim = await startSim({ contributions: 40 })
  campaignId = sim.campaignIds[0] as number
  rows = rowsOf(sim, campaignId)
  ships = rows.filter((row) => row.order.status === 'captured' && shippableLines(row).length > 0)
  deskA = await desk('Desk A', sim)
  deskB = await desk('Desk B', sim)
}, 90_000)

afterAll(async () => {
  try {
    await cleanupApps()
  } finally {
    server?.destroy()
  }
})

/** What names a backer: names, e-mails, streets, phone numbers, cities. */
function personalData(): string[] {
  const values = rows.flatMap((row) => {
    const s = row.order.shipping
    return [
      row.contributor_name,
      row.email,
      s?.name,
      s?.address,
      s?.address2,
      s?.phone_number,
      s?.city,
    ]
  })
  // Short values ("NY", "12") would match ids and times, not people.
  return [
    ...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 5)),
  ]
}

/** Every row of every table of the team database, each as its JSON text. */
async function everyRow(): Promise<{ tables: Map<string, number>; text: string }> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: PG_USER,
    password: PG_PASSWORD,
    database,
  })
  await client.connect()
  try {
    const found = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    )
    const tables = new Map<string, number>()
    const texts: string[] = []
    for (const { schema, name } of found.rows) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`
      const result = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${table} t`,
      )
      tables.set(name, result.rows.length)
      texts.push(...result.rows.map((r) => r.row))
    }
    return { tables, text: texts.join('\n') }
  } finally {
    await client.end()
  }
}

const named = (text: string, values: readonly string[]) =>
  values.filter(
    (value) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)),
  )

describe('the team store after a day on the floor', () => {
  it('holds no name, e-mail, street, phone number or city of any backer, in any table', async () => {
    const [a, b, c, d, e] = ships.map((row) => row.order.id)
    // Packs, an undo (a correction), numbers at the station, a note, a tracking file.
    for (const orderId of [a!, b!, c!]) await deskA.value('floor:pack', { campaignId, orderId })
    await deskB.value('floor:pack', { campaignId, orderId: d! })
    await deskA.value('floor:unpack', { campaignId, orderId: c! })
    await deskA.value('floor:addTracking', {
      campaignId,
      orderId: a!,
      trackingNumber: '9400100000000000000041',
      carrier: 'usps',
    })
    await deskB.value('floor:setNote', { campaignId, orderId: d!, note: 'Box 3 of 4, fragile' })
    // The floor's plan: a correction to another backer's address and a hold naming a backer
    // (team schema 4) reach the other desk, sealed on the way.
    const moved = addressPartsOf(ships[3]!.order.shipping)!
    await deskA.value('floor:correctAddress', {
      campaignId,
      contributionId: ships[2]!.id,
      address: moved,
      reason: `${ships[3]!.order.shipping!.name} e-mailed`,
    })
    await deskA.value('floor:hold', {
      campaignId,
      contributionId: ships[5]!.id,
      reason: `Call ${ships[5]!.order.shipping!.name}`,
    })
    await vi.waitFor(
      async () =>
        expect(
          (await deskB.value('orders:detail', { campaignId, contributionId: ships[2]!.id }))
            .correction?.reason,
        ).toBe(`${ships[3]!.order.shipping!.name} e-mailed`),
      { timeout: 10_000, interval: 200 },
    )
    // A shipper's export names the recipient and the address beside the number: only the
    // order, carrier and tracking number may go on.
    const recipient = ships[1]!.order.shipping!
    const shipper = [
      'Order Number,Recipient,Address,City,Carrier,Tracking Number',
      `${ships[1]!.order.sequence_number},"${recipient.name}","${recipient.address}","${recipient.city}",UPS,1Z999AA10123456784`,
    ].join('\n')
    const preview = await deskA.value('floor:trackingPreview', {
      campaignId,
      fileName: 'shipstation.csv',
      contentBase64: Buffer.from(shipper).toString('base64'),
      format: 'shipstation',
    })
    expect(preview.matched).toBe(1)
    await deskA.value('floor:trackingImport', { campaignId, previewId: preview.previewId })
    // Labels printed and slips saved: the printed marks.
    const selection = { statuses: [], ids: [ships[0]!.id, ships[1]!.id] }
    await deskA.value('print:labels', {
      campaignId,
      filter: selection,
      layout: 'avery5160',
      startAt: 1,
      offsetMm: { x: 0, y: 0 },
      order: 'sequence',
      showSummary: true,
    })
    await deskB.value('print:slipsPdf', { campaignId, filter: selection, paper: 'letter' })
    // Both desks pack one parcel while the store is away; the replay makes a conflict, settled.
    server.stop()
    for (const app of [deskA, deskB]) await app.value('floor:pack', { campaignId, orderId: e! })
    server.start()
    const conflicts = async () => [
      ...((await deskA.value('team:status'))?.conflicts ?? []),
      ...((await deskB.value('team:status'))?.conflicts ?? []),
    ]
    await vi.waitFor(async () => expect(await conflicts()).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    })
    const settling = (await deskA.value('team:status'))?.conflicts.length ? deskA : deskB
    await settling.value('team:settle', { campaignId, orderId: e! })

    const { tables, text } = await everyRow()
    // The scan reads what the desks wrote: every kind of record is there.
    expect(text).toContain('9400100000000000000041')
    expect(text).toContain('1Z999AA10123456784')
    expect(text).toContain('Box 3 of 4, fragile')
    expect(text).toContain('correction-set')
    expect(text).toContain('Desk B')
    for (const orderId of [a, b, c, d, e]) expect(text).toContain(String(orderId))
    expect([...tables.values()].filter((count) => count > 0).length).toBeGreaterThanOrEqual(4)
    // And it would see a backer's data: the personal values of the offline copies.
    const people = personalData()
    expect(people.length).toBeGreaterThan(80)
    expect(named(`x ${recipient.address} y`, people)).toContain(recipient.address)
    expect(named(text, people)).toEqual([])
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectTeam } from '../../../src/main/core/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../../src/main/core/team/team-schema'
import { parseTeamUrl } from '../../../src/shared/team/team-url'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { addressPartsOf } from '../../../src/shared/corrections/effective-address'
import { shippableLines } from '../../../src/shared/fulfillment'
import {
  cleanupApps,
  makeApp,
  queryAll,
  rowsOf,
  signIn,
  startSim,
  tempDir,
  wire,
} from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { PG_PASSWORD, startPostgres } from '../../helpers/postgres-server'
import type { PostgresServer } from '../../helpers/postgres-server'

// One server, one simulator and two desks (apps with their own data directories) for the file.
let server: PostgresServer
let teamUrl: string
let deskA: TestApp
let deskB: TestApp
let dirs: string[]
let campaignId: number
let shipping: CampaignContribution[]
const wireSeen: string[] = []

async function desk(name: string, dataDir: string, sim: Parameters<typeof signIn>[1]) {
  const app = await makeApp({
    sim,
    dataDir,
    services: { team: { connectTimeoutMs: 1_000, pollMs: 200, replayMs: 300 } },
  })
  await signIn(app, sim)
  await app.value('settings:update', { stationName: name })
  await app.value('sync:run', { campaignId })
  return app
}

beforeAll(async () => {
  server = await startPostgres()
  teamUrl = await server.createDatabase('team_app')
  const client = await connectTeam(parseTeamUrl(teamUrl, PG_PASSWORD))
  await migrateTeam(client)
  await client.close()
  const sim = await startSim({ contributions: 40 })
  campaignId = sim.campaignIds[0] as number
  shipping = rowsOf(sim, campaignId).filter(
    (row) => row.order.status === 'captured' && shippableLines(row).length > 0,
  )
  dirs = [tempDir(), tempDir()]
  deskA = await desk('Desk A', dirs[0]!, sim)
  deskB = await desk('Desk B', dirs[1]!, sim)
  for (const app of [deskA, deskB])
    await app.value('team:configure', { url: teamUrl, password: PG_PASSWORD })
}, 60_000)

afterAll(async () => {
  try {
    await cleanupApps()
  } finally {
    server?.destroy()
  }
})

const order = (index: number) => {
  const row = shipping[index]
  if (!row) throw new Error('the simulator made too few orders that ship')
  return row.order.id
}

describe('two desks of the app on one team store', () => {
  it('tests the connection: schema version and desks seen, or why not', async () => {
    const check = await deskA.value('team:test', { url: teamUrl })
    expect(check).toMatchObject({ ok: true, schemaVersion: TEAM_SCHEMA_VERSION, message: null })
    const refused = await deskA.value('team:test', { url: teamUrl, password: 'not-it' })
    expect(refused.ok).toBe(false)
    // Words for Settings → Team: its Password field, not the CLI's variable or the URL.
    expect(refused.message).toMatch(/refused user "perkpack": check the user in the Team URL/)
    expect(refused.message).toContain('Password field')
    expect(refused.message).not.toMatch(/PERKPACK_TEAM_PASSWORD|password in the URL/)
    expect(await deskA.value('team:setup')).toEqual({
      url: teamUrl,
      passwordStored: true,
      desk: 'Desk A',
    })
  })

  it('a failed test says in a sentence what happened and what to check, never a code', async () => {
    const local = new URL(teamUrl)
    const at = (change: (url: URL) => void) => {
      const url = new URL(local)
      change(url)
      return url.toString()
    }
    const refused = await deskA.value('team:test', { url: at((u) => (u.port = '1')) })
    expect(refused.message).toBe(
      `Nothing answered at 127.0.0.1:1: the connection was refused. Check that PostgreSQL runs on 127.0.0.1 and listens on port 1, and the host and port in the Team URL (Settings → Team).`,
    )
    const noTls = await deskA.value('team:test', {
      url: at((u) => u.searchParams.set('sslmode', 'require')),
    })
    expect(noTls.message).toMatch(
      /^The team store at 127\.0\.0\.1:\d+ does not offer TLS \(encryption\)/,
    )
    const nowhere = at((u) => (u.pathname = '/nowhere'))
    // Another URL than the one saved: its password is not kept, and the server asks for one.
    const noPassword = await deskA.value('team:test', { url: nowhere })
    expect(noPassword.message).toMatch(
      /asks user "perkpack" for a password, and none is kept for this URL: type it in the Password field \(Settings → Team\)\.$/,
    )
    const noDatabase = await deskA.value('team:test', { url: nowhere, password: PG_PASSWORD })
    expect(noDatabase.message).toMatch(/has no database "nowhere": ask whoever runs the server/)
    for (const check of [refused, noTls, noPassword, noDatabase]) {
      expect(check.ok).toBe(false)
      expect(check.message).not.toMatch(/ECONN|ENOTFOUND|EAI_|28P01|3D000|SASL|SCRAM/)
    }
  })

  it('a pack at one desk wins; the same order at the other is refused naming the first', async () => {
    const first = await deskA.value('floor:pack', { campaignId, orderId: order(0) })
    expect(first).toMatchObject({ packed: true, station: 'Desk A' })
    expect(first.queued).toBeUndefined()
    const second = await deskB.value('floor:pack', { campaignId, orderId: order(0) })
    expect(second.packed).toBe(false)
    expect(second.state).toMatchObject({ station: 'Desk A', packedAt: first.state.packedAt })
  })

  it('the other desk hears of a pack and its Orders and Progress show it packed', async () => {
    const orderId = order(1)
    await deskA.value('floor:pack', { campaignId, orderId })
    const change = await deskB.waitFor(
      'team:changed',
      (event) => event.campaignId === campaignId && event.orderIds.includes(orderId),
      5_000,
    )
    expect(change.campaignId).toBe(campaignId)
    const packed = await queryAll(deskB, campaignId, { statuses: [], floor: ['packed'] })
    expect(packed.all.find((row) => row.orderId === orderId)).toMatchObject({
      floor: 'packed',
      station: 'Desk A',
    })
    const progress = await deskB.value('floor:progress', { campaignId })
    expect(progress.totals.packed).toBeGreaterThanOrEqual(1)
    const status = await deskB.value('team:status')
    expect(status).toMatchObject({ connected: true, outbox: 0 })
    expect(status?.conflicts.filter((c) => c.order_id === orderId)).toEqual([])
    // Desks seen are the desks that wrote: Desk A packed here.
    expect(status?.desks).toEqual(expect.arrayContaining(['Desk A']))
  })

  it("the other desk's window follows a hold and a corrected address made at this desk", async () => {
    const [corrected, held] = [shipping[6]!, shipping[7]!]
    await deskA.value('floor:correctAddress', {
      campaignId,
      contributionId: corrected.id,
      address: {
        ...addressPartsOf(corrected.order.shipping)!,
        address: '12 Harbour Road',
        zipcode: 'PO1 3AA',
        country: 'GB',
        state: null,
      },
      reason: 'backer e-mailed a new address',
    })
    await deskA.value('floor:hold', { campaignId, contributionId: held.id, reason: 'Customs' })
    // No write at desk B: its live poll pulls the floor plan and tells the window.
    await deskB.waitFor(
      'team:changed',
      (event) => event.campaignId === campaignId && event.orderIds.includes(held.order.id),
      5_000,
    )
    const detail = await deskB.value('orders:detail', { campaignId, contributionId: corrected.id })
    expect(detail.addressLines.join('\n')).toContain('12 Harbour Road')
    expect(detail.correction).toMatchObject({ reason: 'backer e-mailed a new address' })
    const heldDetail = await deskB.value('orders:detail', { campaignId, contributionId: held.id })
    expect(heldDetail.hold).toMatchObject({ reason: 'Customs', by: 'Desk A' })
  })

  it('keeps the password out of settings.json and every IPC reply and event', () => {
    for (const dir of dirs) {
      const settings = fs.readFileSync(path.join(dir, 'settings.json'), 'utf8')
      expect(JSON.parse(settings)).toMatchObject({ teamUrl })
      expect(settings).not.toContain(PG_PASSWORD)
    }
    wireSeen.push(...wire)
    expect(wireSeen.join('\n')).toContain('Desk A')
    expect(wireSeen.join('\n')).not.toContain(PG_PASSWORD)
  })

  it('with the server stopped, a pack is queued, sign-out counts it, and it is sent once the server is back', async () => {
    const orderId = order(2)
    server.stop()
    // Started again whatever happens: the other tests need the server.
    try {
      const reply = await deskB.value('floor:pack', { campaignId, orderId })
      expect(reply).toMatchObject({
        packed: true,
        station: 'Desk B',
        queued: 'queued: the team store is unreachable',
      })
      expect(reply.state.station).toBe('Desk B')
      expect(await deskB.value('team:status')).toMatchObject({ connected: false, outbox: 1 })
      // Sign-out deletes the offline copy and the outbox in it: the dialog must know first.
      expect(await deskB.value('team:sendQueued')).toEqual({ actions: 1, packs: 1 })
      expect(await deskB.value('team:status')).toMatchObject({ outbox: 1 })
      expect(await deskA.value('team:sendQueued')).toEqual({ actions: 0, packs: 0 })
    } finally {
      server.start()
    }
    // Sent once the server is back, without another write.
    await deskA.waitFor(
      'team:changed',
      (event) => event.campaignId === campaignId && event.orderIds.includes(orderId),
      8_000,
    )
    const status = await deskB.value('team:status')
    expect(status).toMatchObject({ connected: true, outbox: 0 })
    // None for this order (the conflict test leaves one of its own).
    expect(status?.conflicts.filter((c) => c.order_id === orderId)).toEqual([])
    const atA = await queryAll(deskA, campaignId, { statuses: [], floor: ['packed'] })
    expect(atA.all.find((row) => row.orderId === orderId)?.station).toBe('Desk B')
  })

  it('names a conflict by the number on its slip, read from the offline copy', async () => {
    const row = shipping[3]
    if (!row) throw new Error('the simulator made too few orders that ship')
    expect(row.order.sequence_number).toEqual(expect.any(Number))
    server.stop()
    // Both desks pack the parcel while the store is down: both queue it.
    try {
      for (const app of [deskA, deskB]) {
        const reply = await app.value('floor:pack', { campaignId, orderId: row.order.id })
        expect(reply.packed).toBe(true)
      }
    } finally {
      server.start()
    }
    // Both replay: the first to reach the store packs it, the other's pack becomes a conflict.
    const conflicts = async () => {
      const [a, b] = [await deskA.value('team:status'), await deskB.value('team:status')]
      return [...(a?.conflicts ?? []), ...(b?.conflicts ?? [])]
    }
    await vi.waitFor(async () => expect(await conflicts()).toHaveLength(1), {
      timeout: 10_000,
      interval: 200,
    })
    expect((await conflicts())[0]).toMatchObject({
      order_id: row.order.id,
      sequence_number: row.order.sequence_number,
    })
  })
})

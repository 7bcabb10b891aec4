import { describe, expect, it } from 'vitest'
import type { TeamChange } from '../../../../src/main/core/team/team-desk'
import { connectTeam } from '../../../../src/main/core/team/team-connection'
import { migrateTeam, TEAM_SCHEMA_VERSION } from '../../../../src/main/core/team/team-schema'
import { parseTeamUrl } from '../../../../src/shared/team/team-url'
import type { TeamUrl } from '../../../../src/shared/team/team-url'
import { tempDir } from '../../../helpers/harness'
import { PG_PASSWORD } from '../../../helpers/postgres-server'
import {
  closeDesk,
  openDesk,
  teamSql as sql,
  teamStore,
  useTeamServer,
} from '../../../helpers/team-store'
import { childArgs } from '../../../helpers/child-script'
import { DESK_CHILD, spawnDesk } from '../../../helpers/team-desk-spawn'

// One real PostgreSQL for the file (test/helpers/postgres-server.ts); a database per test.
const CAMPAIGN = 42
const PROFILE = 'team-child'
const server = useTeamServer()

const deskAt = (url: TeamUrl, name: string, dataDir = tempDir('perkpack-desk-')) =>
  openDesk(url, name, { profile: PROFILE, dataDir })

/**
 * Orders the three desks race for. Every order is contended by all three desks, started
 * together, so each order is a race of its own: 600 still make 1,800 contended writes. The
 * load of 2,000 orders a desk is bench/team-store.bench.ts's to measure.
 */
const RACED = 600

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('team store on PostgreSQL', () => {
  it('three desks in their own processes race for the same 600 orders: each packed once, every loser told who won', async () => {
    const { raw, url } = await teamStore('race')
    const desks = ['Desk A', 'Desk B', 'Desk C'].map((name) =>
      spawnDesk(
        {
          TEAM_CHILD_URL: raw,
          TEAM_CHILD_PASSWORD: PG_PASSWORD,
          TEAM_CHILD_DATA_DIR: tempDir('perkpack-desk-'),
          TEAM_CHILD_DESK: name,
          TEAM_CHILD_MODE: 'pack',
          TEAM_CHILD_CAMPAIGN: String(CAMPAIGN),
          TEAM_CHILD_FIRST: '1',
          TEAM_CHILD_COUNT: String(RACED),
        },
        childArgs(DESK_CHILD),
      ),
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
    expect(won).toHaveLength(RACED)
    expect(new Set(won).size).toBe(RACED)
    expect(results.reduce((sum, result) => sum + result.lost.length, 0)).toBe(2 * RACED)
    const packs = await sql<{ order_id: string; station: string; packed_at: Date }>(
      url,
      'SELECT order_id, station, packed_at FROM team_packs WHERE campaign_id = $1',
      [CAMPAIGN],
    )
    expect(packs).toHaveLength(RACED)
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

  it('offline: packs at two desks while the server is down are queued, then replayed; the loser keeps conflicts, nothing lost or doubled', async () => {
    const { url } = await teamStore('offline')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    // Connected once, so the server going away mid-session is what the desks meet.
    expect(await a.desk.catchUp()).toBe(0)
    expect(await b.desk.catchUp()).toBe(0)
    server().stop()
    try {
      for (const orderId of range(1, 60)) {
        const result = await a.desk.write(CAMPAIGN, { kind: 'pack', orderId })
        expect(result.status).toBe('queued')
      }
      for (const orderId of range(41, 100))
        expect((await b.desk.write(CAMPAIGN, { kind: 'pack', orderId })).status).toBe('queued')
      await b.desk.write(CAMPAIGN, {
        kind: 'tracking',
        entries: [{ orderId: 70, carrier: 'USPS', trackingNumber: '9400100000000000000070' }],
      })
      // Each desk's own readers see its packs at once, offline.
      expect(a.cache.floor().state(CAMPAIGN, 50)?.station).toBe('Desk A')
      expect(b.cache.floor().state(CAMPAIGN, 50)?.station).toBe('Desk B')
      expect((await b.desk.status()).outbox).toBe(61)
    } finally {
      server().start()
    }

    expect(await a.desk.replay()).toEqual({ applied: 60, conflicts: 0, remaining: 0 })
    expect(await b.desk.replay()).toEqual({ applied: 61, conflicts: 20, remaining: 0 })

    const packs = await sql<{ order_id: string; station: string }>(
      url,
      'SELECT order_id, station FROM team_packs WHERE campaign_id = $1 ORDER BY order_id',
      [CAMPAIGN],
    )
    expect(packs.map((row) => Number(row.order_id))).toEqual(range(1, 100))
    expect(packs.filter((row) => row.station === 'Desk A')).toHaveLength(60)
    const applied = await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM team_applied')
    expect(Number(applied[0]!.n)).toBe(121)
    const status = await b.desk.status()
    expect(status).toMatchObject({ connected: true, outbox: 0 })
    expect(status.conflicts.map((c) => c.order_id)).toEqual(range(41, 60))
    expect(status.conflicts[0]).toEqual({
      order_id: 41,
      action: 'pack',
      station: 'Desk B',
      other_station: 'Desk A',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    // The loser's own record now says who packed: the team's truth, not its queued hope.
    expect(b.cache.floor().state(CAMPAIGN, 50)?.station).toBe('Desk A')
    expect(b.cache.floor().state(CAMPAIGN, 70)?.trackingNumbers).toEqual(['9400100000000000000070'])
  }, 60_000)

  it('offline, a pack of an order this desk already knows is packed elsewhere is refused at once, not queued', async () => {
    const { raw } = await teamStore('known-packed')
    const away = deskAt(parseTeamUrl(raw.replace(/:\d+\//, ':9/'), PG_PASSWORD), 'Desk B')
    // As a catch-up mirrored it from the team before the store went away.
    away.cache.floor().pack(CAMPAIGN, 5, 'Desk A', new Date('2026-11-20T10:42:00Z'))
    expect(await away.desk.write(CAMPAIGN, { kind: 'pack', orderId: 5 })).toEqual({
      status: 'lost',
      station: 'Desk A',
      at: '2026-11-20T10:42:00.000Z',
    })
    expect(await away.desk.write(CAMPAIGN, { kind: 'pack', orderId: 6 })).toMatchObject({
      status: 'queued',
    })
    expect((await away.desk.status()).outbox).toBe(1)
  })

  it('after a server restart a desk writes on a new connection instead of queueing', async () => {
    const { url } = await teamStore('restart')
    const a = deskAt(url, 'Desk A')
    expect((await a.desk.write(CAMPAIGN, { kind: 'pack', orderId: 1 })).status).toBe('applied')
    server().stop()
    server().start()
    expect((await a.desk.write(CAMPAIGN, { kind: 'pack', orderId: 2 })).status).toBe('applied')
    expect((await a.desk.status()).outbox).toBe(0)
  }, 30_000)

  it('a desk killed mid-replay resumes without applying anything twice', async () => {
    const { raw, url } = await teamStore('killed')
    const other = deskAt(url, 'Desk O')
    for (const orderId of range(1, 100))
      expect((await other.desk.write(CAMPAIGN, { kind: 'pack', orderId })).status).toBe('applied')
    // Queued while the store is unreachable (nothing listens on port 9).
    const dataDir = tempDir('perkpack-desk-')
    const away = deskAt(parseTeamUrl(raw.replace(/:\d+\//, ':9/'), PG_PASSWORD), 'Desk K', dataDir)
    const total = 600
    for (const orderId of range(1, total))
      expect((await away.desk.write(CAMPAIGN, { kind: 'pack', orderId })).status).toBe('queued')
    await closeDesk(away)

    const env = {
      TEAM_CHILD_URL: raw,
      TEAM_CHILD_PASSWORD: PG_PASSWORD,
      TEAM_CHILD_DATA_DIR: dataDir,
      TEAM_CHILD_DESK: 'Desk K',
      TEAM_CHILD_MODE: 'replay',
    }
    const applied = async () =>
      Number(
        (
          await sql<{ n: string }>(
            url,
            "SELECT count(*) AS n FROM team_applied WHERE desk = 'Desk K'",
          )
        )[0]!.n,
      )
    const first = spawnDesk(env, childArgs(DESK_CHILD))
    await first.line((line) => line === 'replaying')
    while ((await applied()) < 200) await new Promise((resolve) => setTimeout(resolve, 10))
    first.process.kill('SIGKILL')
    expect((await first.exited).code).toBeNull()
    const atKill = await applied()
    expect(atKill).toBeLessThan(total)

    const second = spawnDesk(env, childArgs(DESK_CHILD))
    const report = JSON.parse(await second.line((line) => line.startsWith('{'))) as {
      applied: number
      conflicts: number
      remaining: number
    }
    expect((await second.exited).code).toBe(0)
    expect(report.remaining).toBe(0)
    // The second run replays what the first left, including actions the server had applied
    // but the killed desk had not noted: those come back as replays, not new packs.
    expect(report.applied).toBeGreaterThanOrEqual(total - atKill)
    expect(await applied()).toBe(total)
    const counts = await sql<{ packs: string; events: string }>(
      url,
      `SELECT (SELECT count(*) FROM team_packs WHERE station = 'Desk K') AS packs,
              (SELECT count(*) FROM team_events WHERE desk = 'Desk K') AS events`,
    )
    expect(counts[0]).toEqual({ packs: String(total - 100), events: String(total - 100) })
    const back = deskAt(url, 'Desk K', dataDir)
    const status = await back.desk.status()
    expect(status.outbox).toBe(0)
    expect(status.conflicts.map((c) => c.order_id)).toEqual(range(1, 100))
  }, 90_000)

  it("live: a pack at one desk reaches another desk's cache within 2 seconds", async () => {
    const { url } = await teamStore('live')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    await b.desk.startLive(1_000)
    const seen = new Promise<number>((resolve) =>
      b.desk.on('changed', (change: TeamChange) => {
        if (change.orderIds.includes(7)) resolve(performance.now())
      }),
    )
    const started = performance.now()
    expect((await a.desk.write(CAMPAIGN, { kind: 'pack', orderId: 7 })).status).toBe('applied')
    const arrived = await seen
    expect(arrived - started).toBeLessThan(2_000)
    expect(b.cache.floor().state(CAMPAIGN, 7)).toMatchObject({ station: 'Desk A' })
  })

  it('migrations: a desk refuses a store at schema 1 until team init upgrades it, keeping its packs', async () => {
    const { url } = await teamStore('old-schema', 1)
    await sql(
      url,
      `INSERT INTO team_packs (campaign_id, order_id, station, packed_at, action_id)
       VALUES ($1, 5, 'Desk Old', now(), gen_random_uuid())`,
      [CAMPAIGN],
    )
    const desk = deskAt(url, 'Desk N')
    await expect(desk.desk.write(CAMPAIGN, { kind: 'pack', orderId: 6 })).rejects.toThrow(
      `The team store's schema is version 1, older than this desk's (${TEAM_SCHEMA_VERSION}): run \`perkpack team init\` to upgrade it.`,
    )
    const client = await connectTeam(url)
    expect(await migrateTeam(client)).toEqual({ from: 1, to: TEAM_SCHEMA_VERSION })
    await client.close()
    const lost = await desk.desk.write(CAMPAIGN, { kind: 'pack', orderId: 5 })
    expect(lost).toMatchObject({ status: 'lost', station: 'Desk Old' })
    expect((await desk.desk.write(CAMPAIGN, { kind: 'pack', orderId: 6 })).status).toBe('applied')
  })

  it('a store with a newer schema is refused clearly; nothing is written or queued', async () => {
    const { url } = await teamStore('new-schema')
    await sql(url, 'UPDATE perkpack_team_schema SET version = $1', [TEAM_SCHEMA_VERSION + 1])
    const desk = deskAt(url, 'Desk N')
    await expect(desk.desk.write(CAMPAIGN, { kind: 'pack', orderId: 1 })).rejects.toThrow(
      `The team store's schema is version ${TEAM_SCHEMA_VERSION + 1}, newer than this desk knows (${TEAM_SCHEMA_VERSION}): update PerkPack on this desk.`,
    )
    const client = await connectTeam(url)
    await expect(migrateTeam(client)).rejects.toThrow('newer than this desk knows')
    await client.close()
    expect(await sql(url, 'SELECT 1 FROM team_packs')).toHaveLength(0)
    expect(desk.cache.floor().state(CAMPAIGN, 1)).toBeNull()
    expect((await desk.desk.status()).outbox).toBe(0)
  })

  it("tracking, printed, shipped, notes and unpack go through the team store into every desk's cache", async () => {
    const { url } = await teamStore('actions')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    await a.desk.write(CAMPAIGN, { kind: 'pack', orderId: 1 })
    await a.desk.write(CAMPAIGN, { kind: 'printed', orderIds: [1, 2], document: 'labels' })
    await a.desk.write(CAMPAIGN, { kind: 'shipped', orderIds: [1] })
    await a.desk.write(CAMPAIGN, { kind: 'note', orderId: 2, note: '  fragile  ' })
    const tracked = await a.desk.write(CAMPAIGN, {
      kind: 'tracking',
      entries: [
        { orderId: 1, carrier: 'USPS', trackingNumber: '0001' },
        { orderId: 1, carrier: 'UPS', trackingNumber: '0002' },
        { orderId: 1, carrier: 'USPS', trackingNumber: '0001' },
      ],
    })
    expect(tracked).toMatchObject({ status: 'applied', outcome: { added: 2 } })
    expect(await b.desk.catchUp()).toBe(2)
    expect(b.cache.floor().state(CAMPAIGN, 1)).toMatchObject({
      station: 'Desk A',
      carrier: 'UPS',
      trackingNumbers: ['0001', '0002'],
      labelsPrintedAt: expect.any(String),
      shippedAt: expect.any(String),
    })
    expect(b.cache.floor().state(CAMPAIGN, 2)?.note).toBe('fragile')

    // B takes back the pack it saw; A, which saw it too, is refused once B packs again.
    const seen = b.cache.floor().state(CAMPAIGN, 1)!
    const unpack = {
      kind: 'unpack',
      orderId: 1,
      packedAt: seen.packedAt,
      packedBy: seen.station,
    } as const
    expect((await b.desk.write(CAMPAIGN, unpack)).status).toBe('applied')
    expect((await b.desk.write(CAMPAIGN, { kind: 'pack', orderId: 1 })).status).toBe('applied')
    expect(await a.desk.write(CAMPAIGN, unpack)).toMatchObject({
      status: 'lost',
      station: 'Desk B',
    })
    expect(await a.desk.catchUp()).toBeGreaterThan(0)
    expect(a.cache.floor().state(CAMPAIGN, 1)?.station).toBe('Desk B')
  })
})

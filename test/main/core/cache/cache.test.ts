import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CacheError,
  SCHEMA_VERSION,
  openCache,
  wipeCacheFiles,
} from '../../../../src/main/core/cache'
import type { OfflineCache, SnapshotMeta } from '../../../../src/main/core/cache'
import { buildContributionsQuery } from '../../../../src/main/core/cache/query'
import type { ContributionQuery } from '../../../../src/main/core/cache/query'
import { MIGRATIONS, migrate } from '../../../../src/main/core/cache/schema'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { asReceived } from '../../../helpers/model'
import { makeContribution, makeContributions, newestFirst } from '../../fixtures/contributions'

const PROFILE = 'test-profile'
const CAMPAIGN = 7001

const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-cache-'))
  dirs.push(dir)
  return dir
}

function open(dataDir: string, now?: () => Date): OfflineCache {
  const cache = openCache({ dataDir, profile: PROFILE, ...(now ? { now } : {}) })
  opened.push(cache)
  return cache
}

function clock(start = '2024-05-01T10:00:00.000Z') {
  let time = Date.parse(start)
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms
    },
  }
}

/** As the sync engine does it: pages of 30, then one commit. */
function sync(
  cache: OfflineCache,
  campaignId: number,
  rows: readonly CampaignContribution[],
  meta: SnapshotMeta = { expectedCount: rows.length, privileged: true },
) {
  const writer = cache.beginSnapshot(campaignId)
  for (let i = 0; i < rows.length; i += 30) writer.add(asReceived(rows.slice(i, i + 30)))
  return writer.commit(meta)
}

/** A second, plain connection: what is really in the file, not what the API says. */
function inspect<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    return read(db)
  } finally {
    db.close()
  }
}

function stagingCounts(file: string) {
  return inspect(file, (db) => ({
    syncs: db.prepare('SELECT count(*) FROM staging_syncs').pluck().get() as number,
    rows: db.prepare('SELECT count(*) FROM staging_contributions').pluck().get() as number,
  }))
}

const ids = (rows: readonly CampaignContribution[]) => rows.map((row) => row.id)

describe('offline cache: snapshots', () => {
  it('gives back every contribution exactly as received, unknown fields included', () => {
    const dir = tempDir()
    const rows: CampaignContribution[] = [
      ...makeContributions(40),
      ...makeContributions(20, { unprivileged: true }, 40),
    ]
    // Fields the schema does not know (the platform may add some at any time) must survive.
    rows[3] = {
      ...rows[3]!,
      loyalty_tier: { level: 2, tags: ['gold', null], since: '2023-01-01' },
      order: { ...rows[3]!.order, gift_note: 'Happy birthday ✨', weight_grams: 1250.5 },
    }
    const cache = open(dir)
    const info = sync(cache, CAMPAIGN, rows)
    expect(info.count).toBe(60)

    const expected = newestFirst(rows)
    const got = cache.contributions(CAMPAIGN)
    expect(got).toEqual(expected)
    // Same text, hence same keys in the same order and no field added (e.g. null e-mails).
    expect(got.map((row) => JSON.stringify(row))).toEqual(
      expected.map((row) => JSON.stringify(row)),
    )
    const unprivileged = got.find((row) => row.id === rows[45]!.id)!
    expect('email' in unprivileged).toBe(false)
    expect('shipping' in unprivileged.order).toBe(false)
    expect(got.find((row) => row.id === rows[3]!.id)).toMatchObject({
      loyalty_tier: { level: 2, tags: ['gold', null] },
      order: { gift_note: 'Happy birthday ✨', weight_grams: 1250.5 },
    })

    cache.close()
    expect(open(dir).contributions(CAMPAIGN)).toEqual(expected)
  })

  it('de-duplicates by id across adds; the later copy wins, side tables included', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    expect(writer.add(asReceived(makeContributions(60)))).toBe(60)
    const again = makeContributions(60, {}, 30)
    // Row 45 arrives a second time, changed: other amount, now only perk 503.
    again[15] = { ...makeContribution(45, { perkIds: [503] }), amount: 999 }
    expect(writer.add(asReceived(again))).toBe(90)
    expect(writer.add(asReceived(makeContributions(5, {}, 10)))).toBe(90)
    expect(writer.size()).toBe(90)
    expect(writer.ids()).toEqual(new Set(ids(makeContributions(90))))

    expect(writer.commit({ expectedCount: 90, privileged: true }).count).toBe(90)
    expect(cache.contributionCount(CAMPAIGN)).toBe(90)
    const row45 = cache.contributions(CAMPAIGN).find((row) => row.id === 1_000_045)!
    expect(row45.amount).toBe(999)
    // Row 45 was first staged with perk 501 (45 % 3 = 0): that link must be gone.
    expect(ids(cache.contributions(CAMPAIGN, { perkId: 501 }))).not.toContain(1_000_045)
    expect(ids(cache.contributions(CAMPAIGN, { perkId: 503 }))).toContain(1_000_045)
  })

  it('a commit replaces the previous snapshot: rows removed upstream disappear', () => {
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, makeContributions(100))
    sync(cache, 9002, makeContributions(10, { campaignId: 9002 }))

    const second = makeContributions(100, {}, 50)
    const info = sync(cache, CAMPAIGN, second)
    expect(info.count).toBe(100)
    expect(cache.contributions(CAMPAIGN)).toEqual(newestFirst(second))
    // The side tables were replaced too: a filter finds no row of the old snapshot.
    const byPerk = cache.contributions(CAMPAIGN, { perkId: 502 })
    expect(byPerk.length).toBeGreaterThan(0)
    expect(byPerk.every((row) => row.id >= 1_000_050)).toBe(true)
    expect(
      cache.contributions(CAMPAIGN, { skuCode: 'STICKER' }).every((row) => row.id >= 1_000_050),
    ).toBe(true)
    // Other campaigns are left alone.
    expect(cache.contributionCount(9002)).toBe(10)
  })

  it('abort leaves the previous snapshot exactly, and no staging rows', () => {
    const time = clock()
    const dir = tempDir()
    const cache = open(dir, time.now)
    const first = makeContributions(90)
    const before = sync(cache, CAMPAIGN, first, { expectedCount: 91, privileged: true })
    time.advance(60_000)

    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(60, {}, 500)))
    expect(stagingCounts(cache.path)).toEqual({ syncs: 1, rows: 60 })
    writer.abort()
    writer.abort() // twice is harmless

    expect(stagingCounts(cache.path)).toEqual({ syncs: 0, rows: 0 })
    expect(cache.contributions(CAMPAIGN)).toEqual(newestFirst(first))
    expect(cache.campaign(CAMPAIGN)).toEqual(before)
    expect(() => writer.add(asReceived(first))).toThrow(/already aborted/)
  })

  it('an error between add and commit leaves the previous snapshot exactly', async () => {
    const time = clock()
    const cache = open(tempDir(), time.now)
    const first = makeContributions(90)
    const before = sync(cache, CAMPAIGN, first)
    time.advance(60_000)

    // The shape of the sync engine: add pages, fail on a later page, abort on the way out.
    const failingSync = async () => {
      const writer = cache.beginSnapshot(CAMPAIGN)
      try {
        writer.add(asReceived(makeContributions(30, {}, 1000)))
        await Promise.resolve()
        throw new Error('network down on page 2')
      } catch (error) {
        writer.abort()
        throw error
      }
    }
    await expect(failingSync()).rejects.toThrow('network down on page 2')
    expect(cache.contributions(CAMPAIGN)).toEqual(newestFirst(first))
    expect(cache.campaign(CAMPAIGN)).toEqual(before)
    expect(stagingCounts(cache.path).rows).toBe(0)
  })

  it('a failing add changes nothing of what was staged (one transaction per add)', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(30)))
    const bad = makeContributions(30, {}, 30)
    // A row the table refuses (STRICT integer id), in the middle of the batch.
    bad[10] = { ...bad[10]!, id: 'not-a-number' as unknown as number }
    expect(() => writer.add(asReceived(bad))).toThrow()
    expect(writer.size()).toBe(30)
    expect(stagingCounts(cache.path).rows).toBe(30)
    expect(writer.commit({ expectedCount: 30, privileged: true }).count).toBe(30)
    expect(cache.contributions(CAMPAIGN)).toEqual(newestFirst(makeContributions(30)))
  })

  it('a failing add leaves nothing behind that a later add or the commit trips on', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    // A perk and a row layout first seen in the add that fails.
    const fresh = makeContribution(1)
    fresh.order.perks[0]!.description = 'A perk first seen in an add that failed'
    const bad = { ...makeContribution(2), id: 'not-a-number' as unknown as number }
    expect(() => writer.add(asReceived([fresh, bad]))).toThrow()
    writer.add(asReceived([fresh]))
    writer.commit({ expectedCount: 1, privileged: true })
    expect(cache.contributions(CAMPAIGN)).toEqual([fresh])
  })

  it('says the cache is damaged, and how to recover, when a stored part is missing', () => {
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, makeContributions(5))
    inspect(cache.path, (db) => db.prepare('DELETE FROM snapshot_parts').run())
    let error: unknown
    try {
      cache.contributions(CAMPAIGN)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(CacheError)
    expect((error as CacheError).code).toBe('cache_damaged')
    expect((error as Error).message).toMatch(/cannot read back.*Sync the campaign again/s)
    expect(cache.contributionCount(CAMPAIGN)).toBe(5)
  })

  it('a new sync of the same campaign discards an older unfinished one', () => {
    const cache = open(tempDir())
    const older = cache.beginSnapshot(CAMPAIGN)
    older.add(asReceived(makeContributions(40)))
    const other = cache.beginSnapshot(9002)
    other.add(asReceived(makeContributions(5, { campaignId: 9002 })))
    const newer = cache.beginSnapshot(CAMPAIGN)
    expect(newer.syncId).not.toBe(older.syncId)
    // Only the older sync of this campaign went; the other campaign's sync stays staged.
    expect(stagingCounts(cache.path)).toEqual({ syncs: 2, rows: 5 })

    expect(() => older.add(asReceived(makeContributions(1)))).toThrow(/was discarded/)
    expect(() => older.commit({ expectedCount: 40, privileged: true })).toThrow(CacheError)
    older.abort()
    newer.add(asReceived(makeContributions(10, {}, 100)))
    expect(newer.commit({ expectedCount: 10, privileged: false }).count).toBe(10)
    expect(ids(cache.contributions(CAMPAIGN))).toEqual(
      ids(newestFirst(makeContributions(10, {}, 100))),
    )
    expect(other.commit({ expectedCount: 5, privileged: false }).count).toBe(5)
  })

  it('a committed writer refuses more work, and abort after commit keeps the data', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(3)))
    writer.commit({ expectedCount: 3, privileged: true })
    expect(() => writer.commit({ expectedCount: 3, privileged: true })).toThrow(/already committed/)
    writer.abort()
    expect(cache.contributionCount(CAMPAIGN)).toBe(3)
  })

  it('orders newest first by instant (whatever the offset), then by id descending', () => {
    const base = makeContribution(1)
    const at = (id: number, created_at: string): CampaignContribution => ({
      ...base,
      id,
      created_at,
    })
    const rows = [
      at(10, '2024-03-01T10:00:00+02:00'), // 08:00Z
      at(11, '2024-03-01T09:00:00Z'),
      at(12, '2024-03-01T08:00:00Z'), // same instant as 10
      at(13, '2024-03-01T03:30:00-05:00'), // 08:30Z
      at(14, '2024-02-29T23:59:59.999Z'),
    ]
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, rows)
    expect(ids(cache.contributions(CAMPAIGN))).toEqual([11, 13, 12, 10, 14])
  })
})

describe('offline cache: filters', () => {
  // Hand-made: n, status, country, e-mail, perks (their SKUs: 501 MUG-RED MUG-BLUE;
  // 502 SHIRT-M SHIRT-L STICKER; 503 BOOK-HC STICKER). A higher n is newer.
  const table = [
    [1, 'pending', 'US', 'Ann@Example.com', [501]],
    [2, 'fulfilled', 'DE', 'bob@example.com', [502]],
    [3, 'pending', 'DE', 'ann@example.com', [503]],
    [4, 'refunded', 'US', 'carl@example.com', [501, 502]],
    [5, 'captured', 'FR', null, [503]],
    [6, 'pending', 'US', 'dana@example.com', [502]],
  ] as const
  const rows = table.map(([n, status, country, email, perkIds]) => {
    const row = makeContribution(n, { perkIds })
    row.order.status = status
    row.order.shipping!.country = country
    if (email === null) {
      delete row.email
      delete row.order.shipping
    } else row.email = email
    return row
  })
  const id = (n: number) => 1_000_000 + n

  function filled(): OfflineCache {
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, rows)
    // Another campaign whose rows would match every filter: none may leak into the answers.
    sync(
      cache,
      9002,
      rows.map((row) => ({ ...row, id: row.id + 50 })),
    )
    return cache
  }

  it.each<[string, ContributionQuery, number[]]>([
    ['no filter', {}, [6, 5, 4, 3, 2, 1]],
    ['one status', { statuses: ['pending'] }, [6, 3, 1]],
    ['two statuses', { statuses: ['pending', 'refunded'] }, [6, 4, 3, 1]],
    ['an empty status list is no filter', { statuses: [] }, [6, 5, 4, 3, 2, 1]],
    ['a status nobody has', { statuses: ['on_hold'] }, []],
    ['perk', { perkId: 502 }, [6, 4, 2]],
    ['country', { country: 'DE' }, [3, 2]],
    ['country, exact spelling only', { country: 'de' }, []],
    ['e-mail, any case and spacing', { email: ' ANN@example.COM ' }, [3, 1]],
    ['a blank e-mail is no filter', { email: '  ' }, [6, 5, 4, 3, 2, 1]],
    ['sku code', { skuCode: 'STICKER' }, [6, 5, 4, 3, 2]],
    ['sku code of one perk only', { skuCode: 'MUG-RED' }, [4, 1]],
    ['status and perk', { statuses: ['pending'], perkId: 502 }, [6]],
    ['country and sku', { country: 'US', skuCode: 'MUG-BLUE' }, [4, 1]],
    [
      'all five',
      {
        statuses: ['refunded'],
        perkId: 501,
        country: 'US',
        email: 'carl@example.com',
        skuCode: 'SHIRT-L',
      },
      [4],
    ],
    [
      'all five, one mismatch',
      { statuses: ['pending'], perkId: 501, country: 'US', email: 'carl@example.com' },
      [],
    ],
  ])('%s', (_name, query, expected) => {
    const cache = filled()
    expect(ids(cache.contributions(CAMPAIGN, query))).toEqual(expected.map(id))
  })

  it('agrees with a plain filter over 600 generated rows', () => {
    const many = makeContributions(600)
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, many)
    const queries: ContributionQuery[] = [
      { statuses: ['captured', 'fulfilled'] },
      { perkId: 503 },
      { country: 'JP', statuses: ['pending'] },
      { skuCode: 'SHIRT-M', perkId: 502 },
      { email: 'BACKER.77@example.test' },
      { skuCode: 'BOOK-HC', country: 'CA' },
    ]
    for (const query of queries) {
      const expected = newestFirst(
        many.filter(
          (row) =>
            (!query.statuses || query.statuses.includes(row.order.status)) &&
            (query.perkId === undefined || row.order.perks.some((p) => p.id === query.perkId)) &&
            (!query.country || row.order.shipping?.country === query.country) &&
            (!query.email || row.email?.toLowerCase() === query.email.toLowerCase()) &&
            (!query.skuCode ||
              row.order.perks.some((p) => p.items.some((i) => i.sku.code === query.skuCode))),
        ),
      )
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0)
      expect(ids(cache.contributions(CAMPAIGN, query)), JSON.stringify(query)).toEqual(
        ids(expected),
      )
    }
  })

  it('answers every filter through an index, never a scan of all contributions', () => {
    // Big enough for the statistics to be realistic: on 6 rows a date-order walk is cheapest.
    const cache = open(tempDir())
    sync(cache, CAMPAIGN, makeContributions(600))
    const plan = (query: ContributionQuery) => {
      const built = buildContributionsQuery(CAMPAIGN, query)
      return inspect(cache.path, (db) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).all(built.params) as { detail: string }[])
          .map((row) => row.detail)
          .join('\n'),
      )
    }
    const queries: ContributionQuery[] = [
      {},
      { statuses: ['pending'] },
      { perkId: 1 },
      { country: 'US' },
      { email: 'a@b' },
      { skuCode: 'X' },
    ]
    for (const query of queries) {
      const detail = plan(query)
      expect(detail, JSON.stringify(query)).toMatch(/SEARCH c USING (COVERING )?INDEX/)
      expect(detail, JSON.stringify(query)).not.toMatch(/SCAN (c|contribution_\w+)\b/)
    }
    expect(plan({ email: 'a@b' })).toContain('contributions_by_email')
    expect(plan({ perkId: 1 })).toMatch(/SEARCH contribution_perks USING PRIMARY KEY/)
    expect(plan({ skuCode: 'X' })).toMatch(/SEARCH contribution_skus USING PRIMARY KEY/)
  })
})

describe('offline cache: campaigns and documents', () => {
  it('keeps campaign meta: clock, counts, privileged flag, title, recent first', () => {
    const time = clock('2024-05-01T10:00:00.000Z')
    const dir = tempDir()
    const cache = open(dir, time.now)
    expect(cache.campaign(CAMPAIGN)).toBeNull()
    expect(cache.campaigns()).toEqual([])

    const a = sync(cache, CAMPAIGN, makeContributions(100), {
      expectedCount: 103,
      privileged: true,
    })
    expect(a).toEqual({
      campaignId: CAMPAIGN,
      lastSyncedAt: '2024-05-01T10:00:00.000Z',
      count: 100,
      problemCount: 0,
      expectedCount: 103,
      privileged: true,
      title: null,
    })
    time.advance(3_600_000)
    sync(cache, 9002, makeContributions(7, { campaignId: 9002, unprivileged: true }), {
      expectedCount: 7,
      privileged: false,
    })
    cache.setCampaignTitle(CAMPAIGN, 'Solar Lamp')
    // A title may come before the first sync; the campaign is listed only once synced.
    cache.setCampaignTitle(9003, 'Not synced yet')

    expect(cache.campaigns()).toEqual([
      {
        campaignId: 9002,
        lastSyncedAt: '2024-05-01T11:00:00.000Z',
        count: 7,
        problemCount: 0,
        expectedCount: 7,
        privileged: false,
        title: null,
      },
      { ...a, title: 'Solar Lamp' },
    ])
    expect(cache.campaign(9003)).toBeNull()

    time.advance(3_600_000)
    sync(cache, CAMPAIGN, makeContributions(50), { expectedCount: 50, privileged: false })
    sync(cache, 9003, makeContributions(2, { campaignId: 9003 }))
    cache.close()

    const reopened = open(dir, time.now)
    expect(reopened.campaigns().map((info) => [info.campaignId, info.title])).toEqual([
      [9003, 'Not synced yet'],
      [CAMPAIGN, 'Solar Lamp'],
      [9002, null],
    ])
    expect(reopened.campaign(CAMPAIGN)).toMatchObject({
      lastSyncedAt: '2024-05-01T12:00:00.000Z',
      count: 50,
      privileged: false,
    })
    expect(reopened.contributionCount(CAMPAIGN)).toBe(50)
    expect(reopened.contributionCount(424242)).toBe(0)
  })

  it('keeps documents by kind and key, with the time they were saved', () => {
    const time = clock('2024-06-01T08:00:00.000Z')
    const dir = tempDir()
    const cache = open(dir, time.now)
    const signups = [{ email: 'a@example.com', signup_time: '2024-05-30T10:00:00+02:00' }]
    cache.putDocument('signups', String(CAMPAIGN), signups)
    cache.putDocument('batch-status', 'job-1', { status: 'working', number_processed: 3 })
    expect(cache.getDocument('signups', String(CAMPAIGN))).toEqual({
      value: signups,
      savedAt: '2024-06-01T08:00:00.000Z',
    })
    expect(cache.getDocument('signups', 'job-1')).toBeNull()
    expect(cache.getDocument('nothing', 'here')).toBeNull()

    time.advance(5_000)
    cache.putDocument('batch-status', 'job-1', { status: 'completed', number_processed: 9 })
    expect(cache.getDocument('batch-status', 'job-1')).toEqual({
      value: { status: 'completed', number_processed: 9 },
      savedAt: '2024-06-01T08:00:05.000Z',
    })
    expect(() => cache.putDocument('x', 'y', undefined)).toThrow(/has no JSON form/)

    cache.close()
    expect(open(dir).getDocument<typeof signups>('signups', String(CAMPAIGN))?.value).toEqual(
      signups,
    )
  })
})

describe('offline cache: files, migrations, damage', () => {
  it('creates the data directory (private) and a fresh file at the latest schema', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const cache = open(dir)
    expect(cache.path).toBe(path.join(dir, `cache-${PROFILE}.sqlite`))
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length)
    expect(inspect(cache.path, (db) => db.pragma('user_version', { simple: true }))).toBe(
      SCHEMA_VERSION,
    )
    expect(inspect(cache.path, (db) => db.pragma('journal_mode', { simple: true }))).toBe('wal')
  })

  // POSIX modes: Windows has none to check (its folder ACLs are the user's by default).
  it.skipIf(process.platform === 'win32')('keeps the data folder and the cache to the user', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const cache = open(dir)
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(cache.path).mode & 0o077).toBe(0)
  })

  it('says which data directory cannot be used when it is not a folder', () => {
    const notADir = path.join(tempDir(), 'file')
    fs.writeFileSync(notADir, '')
    expect(() => openCache({ dataDir: notADir, profile: PROFILE })).toThrow(
      `The data directory ${notADir} cannot hold the offline cache`,
    )
  })

  it('refuses a profile name that would escape the data directory', () => {
    expect(() => openCache({ dataDir: tempDir(), profile: '../elsewhere' })).toThrow(
      /cannot be used in a file name/,
    )
  })

  it('refuses a file written by a newer PerkPack and leaves it untouched', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    inspect(file, (db) => {
      db.exec('CREATE TABLE from_the_future (x)')
      db.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    })
    expect(() => open(dir)).toThrow(
      `This cache was written by a newer PerkPack (schema ${SCHEMA_VERSION + 1}); update PerkPack or choose another data directory.`,
    )
    inspect(file, (db) => {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1)
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete')
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck()
      expect(tables.all()).toEqual(['from_the_future'])
    })
  })

  it('upgrades a version 1 file to the latest and keeps its data', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    const row = makeContribution(3)
    // Written as PerkPack at schema 1 would have written it.
    inspect(file, (db) => {
      migrate(db, 1)
      db.prepare(
        `INSERT INTO campaigns (campaign_id, title, last_synced_at, contribution_count,
           expected_count, privileged) VALUES (?, 'Old title', '2024-01-02T03:04:05.000Z', 1, 1, 1)`,
      ).run(CAMPAIGN)
      db.prepare(
        `INSERT INTO contributions (campaign_id, id, created_at, status, country, email,
           sequence_number, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        CAMPAIGN,
        row.id,
        row.created_at,
        'fulfilled',
        'CA',
        'backer.3@example.test',
        4,
        JSON.stringify(row),
      )
      db.prepare(
        'INSERT INTO contribution_perks (campaign_id, contribution_id, perk_id) VALUES (?, ?, 501)',
      ).run(CAMPAIGN, row.id)
    })
    expect(inspect(file, (db) => db.pragma('user_version', { simple: true }))).toBe(1)

    const cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(cache.contributions(CAMPAIGN)).toEqual([row])
    expect(ids(cache.contributions(CAMPAIGN, { perkId: 501 }))).toEqual([row.id])
    expect(cache.campaign(CAMPAIGN)).toMatchObject({ title: 'Old title', count: 1 })
    cache.putDocument('signups', '1', [])
    expect(cache.getDocument('signups', '1')?.value).toEqual([])
  })

  it('runs each migration in a transaction: a failing step leaves the version before it', () => {
    const db = new Database(':memory:')
    const failing = [
      ...MIGRATIONS.slice(0, 1),
      (d: Database.Database) => {
        d.exec('CREATE TABLE half_done (x)')
        throw new Error('disk on fire')
      },
    ]
    expect(() => migrate(db, 2, failing)).toThrow('disk on fire')
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").all()
    expect(tables).toEqual([])
    db.close()
  })

  it('names the file and the fix when the file is not a SQLite database', () => {
    const dir = tempDir()
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    fs.writeFileSync(file, 'These are my notes, not a database.\n'.repeat(200))
    let error: unknown
    try {
      open(dir)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(CacheError)
    expect((error as CacheError).code).toBe('cache_damaged')
    const message = (error as Error).message
    expect(message).toContain(file)
    expect(message).toMatch(/damaged or is not a PerkPack cache/)
    expect(message).toMatch(/move that file away or delete it/)
    expect(message).toMatch(/synced again/)
    // Nobody's file is deleted behind their back.
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^These are my notes/)
  })

  it('names the file and the fix when a real cache file is damaged inside', () => {
    const dir = tempDir()
    const cache = open(dir)
    sync(cache, CAMPAIGN, makeContributions(20))
    cache.close()
    // Wreck the schema page (page 1 after the 100-byte header), as a bad disk sector would.
    const fd = fs.openSync(cache.path, 'r+')
    fs.writeSync(fd, Buffer.alloc(4000, 0xab), 0, 4000, 100)
    fs.closeSync(fd)
    expect(() => open(dir)).toThrow(/is damaged or is not a PerkPack cache.*delete it/s)
  })

  it('wipeCacheFiles deletes the database with its -wal and -shm files', () => {
    const dir = tempDir()
    const cache = open(dir)
    sync(cache, CAMPAIGN, makeContributions(10))
    const files = [cache.path, `${cache.path}-wal`, `${cache.path}-shm`]
    for (const file of files) expect(fs.existsSync(file), file).toBe(true)

    wipeCacheFiles(dir, PROFILE)
    for (const file of files) expect(fs.existsSync(file), file).toBe(false)
    // The open handle was closed rather than left writing to an unlinked file.
    expect(() => cache.contributions(CAMPAIGN)).toThrow()
    expect(open(dir).contributionCount(CAMPAIGN)).toBe(0)
    expect(() => wipeCacheFiles(dir, 'no-such-profile')).not.toThrow()
  })

  it('on open, drops staging rows of syncs whose process is gone, and keeps live ones', () => {
    const dir = tempDir()
    const cache = open(dir)
    const live = cache.beginSnapshot(CAMPAIGN)
    live.add(asReceived(makeContributions(5)))
    // A process that has certainly exited, and one that certainly runs (our parent).
    const deadPid = spawnSync(process.execPath, ['-e', 'process.pid']).pid!
    inspect(cache.path, (db) => {
      const sync = db.prepare(
        `INSERT INTO staging_syncs (sync_id, campaign_id, owner, pid, started_at)
         VALUES (?, ?, 'other', ?, '2024-01-01T00:00:00Z')`,
      )
      const row = db.prepare(
        `INSERT INTO staging_contributions (sync_key, id, created_at, raw, perk_ids, sku_codes)
         VALUES (?, 1, '2024-01-01T00:00:00Z', '[0]', '[]', '[]')`,
      )
      row.run(sync.run('dead-sync', 1, deadPid).lastInsertRowid)
      row.run(sync.run('running-sync', 2, process.ppid).lastInsertRowid)
    })
    expect(stagingCounts(cache.path)).toEqual({ syncs: 3, rows: 7 })

    open(dir)
    const left = inspect(cache.path, (db) =>
      db.prepare('SELECT sync_id FROM staging_syncs ORDER BY sync_id').pluck().all(),
    )
    expect(left).toEqual([live.syncId, 'running-sync'].sort())
    // The live sync of the first handle still works.
    live.add(asReceived(makeContributions(5, {}, 5)))
    expect(live.commit({ expectedCount: 10, privileged: true }).count).toBe(10)
  })
})

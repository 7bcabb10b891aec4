import type Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../../../../src/main/core/cache'
import type { ContributionQuery } from '../../../../src/main/core/cache'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { cacheDir, withCacheFile } from '../../../helpers/cache-fixtures'
import { cleanup, openTestCache } from '../../../helpers/harness'
import { asReceived } from '../../../helpers/model'
import { writeV6Cache } from '../../../helpers/v6-cache'
import { makeContributions, newestFirst } from '../../fixtures/contributions'

const PROFILE = 'v6-user'
const CAMPAIGN = 7001
const OTHER = 9002
const SYNCED_AT = '2024-03-04T05:06:07.000Z'

afterEach(cleanup)

const open = (dir: string) => openTestCache(dir, PROFILE)

const count = (db: Database.Database, sql: string) => db.prepare(sql).pluck().get() as number
const texts = (rows: readonly unknown[]) => rows.map((row) => JSON.stringify(row))
const ids = (rows: readonly CampaignContribution[]) => rows.map((row) => row.id)

/** A row whose raw form differs from the model's: the migration must keep both forms. */
function drifted(row: CampaignContribution) {
  return { model: row, raw: { ...row, amount: String(row.amount), extra_field: 'kept' } }
}

const QUERIES: ContributionQuery[] = [
  { statuses: ['pending'] },
  { perkId: 501 },
  { country: 'US' },
  { skuCode: 'BOOK-HC', country: 'CA' },
]

function matches(row: CampaignContribution, query: ContributionQuery): boolean {
  return (
    (!query.statuses || query.statuses.includes(row.order.status)) &&
    (query.perkId === undefined || row.order.perks.some((p) => p.id === query.perkId)) &&
    (!query.country || row.order.shipping?.country === query.country) &&
    (!query.skuCode ||
      row.order.perks.some((p) => p.items.some((i) => i.sku.code === query.skuCode)))
  )
}

describe('offline cache: a schema 6 file moves to rows keyed by their sync (v7)', () => {
  it('keeps every row, both forms of drifted rows, every filter and a live sync', () => {
    const { dir, file } = cacheDir(PROFILE, 'perkpack-v7-')
    const rows = makeContributions(300)
    const other = makeContributions(40, { campaignId: OTHER, idBase: 5_000_000 })
    const staged = makeContributions(25, { campaignId: OTHER, idBase: 6_000_000 })
    writeV6Cache(
      file,
      [
        {
          campaignId: CAMPAIGN,
          rows: [...asReceived(rows.slice(3)), ...rows.slice(0, 3).map(drifted)],
          syncedAt: SYNCED_AT,
        },
        { campaignId: OTHER, rows: asReceived(other), syncedAt: SYNCED_AT },
      ],
      // A sync another, still running process has under way: its rows are not ours to drop.
      [{ campaignId: OTHER, rows: asReceived(staged), pid: process.ppid }],
    )
    const sides = (db: Database.Database) => ({
      perks: count(db, 'SELECT count(*) FROM contribution_perks'),
      skus: count(db, 'SELECT count(*) FROM contribution_skus'),
      staged: count(db, 'SELECT count(*) FROM staging_contributions'),
    })
    expect(withCacheFile(file, (db) => db.pragma('user_version', { simple: true }))).toBe(6)
    const before = withCacheFile(file, sides)
    expect(before.staged).toBe(25)

    const cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(SCHEMA_VERSION).toBe(11)
    expect(withCacheFile(file, sides)).toEqual(before)

    expect(cache.campaign(CAMPAIGN)).toMatchObject({ count: 300, expectedCount: 300 })
    expect(cache.contributionCount(OTHER)).toBe(40)
    expect(texts(cache.contributions(CAMPAIGN))).toEqual(texts(newestFirst(rows)))
    expect(texts(cache.contributions(OTHER))).toEqual(texts(newestFirst(other)))
    const raws = cache.rawContributions(CAMPAIGN) as { id: number; extra_field?: string }[]
    expect(
      raws
        .filter((raw) => raw.extra_field === 'kept')
        .map((raw) => raw.id)
        .sort(),
    ).toEqual(
      rows
        .slice(0, 3)
        .map((row) => row.id)
        .sort(),
    )
    const email = rows[7]!.email!.toUpperCase()
    expect(ids(cache.contributions(CAMPAIGN, { email }))).toEqual([rows[7]!.id])
    for (const query of QUERIES) {
      const expected = ids(newestFirst(rows.filter((row) => matches(row, query))))
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0)
      expect(ids(cache.contributions(CAMPAIGN, query)), JSON.stringify(query)).toEqual(expected)
    }
  })

  it('a sync on the migrated file replaces the converted snapshot and leaves none of its rows', () => {
    const { dir, file } = cacheDir(PROFILE, 'perkpack-v7-')
    const rows = makeContributions(120)
    writeV6Cache(file, [{ campaignId: CAMPAIGN, rows: asReceived(rows), syncedAt: SYNCED_AT }])
    const cache = open(dir)
    const next = makeContributions(30, { idBase: 2_000_000 })
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(next))
    expect(writer.commit({ expectedCount: 30, privileged: true })).toMatchObject({ count: 30 })

    expect(ids(cache.contributions(CAMPAIGN))).toEqual(ids(newestFirst(next)))
    expect(ids(cache.contributions(CAMPAIGN, { perkId: 501 }))).toEqual(
      ids(newestFirst(next.filter((row) => row.order.perks.some((p) => p.id === 501)))),
    )
    cache.close()
    expect(
      withCacheFile(file, (db) => ({
        rows: count(db, 'SELECT count(*) FROM contributions'),
        perks: count(db, 'SELECT count(DISTINCT sync_key) FROM contribution_perks'),
        replaced: count(db, 'SELECT count(*) FROM replaced_snapshots'),
      })),
    ).toEqual({ rows: 30, perks: 1, replaced: 0 })
  })
})

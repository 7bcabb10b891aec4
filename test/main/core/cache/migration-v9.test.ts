import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../../../../src/main/core/cache'
import { cacheDir, syncRows, withCacheFile, writeOldCache } from '../../../helpers/cache-fixtures'
import { cleanup, openTestCache } from '../../../helpers/harness'
import { makeContributions } from '../../fixtures/contributions'
import { CATALOG } from '../../../shared/catalog/catalog-fixtures'

const PROFILE = 'v7-user'
const CAMPAIGN = 7001

afterEach(cleanup)

const open = (dir: string) => openTestCache(dir, PROFILE)

describe('schema v9: the SKU catalogue', () => {
  it('adds the catalogue table to a v8 file and keeps what the file held', () => {
    const { dir } = writeOldCache(PROFILE, 'perkpack-v9-', 8, (db) => {
      db.prepare(
        "INSERT INTO floor_orders (campaign_id, order_id, packed_at, station) VALUES (?, ?, '2026-01-01T00:00:00Z', 'Desk 1')",
      ).run(CAMPAIGN, 42)
    })

    const cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(SCHEMA_VERSION).toBe(11)
    expect(cache.floor().state(CAMPAIGN, 42)?.station).toBe('Desk 1')
    expect(cache.catalog().load(CAMPAIGN)).toEqual({
      catalog: { items: [], packaging: [], pledgeShare: 1 },
      updatedAt: null,
    })
  })

  it('keeps a saved catalogue across a re-sync and a reopening', () => {
    const { dir } = cacheDir(PROFILE, 'perkpack-v9-')
    const cache = open(dir)
    cache.catalog().save(CAMPAIGN, CATALOG, '2026-05-01T00:00:00.000Z')
    const rows = makeContributions(40)
    for (let round = 0; round < 2; round++) syncRows(cache, CAMPAIGN, rows)
    cache.close()
    expect(open(dir).catalog().load(CAMPAIGN)).toEqual({
      catalog: CATALOG,
      updatedAt: '2026-05-01T00:00:00.000Z',
    })
  })

  it('refuses to save a catalogue a reader would refuse, and keeps the one before', () => {
    const { dir } = cacheDir(PROFILE, 'perkpack-v9-')
    const store = open(dir).catalog()
    store.save(CAMPAIGN, CATALOG)
    const bad = { ...CATALOG, items: [{ sku: 'TEE', variant: null, hsCode: '12' }] }
    expect(() => store.save(CAMPAIGN, bad)).toThrow()
    expect(store.load(CAMPAIGN).catalog).toEqual(CATALOG)
  })

  it('reads a stored catalogue row by row, leaving out a row it cannot read', () => {
    const { dir, file } = cacheDir(PROFILE, 'perkpack-v9-')
    open(dir).close()
    withCacheFile(file, (db) =>
      db.prepare('INSERT INTO catalogs VALUES (?, ?, ?)').run(
        CAMPAIGN,
        JSON.stringify({
          ...CATALOG,
          items: [...CATALOG.items, { sku: 'BAD', variant: null, weightG: -5 }],
        }),
        '2026-05-01T00:00:00.000Z',
      ),
    )
    expect(open(dir).catalog().load(CAMPAIGN).catalog).toEqual(CATALOG)
  })
})

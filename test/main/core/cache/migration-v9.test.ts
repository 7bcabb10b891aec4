import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION, openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { migrate } from '../../../../src/main/core/cache/schema'
import { asReceived } from '../../../helpers/model'
import { makeContributions } from '../../fixtures/contributions'
import { CATALOG } from '../../../shared/catalog/catalog-fixtures'

const PROFILE = 'v7-user'
const CAMPAIGN = 7001
const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function setUp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-v9-'))
  dirs.push(dir)
  return { dir, file: path.join(dir, `cache-${PROFILE}.sqlite`) }
}

function open(dir: string): OfflineCache {
  const cache = openCache({ dataDir: dir, profile: PROFILE })
  opened.push(cache)
  return cache
}

describe('schema v9: the SKU catalogue', () => {
  it('adds the catalogue table to a v8 file and keeps what the file held', () => {
    const { dir, file } = setUp()
    const db = new Database(file)
    migrate(db, 8)
    db.prepare(
      "INSERT INTO floor_orders (campaign_id, order_id, packed_at, station) VALUES (?, ?, '2026-01-01T00:00:00Z', 'Desk 1')",
    ).run(CAMPAIGN, 42)
    db.close()

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
    const { dir } = setUp()
    const cache = open(dir)
    cache.catalog().save(CAMPAIGN, CATALOG, '2026-05-01T00:00:00.000Z')
    const rows = makeContributions(40)
    for (let round = 0; round < 2; round++) {
      const writer = cache.beginSnapshot(CAMPAIGN)
      writer.add(asReceived(rows))
      writer.commit({ expectedCount: rows.length, privileged: true })
    }
    cache.close()
    expect(open(dir).catalog().load(CAMPAIGN)).toEqual({
      catalog: CATALOG,
      updatedAt: '2026-05-01T00:00:00.000Z',
    })
  })

  it('refuses to save a catalogue a reader would refuse, and keeps the one before', () => {
    const { dir } = setUp()
    const store = open(dir).catalog()
    store.save(CAMPAIGN, CATALOG)
    const bad = { ...CATALOG, items: [{ sku: 'TEE', variant: null, hsCode: '12' }] }
    expect(() => store.save(CAMPAIGN, bad)).toThrow()
    expect(store.load(CAMPAIGN).catalog).toEqual(CATALOG)
  })

  it('reads a stored catalogue row by row, leaving out a row it cannot read', () => {
    const { dir, file } = setUp()
    open(dir).close()
    opened.length = 0
    const db = new Database(file)
    db.prepare('INSERT INTO catalogs VALUES (?, ?, ?)').run(
      CAMPAIGN,
      JSON.stringify({
        ...CATALOG,
        items: [...CATALOG.items, { sku: 'BAD', variant: null, weightG: -5 }],
      }),
      '2026-05-01T00:00:00.000Z',
    )
    db.close()
    expect(open(dir).catalog().load(CAMPAIGN).catalog).toEqual(CATALOG)
  })
})

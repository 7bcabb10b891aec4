import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION, openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { migrate } from '../../../../src/main/core/cache/schema'

const PROFILE = 'v10-user'
const CAMPAIGN = 7001
const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function setUp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-v11-'))
  dirs.push(dir)
  return { dir, file: path.join(dir, `cache-${PROFILE}.sqlite`) }
}

function open(dir: string): OfflineCache {
  const cache = openCache({ dataDir: dir, profile: PROFILE })
  opened.push(cache)
  return cache
}

describe('schema v11: partial shipments parcels', () => {
  it('keeps a v10 wave whole and its open orders, and takes parcels from then on', () => {
    const { dir, file } = setUp()
    const db = new Database(file)
    migrate(db, 10)
    db.prepare(
      `INSERT INTO floor_waves (campaign_id, name, status, created_at, created_by)
       VALUES (?, 'Old wave', 'open', '2026-01-01T00:00:00Z', 'Desk O')`,
    ).run(CAMPAIGN)
    for (const [position, orderId] of [5, 6].entries())
      db.prepare(
        `INSERT INTO floor_wave_orders (campaign_id, name, position, order_id, open_wave)
         VALUES (?, 'Old wave', ?, ?, 'Old wave')`,
      ).run(CAMPAIGN, position, orderId)
    db.close()

    const cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(SCHEMA_VERSION).toBe(11)
    const plan = cache.floorPlan()
    expect(plan.waves.wave(CAMPAIGN, 'Old wave')).toMatchObject({ orderIds: [5, 6], parcels: [] })
    expect(plan.waves.openWaveCuts(CAMPAIGN).size).toBe(0)
    expect(plan.waves.openWaveOf(CAMPAIGN, 6)).toBe('Old wave')
    const cut = [{ variantKey: 'TEE|Size=M', quantity: 1 }]
    plan.waves.create(CAMPAIGN, 'Part', [7, 8], 'Desk A', undefined, [{ orderId: 8, lines: cut }])
    expect(plan.parcels.record(CAMPAIGN, 8, 'Part', cut, 'Desk A')).toBe(true)
    expect(plan.parcels.record(CAMPAIGN, 8, 'Part', cut, 'Desk B')).toBe(false)
    cache.close()

    const again = open(dir).floorPlan()
    expect(again.waves.wave(CAMPAIGN, 'Part')).toMatchObject({
      orderIds: [7, 8],
      parcels: [{ orderId: 8, lines: cut }],
    })
    expect(again.waves.openWaveCuts(CAMPAIGN).get(8)).toEqual({ name: 'Part', cut })
    expect(again.parcels.packed(CAMPAIGN)).toEqual(new Map([[8, [{ wave: 'Part', lines: cut }]]]))
    expect(again.parcels.drop(CAMPAIGN, 8, 'Part', 'Desk A')).toBe(true)
    expect(again.parcels.packed(CAMPAIGN).size).toBe(0)
  })
})

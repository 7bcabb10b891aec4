import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../../../../src/main/core/cache'
import { writeOldCache } from '../../../helpers/cache-fixtures'
import { cleanup, openTestCache } from '../../../helpers/harness'

const PROFILE = 'v10-user'
const CAMPAIGN = 7001

afterEach(cleanup)

const open = (dir: string) => openTestCache(dir, PROFILE)

describe('schema v11: partial shipments parcels', () => {
  it('keeps a v10 wave whole and its open orders, and takes parcels from then on', () => {
    const { dir } = writeOldCache(PROFILE, 'perkpack-v11-', 10, (db) => {
      db.prepare(
        `INSERT INTO floor_waves (campaign_id, name, status, created_at, created_by)
         VALUES (?, 'Old wave', 'open', '2026-01-01T00:00:00Z', 'Desk O')`,
      ).run(CAMPAIGN)
      for (const [position, orderId] of [5, 6].entries())
        db.prepare(
          `INSERT INTO floor_wave_orders (campaign_id, name, position, order_id, open_wave)
           VALUES (?, 'Old wave', ?, ?, 'Old wave')`,
        ).run(CAMPAIGN, position, orderId)
    })

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

import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { importDashboardExport } from '../../../../src/main/core/dashboard/dashboard-import'
import { openDashboardExport } from '../../../../src/main/core/dashboard/dashboard-export'
import type { AddressParts } from '../../../../src/shared/corrections/correction-types'
import { cacheDir, syncRows, withCacheFile, writeThenKill } from '../../../helpers/cache-fixtures'
import { cleanup, openTestCache, tempDir } from '../../../helpers/harness'
import { asReceived } from '../../../helpers/model'
import { writeV6Cache } from '../../../helpers/v6-cache'
import { dashboardCampaign } from '../../fixtures/dashboard-campaign'
import { makeContributions } from '../../fixtures/contributions'

const PROFILE = 'plan-test'
const CAMPAIGN = 7001
const AT = new Date('2026-11-20T10:42:00.000Z')

afterEach(cleanup)

const open = (dataDir: string) => openTestCache(dataDir, PROFILE)

function reopen(cache: OfflineCache, dir: string): OfflineCache {
  cache.close()
  return open(dir)
}

const CORRECTED: AddressParts = {
  name: 'Ada Lovelace',
  address: '12 New Street',
  address2: null,
  city: 'Leeds',
  state: null,
  zipcode: 'LS1 4AP',
  country: 'GB',
  phone_number: null,
}

/** Writes one of everything the plan keeps, for order `orderId`. */
function writePlan(cache: OfflineCache, campaignId: number, orderId: number) {
  const plan = cache.floorPlan()
  plan.stock.set(
    campaignId,
    [{ skuCode: 'TEE', choices: [{ name: 'Size', value: 'M' }], quantity: 12 }],
    'set',
    'Desk A',
    AT,
  )
  plan.waves.create(campaignId, 'Wave 1', [orderId], 'Desk A', AT)
  plan.corrections.correct(
    campaignId,
    {
      orderId,
      address: CORRECTED,
      platformAddress: null,
      reason: 'e-mail of 20 Nov',
      by: 'Desk A',
    },
    AT,
  )
  plan.corrections.hold(campaignId, orderId + 1, 'customs question', 'Desk A', AT)
  plan.corrections.addReship(
    campaignId,
    { orderId, items: [{ variantKey: 'TEE|Size=M', quantity: 1 }], reason: 'lost', by: 'Desk A' },
    AT,
  )
}

function readPlan(cache: OfflineCache, campaignId: number) {
  const plan = cache.floorPlan()
  return {
    stock: plan.stock.levels(campaignId).map((level) => [level.variantKey, level.quantity]),
    waves: plan.waves.list(campaignId).map((wave) => [wave.name, wave.status, wave.orderIds]),
    corrections: [...plan.corrections.corrections(campaignId).values()].map((c) => [
      c.orderId,
      c.address.address,
    ]),
    holds: [...plan.corrections.activeHolds(campaignId).keys()],
    reships: plan.corrections.reships(campaignId).map((r) => [r.orderId, r.items]),
  }
}

describe('stock on hand', () => {
  it('keeps a level per variant and every change in its history, packs and unpacks included', () => {
    const stock = open(tempDir('perkpack-plan-')).floorPlan().stock
    const tee = { skuCode: 'TEE', choices: [{ name: 'Size', value: 'M' }] }
    stock.set(CAMPAIGN, [{ ...tee, quantity: 10 }], 'set', 'Desk A', AT)
    stock.set(CAMPAIGN, [{ ...tee, quantity: 10 }], 'import', 'Desk A', AT)
    stock.adjust(
      CAMPAIGN,
      [{ ...tee, variantKey: 'TEE|Size=M', delta: -3 }],
      'pack',
      501,
      'Desk B',
      AT,
    )
    stock.adjust(
      CAMPAIGN,
      [{ ...tee, variantKey: 'TEE|Size=M', delta: 1 }],
      'unpack',
      501,
      'Desk B',
      AT,
    )

    expect(stock.levels(CAMPAIGN)).toMatchObject([{ variantKey: 'TEE|Size=M', quantity: 8 }])
    expect(
      stock.history(CAMPAIGN, 'TEE|Size=M').map((c) => [c.reason, c.delta, c.quantity, c.orderId]),
    ).toEqual([
      ['set', 10, 10, null],
      ['pack', -3, 7, 501],
      ['unpack', 1, 8, 501],
    ])
  })

  it('lets a pack take a level below zero rather than refuse the box', () => {
    const stock = open(tempDir('perkpack-plan-')).floorPlan().stock
    stock.adjust(
      CAMPAIGN,
      [{ variantKey: 'MUG', skuCode: 'MUG', choices: [], delta: -2 }],
      'pack',
      9,
      'Desk A',
      AT,
    )
    expect(stock.levels(CAMPAIGN)).toMatchObject([{ variantKey: 'MUG', quantity: -2 }])
  })
})

describe('waves', () => {
  it('freezes the order list and keeps an order in one open wave at a time', () => {
    const waves = open(tempDir('perkpack-plan-')).floorPlan().waves
    waves.create(CAMPAIGN, 'Wave 1', [3, 1, 2], 'Desk A', AT)

    expect(() => waves.create(CAMPAIGN, 'Wave 2', [4, 2], 'Desk A', AT)).toThrow(
      /already in the open wave "Wave 1".*Close that wave first/,
    )
    expect(() => waves.create(CAMPAIGN, 'Wave 1', [9], 'Desk A', AT)).toThrow(
      /give the new wave another name/,
    )
    expect(waves.wave(CAMPAIGN, 'Wave 2')).toBeNull()

    expect(waves.close(CAMPAIGN, 'Wave 1', AT)).toBe(true)
    expect(waves.close(CAMPAIGN, 'Wave 1', AT)).toBe(false)
    waves.create(CAMPAIGN, 'Wave 2', [4, 2], 'Desk A', AT)
    expect(waves.list(CAMPAIGN).map((w) => [w.name, w.status, w.orderIds])).toEqual([
      ['Wave 1', 'closed', [3, 1, 2]],
      ['Wave 2', 'open', [4, 2]],
    ])
    expect([...waves.openWaveOrders(CAMPAIGN)]).toEqual([
      [4, 'Wave 2'],
      [2, 'Wave 2'],
    ])
  })

  it("gives a wave a revision that its closing changes (the wave filter's memo key)", () => {
    const waves = open(tempDir('perkpack-plan-')).floorPlan().waves
    expect(waves.revision(CAMPAIGN, 'Wave 1')).toBeNull()
    waves.create(CAMPAIGN, 'Wave 1', [3, 1], 'Desk A', AT)
    const made = waves.revision(CAMPAIGN, 'Wave 1')
    expect(made).not.toBeNull()
    expect(made).not.toContain('3')
    waves.close(CAMPAIGN, 'Wave 1', AT)
    expect(waves.revision(CAMPAIGN, 'Wave 1')).not.toBe(made)
  })
})

describe('holds, corrections and reships', () => {
  it('holds once, releases, and keeps the released hold in the record', () => {
    const corrections = open(tempDir('perkpack-plan-')).floorPlan().corrections
    expect(corrections.hold(CAMPAIGN, 5, 'combine with #6', 'Desk A', AT)).toBe(true)
    expect(corrections.hold(CAMPAIGN, 5, 'again', 'Desk B', AT)).toBe(false)
    expect(corrections.activeHolds(CAMPAIGN).get(5)?.reason).toBe('combine with #6')
    expect(corrections.release(CAMPAIGN, 5, 'Desk B', AT)).toBe(true)
    expect(corrections.release(CAMPAIGN, 5, 'Desk B', AT)).toBe(false)
    expect(corrections.activeHolds(CAMPAIGN).size).toBe(0)
    expect(corrections.holds(CAMPAIGN)).toMatchObject([{ orderId: 5, releasedBy: 'Desk B' }])
  })

  it('keeps a correction with the platform address it was made against; a new one replaces it', () => {
    const corrections = open(tempDir('perkpack-plan-')).floorPlan().corrections
    const platform = { ...CORRECTED, address: '1 Old Road' }
    corrections.correct(
      CAMPAIGN,
      { orderId: 5, address: CORRECTED, platformAddress: platform, reason: 'moved', by: 'Desk A' },
      AT,
    )
    corrections.correct(
      CAMPAIGN,
      {
        orderId: 5,
        address: { ...CORRECTED, city: 'York' },
        platformAddress: platform,
        reason: 'moved again',
        by: 'Desk A',
      },
      AT,
    )
    expect(corrections.corrections(CAMPAIGN).get(5)).toMatchObject({
      address: { city: 'York' },
      platformAddress: { address: '1 Old Road' },
      reason: 'moved again',
    })
    expect(corrections.dropCorrection(CAMPAIGN, 5)).toBe(true)
    expect(corrections.corrections(CAMPAIGN).size).toBe(0)
  })

  it('gives a reship its own tracking numbers, each kept once', () => {
    const corrections = open(tempDir('perkpack-plan-')).floorPlan().corrections
    const reship = corrections.addReship(
      CAMPAIGN,
      { orderId: 5, items: [{ variantKey: 'MUG', quantity: 1 }], reason: 'damaged', by: 'Desk A' },
      AT,
    )
    corrections.addReshipTracking(CAMPAIGN, reship.id, '1Z999')
    corrections.addReshipTracking(CAMPAIGN, reship.id, '1Z999')
    expect(corrections.reships(CAMPAIGN)).toMatchObject([
      { orderId: 5, trackingNumbers: ['1Z999'] },
    ])
    expect(corrections.addReshipTracking(CAMPAIGN, reship.id + 1, 'X')).toBeNull()
  })
})

describe('the plan survives what replaces the snapshot', () => {
  it('stays through re-syncs that drop and bring back the order', () => {
    const dir = tempDir('perkpack-plan-')
    let cache = open(dir)
    const rows = makeContributions(20, { campaignId: CAMPAIGN })
    syncRows(cache, CAMPAIGN, rows)
    const orderId = rows[3]!.order.id
    writePlan(cache, CAMPAIGN, orderId)
    const before = readPlan(cache, CAMPAIGN)

    syncRows(
      cache,
      CAMPAIGN,
      rows.filter((row) => row.order.id !== orderId),
    )
    syncRows(cache, CAMPAIGN, rows)
    cache = reopen(cache, dir)

    expect(readPlan(cache, CAMPAIGN)).toEqual(before)
    expect(before.stock).toEqual([['TEE|Size=M', 12]])
  })

  it('stays through a dashboard import replacing an API copy', () => {
    const { campaignId, apiRows, csv } = dashboardCampaign(30)
    const cache = open(tempDir('perkpack-plan-'))
    syncRows(cache, campaignId, apiRows)
    writePlan(cache, campaignId, apiRows[0]!.order.id)
    const before = readPlan(cache, campaignId)

    importDashboardExport(cache, campaignId, openDashboardExport(Buffer.from(csv), 'c.csv'), {
      fileName: 'c.csv',
    })

    expect(readPlan(cache, campaignId)).toEqual(before)
  })

  it('a schema 6 file moves to schema 8 with its snapshot, and the plan written there stays', () => {
    const { dir, file } = cacheDir(PROFILE, 'perkpack-plan-')
    const rows = makeContributions(10, { campaignId: CAMPAIGN })
    writeV6Cache(file, [
      { campaignId: CAMPAIGN, rows: asReceived(rows), syncedAt: AT.toISOString() },
    ])
    expect(withCacheFile(file, (db) => db.pragma('user_version', { simple: true }))).toBe(6)

    let cache = open(dir)
    expect(cache.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(cache.contributionCount(CAMPAIGN)).toBe(10)
    writePlan(cache, CAMPAIGN, rows[0]!.order.id)
    const before = readPlan(cache, CAMPAIGN)
    cache = reopen(cache, dir)
    expect(readPlan(cache, CAMPAIGN)).toEqual(before)
  })

  it('keeps what was written just before the process is killed', () => {
    const dir = tempDir('perkpack-plan-')
    const child = writeThenKill(
      dir,
      PROFILE,
      `const plan = cache.floorPlan()
      plan.stock.set(${CAMPAIGN}, [{ skuCode: 'TEE', choices: [], quantity: 4 }], 'set', 'Desk K')
      plan.waves.create(${CAMPAIGN}, 'Wave K', [501], 'Desk K')
      plan.corrections.hold(${CAMPAIGN}, 502, 'customs', 'Desk K')`,
    )
    expect(child.signal).toBe('SIGKILL')
    const plan = open(dir).floorPlan()
    expect(plan.stock.levels(CAMPAIGN)).toMatchObject([{ variantKey: 'TEE', quantity: 4 }])
    expect(plan.waves.wave(CAMPAIGN, 'Wave K')?.orderIds).toEqual([501])
    expect(plan.corrections.activeHolds(CAMPAIGN).has(502)).toBe(true)
  })
})
